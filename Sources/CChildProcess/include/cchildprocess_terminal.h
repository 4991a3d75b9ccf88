#ifndef CCHILDPROCESS_TERMINAL_H
#define CCHILDPROCESS_TERMINAL_H

// Handing the terminal to a program started in a process group of its own (an editor), and
// noticing when it is suspended. In C because glibc declares the spawn action behind
// _GNU_SOURCE, which Swift's Glibc module does not define, and because the wait-status macros
// (WIFSTOPPED, ...) are not visible from Swift.

#include <spawn.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Adds to `actions` the step that makes the child's process group the foreground group of
/// the terminal `terminal_fd`, taken in the child before it runs the program (glibc 2.35
/// and later: posix_spawn_file_actions_addtcsetpgrp_np). Use with POSIX_SPAWN_SETPGROUP.
///
/// Returns 0 when added, or an errno value (ENOSYS where the C library has no such step; the
/// caller then hands the terminal over from the parent, and a child that touches the terminal
/// first is stopped by SIGTTOU/SIGTTIN until it is continued).
int cchildprocess_spawn_add_take_terminal(posix_spawn_file_actions_t *actions, int terminal_fd);

// How a child changed, as cchildprocess_wait_change() reports it (plain macros rather than an
// enum so Swift sees them as Int32 on every platform).
#define CCHILDPROCESS_CHANGE_EXITED 0   // `value` is the exit status
#define CCHILDPROCESS_CHANGE_SIGNALED 1 // `value` is the signal that killed it
#define CCHILDPROCESS_CHANGE_STOPPED 2  // `value` is the signal that stopped it; it is not reaped

/// Waits until `pid` ends or is stopped (waitpid with WUNTRACED), retrying on EINTR.
///
/// Returns 0 with `*change` and `*value` set, or -1 with errno set.
int cchildprocess_wait_change(pid_t pid, int *change, int *value);

#ifdef __cplusplus
}
#endif

#endif
