#ifndef CCHILDPROCESS_H
#define CCHILDPROCESS_H

// Starting, watching and reaping a child process.
//
// These few functions live in C because the time between fork() and execve()
// may only use async-signal-safe calls (no allocation, no locks, no Swift
// runtime), and because the wait-status macros (WIFEXITED, ...) are not
// visible from Swift.

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

// The step that failed when a start did not succeed (plain macros rather
// than an enum so Swift sees them as Int32 on every platform).
#define CCHILDPROCESS_STEP_NONE 0
#define CCHILDPROCESS_STEP_PIPE 1      // parent: creating pipes or opening /dev/null
#define CCHILDPROCESS_STEP_FORK 2      // parent: fork()
#define CCHILDPROCESS_STEP_SETSID 3    // child: setsid()
#define CCHILDPROCESS_STEP_RLIMIT 4    // child: setrlimit()
#define CCHILDPROCESS_STEP_REDIRECT 5  // child: dup2() of stdin/stdout/stderr
#define CCHILDPROCESS_STEP_CHDIR 6     // child: chdir()
#define CCHILDPROCESS_STEP_EXEC 7      // child: execve()

/// What cchildprocess_start() hands back.
typedef struct {
    /// The child's process id; also its session and process-group id.
    pid_t pid;
    /// Read end of the child's standard output (close-on-exec).
    int stdout_fd;
    /// Read end of the child's standard error (close-on-exec).
    int stderr_fd;
    /// Becomes readable the moment the child ends (a Linux pidfd, close-on-exec), so the
    /// supervisor need not poll for the exit; -1 where the system has none.
    int exit_fd;
    /// Which step failed (CCHILDPROCESS_STEP_NONE on success).
    int failed_step;
    /// The errno of the failed step (0 on success).
    int error_number;
} cchildprocess_started;

/// Starts `path` with `argv` and `envp` (both NULL-terminated) in a new
/// session, with stdin from `stdin_fd` (or /dev/null when it is -1) and
/// stdout/stderr on fresh pipes.
///
/// `working_directory` may be NULL (inherit). `memory_limit` is the
/// RLIMIT_AS in bytes, or <= 0 for none. Core dumps are always disabled.
/// `stdin_fd` stays the caller's to close.
///
/// Returns 0 once the child has successfully called execve(), or -1 with
/// `failed_step` and `error_number` set (no process is left behind, no
/// descriptors are leaked).
int cchildprocess_start(const char *path,
                        char *const argv[],
                        char *const envp[],
                        const char *working_directory,
                        long long memory_limit,
                        int stdin_fd,
                        cchildprocess_started *out);

/// Creates a pipe whose two ends close on exec (no child inherits them).
/// Returns 0, or -1 with errno set.
int cchildprocess_pipe(int fds[2]);

/// Returns 1 if `pid` has terminated (it stays an unreaped zombie, so its
/// process-group id cannot be reused yet), 0 if it is still running, or -1
/// on error.
int cchildprocess_has_exited(pid_t pid);

/// Reaps `pid`, waiting if needed and retrying on EINTR.
///
/// On success returns 0 and sets `*signaled` to 1 if the child was killed by
/// a signal (`*value` is then the signal number) or 0 if it exited (`*value`
/// is then the exit status). Returns -1 with errno set on failure.
int cchildprocess_reap(pid_t pid, int *signaled, int *value);

#ifdef __cplusplus
}
#endif

#endif
