#ifndef CCHILDPROCESS_INTERNAL_H
#define CCHILDPROCESS_INTERNAL_H

// What the starting process (cchildprocess.c) hands to the reaper it forks
// (cchildprocess_reaper.c). Not part of the module's interface.

#include "cchildprocess.h"

#include <sys/resource.h>
#include <sys/types.h>

// Where the reaper puts the descriptors it works with, so that neither it nor
// the child has to remember numbers picked at run time. 0 to 2 become the
// child's standard streams; everything from CCHILDPROCESS_FD_FIRST_FREE on
// is closed.
#define CCHILDPROCESS_FD_REPORT 3
#define CCHILDPROCESS_FD_STOP 4
#define CCHILDPROCESS_FD_STATUS 5
#define CCHILDPROCESS_FD_RULESET 6  // the Landlock ruleset, for a confined child only
#define CCHILDPROCESS_FD_FIRST_FREE 7

/// A child's resource limits, worked out before fork() (see cchildprocess_plan_limits).
typedef struct {
    struct rlimit memory;
    struct rlimit file_size;
    struct rlimit processes;
    int has_memory;
    int has_file_size;
    int has_processes;
} cchildprocess_planned_limits;

/// Everything the reaper and the child need, worked out before fork(): after
/// it they may not allocate or take a lock.
typedef struct {
    /// The program to run; NULL for a run of a fork server (cchildprocess_fork_server.c),
    /// whose child goes on in the server's own program instead of starting one.
    const char *path;
    char *const *argv;
    char *const *envp;
    const char *working_directory;
    /// A fork server's run only: the variables to set in the child, "NAME=value" strings one
    /// after the other, each ended by a NUL, `environment_length` bytes in all.
    const char *environment;
    size_t environment_length;
    /// A fork server's run only: called by the reaper just before it forks the child, so that
    /// the child starts from what it leaves (see cchildprocess_fork_server.c); NULL: nothing.
    void (*before_fork)(void);

    // Descriptors in the starting process, moved by the reaper to their places.
    int stdin_fd;
    int stdout_fd;
    int stderr_fd;
    int report_fd;  // write end: why the start failed, if it did
    int stop_fd;    // read end: ends (reads as end of file) when the run must stop
    int status_fd;  // write end: the child's pid, then how it ended

    struct rlimit no_core;
    cchildprocess_planned_limits limits;
    int niceness;

    // Whether the child is confined, and with which Landlock ruleset (-1: none, the kernel
    // has no Landlock; seccomp still applies).
    int confined;
    int ruleset_fd;
} cchildprocess_plan;

/// What a process that failed before its work began writes into the report pipe.
typedef struct {
    int step;
    int error_number;
} cchildprocess_failure;

/// How the child ended, as the reaper reports it after the child's pid.
typedef struct {
    int signaled;
    int value;
} cchildprocess_status;

/// The reaper's whole life: places the descriptors, starts the child and
/// supervises it and its descendants until none is left. Never returns in the reaper; for a
/// fork server's run (`plan->path` NULL) it returns in the child, ready to run.
void cchildprocess_reaper_main(const cchildprocess_plan *plan);

/// Works out `limits` (NULL: none) as the child will apply them: lowered to this process's hard
/// limits, the process limit counted from what the system runs now.
void cchildprocess_plan_limits(const cchildprocess_limits *limits, cchildprocess_planned_limits *out);

/// Lowers each limit `limits` has to this process's hard limit where that is lower (a process
/// may not raise its hard limits): for limits planned in another process.
void cchildprocess_lower_to_own_limits(cchildprocess_planned_limits *limits);

/// Sets `out` to a start that has not happened: no process, no descriptor, no failure.
void cchildprocess_started_reset(cchildprocess_started *out, int reaper_is_foreign);

/// Waits until a reaper has started its child: the report pipe (`report_fd`, which is closed
/// here) ends once the child has started, or carries why it did not; the reaper has written
/// the child's pid to the status pipe before it let go of the report pipe. Returns the child's
/// pid, or -1 with `out->failed_step` and `out->error_number` set.
pid_t cchildprocess_await_child(int report_fd, int status_fd, cchildprocess_started *out);

/// Writes `{step, errno}` to `report_fd` and exits at once (no atexit handlers,
/// no stdio buffers copied from the parent).
void cchildprocess_fail(int report_fd, int step) __attribute__((noreturn));

/// Builds the Landlock ruleset of `confinement` (before fork: it opens each path). Returns
/// its descriptor (close-on-exec), or -1: with `*abi` 0 when the kernel has no Landlock, else
/// with errno set.
int cchildprocess_make_ruleset(const cchildprocess_confinement *confinement, int *abi);

/// In the child, before execve(): no new privileges, the ruleset (when `ruleset_fd` >= 0),
/// then the seccomp filter. Returns 0, or -1 with errno set.
int cchildprocess_apply_confinement(int ruleset_fd);

/// Writes all of `bytes` unless the descriptor fails; retries on EINTR.
void cchildprocess_write_fully(int fd, const void *bytes, size_t count);

#endif
