#ifndef CCHILDPROCESS_H
#define CCHILDPROCESS_H

// Starting, watching and reaping a child process, and everything it starts.
//
// These functions live in C because the time between fork() and execve()
// may only use async-signal-safe calls (no allocation, no locks, no Swift
// runtime), and because the wait-status macros (WIFEXITED, ...) are not
// visible from Swift.
//
// Every run has a reaper: a fork of this process that is a child subreaper
// (prctl PR_SET_CHILD_SUBREAPER) and the parent of the program. Whatever the
// program starts, in whatever process group or session, is re-parented to
// the reaper when its own parent ends, so it stays findable; the reaper ends
// all of it when the program has ended or when it is told to stop, and only
// then ends itself. See cchildprocess_reaper.c for why this and not a PID
// namespace or a cgroup.

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

// The step that failed when a start did not succeed (plain macros rather
// than an enum so Swift sees them as Int32 on every platform).
#define CCHILDPROCESS_STEP_NONE 0
#define CCHILDPROCESS_STEP_PIPE 1       // parent: creating pipes or opening /dev/null
#define CCHILDPROCESS_STEP_FORK 2       // parent or reaper: fork()
#define CCHILDPROCESS_STEP_SETSID 3     // child: setsid()
#define CCHILDPROCESS_STEP_RLIMIT 4     // child: setrlimit()
#define CCHILDPROCESS_STEP_REDIRECT 5   // reaper: placing the child's descriptors
#define CCHILDPROCESS_STEP_CHDIR 6      // child: chdir()
#define CCHILDPROCESS_STEP_EXEC 7       // child: execve()
#define CCHILDPROCESS_STEP_SUPERVISE 8  // reaper: becoming a child subreaper
#define CCHILDPROCESS_STEP_CONFINE 9    // parent: building the Landlock ruleset; child: applying it

/// The resource limits of a child; a value <= 0 means no limit. Core dumps are always off.
typedef struct {
    /// RLIMIT_AS: the most address space, in bytes.
    long long memory_bytes;
    /// RLIMIT_FSIZE: the largest file the child and its descendants may write, in bytes.
    long long file_size_bytes;
    /// RLIMIT_NPROC, set to the number of tasks (processes and threads) the system runs at
    /// the start plus this many. See cchildprocess_start.
    long long extra_processes;
    /// Added to the child's nice value (0: as the caller's), so that it yields the cores to
    /// work that is waited for sooner.
    int niceness;
} cchildprocess_limits;

/// What a confined child may touch (see cchildprocess_confine.c). Both lists end with NULL;
/// a path that does not exist is skipped. Everything else on the file system is out of reach,
/// and so are the network, other processes' signals, memory and tracing, whatever the lists.
typedef struct {
    /// Folders and files the child may read and execute (and list, for folders).
    const char *const *readable;
    /// Folders the child may read, write, create and remove in.
    const char *const *writable;
} cchildprocess_confinement;

/// The Landlock ABI version of the running kernel, 0 when it has no Landlock (or has it off).
int cchildprocess_landlock_abi(void);

/// Whether the running kernel filters system calls with seccomp (1) or not (0).
int cchildprocess_seccomp_supported(void);

/// What cchildprocess_start() hands back.
typedef struct {
    /// The run's reaper: the process to watch and to reap. It ends only once the child and
    /// everything the child started have ended.
    pid_t pid;
    /// The program itself, a child of the reaper; also its session and process-group id.
    pid_t child_pid;
    /// Read end of the child's standard output (close-on-exec).
    int stdout_fd;
    /// Read end of the child's standard error (close-on-exec).
    int stderr_fd;
    /// Becomes readable the moment the reaper ends (a Linux pidfd, close-on-exec), so the
    /// caller need not poll for it; -1 where the system has none.
    int exit_fd;
    /// Closing it tells the reaper to end the run: it kills the child and every descendant.
    /// The reaper does the same when this process dies, since that closes it too.
    int stop_fd;
    /// Where the reaper reports how the child ended; see cchildprocess_child_status().
    int status_fd;
    /// 1 when the reaper is a fork server's child rather than this process's (see
    /// cchildprocess_start_forked): it cannot be waited for or reaped here, and `exit_fd` is
    /// what says it has ended; 0 otherwise.
    int reaper_is_foreign;
    /// Which step failed (CCHILDPROCESS_STEP_NONE on success).
    int failed_step;
    /// The errno of the failed step (0 on success).
    int error_number;
} cchildprocess_started;

/// Starts `path` with `argv` and `envp` (both NULL-terminated) under a reaper
/// of its own, in a new session, with stdin from `stdin_fd` (or /dev/null
/// when it is -1) and stdout/stderr on fresh pipes.
///
/// `working_directory` may be NULL (inherit). `limits` may be NULL (none but
/// the core-dump one). RLIMIT_NPROC counts every process and thread of the
/// user, so it is set relative to what runs now: the system's task count
/// (from /proc/loadavg, all users, so never below the user's own) plus
/// `extra_processes`. Limits above the caller's own hard limits are lowered
/// to them. `stdin_fd` stays the caller's to close.
///
/// Returns 0 once the child has successfully called execve(), or -1 with
/// `failed_step` and `error_number` set (no process is left behind, no
/// descriptors are leaked). On success the caller closes `stop_fd` to end the
/// run early, waits for `pid` to end (`exit_fd`), reads the child's status
/// with cchildprocess_child_status(), reaps `pid` with cchildprocess_reap()
/// and closes the descriptors.
///
/// `confinement` may be NULL (the child may do whatever the user may). Otherwise the child is
/// confined from before execve() on, with everything it starts: Landlock where the kernel has
/// it (a ruleset that cannot be built fails the start with CCHILDPROCESS_STEP_CONFINE rather
/// than running unconfined), and seccomp. What a kernel lacks, cchildprocess_landlock_abi()
/// and cchildprocess_seccomp_supported() tell.
int cchildprocess_start(const char *path,
                        char *const argv[],
                        char *const envp[],
                        const char *working_directory,
                        const cchildprocess_limits *limits,
                        int stdin_fd,
                        const cchildprocess_confinement *confinement,
                        cchildprocess_started *out);

/// Whether this system can run a fork server (see cchildprocess_fork_server.c): it needs pidfds
/// (Linux 5.3), through which the starting process watches runs that are not its children.
int cchildprocess_fork_server_supported(void);

/// Creates the socket pair a fork server and its starting process talk over (close-on-exec,
/// message by message): one end becomes the server's standard input, the other is the
/// starting process's. Returns 0, or -1 with errno set.
int cchildprocess_fork_server_socket_pair(int fds[2]);

/// In the fork server's program, once it has loaded what its runs share: serves the run
/// requests arriving on `socket_fd` until that closes, then ends the program. Returns 0 only
/// in a run's child, ready to run: in its own session and folder, with its limits, its own
/// Landlock layer, its variables set, and nothing open but its standard streams. Returns -1
/// when it cannot serve at all. The program must be single-threaded when it calls this.
int cchildprocess_serve_forked_runs(int socket_fd);

/// Starts a run in the fork server at the other end of `socket_fd`, as cchildprocess_start()
/// starts a program: in `working_directory`, with `environment` ("NAME=value" strings, NULL
/// at the end) added to the server's variables, within `limits` (the niceness aside), with
/// stdin from `stdin_fd` (or /dev/null when it is -1; it stays the caller's to close), and,
/// when `confinement` is not NULL, in a Landlock layer of its own that may read what its
/// `readable` lists and write only in `working_directory` (its `writable` is not read). Fills
/// `out` as cchildprocess_start() does, with `reaper_is_foreign` set. One call at a time per
/// socket: a request and its reply.
int cchildprocess_start_forked(int socket_fd,
                               const char *working_directory,
                               char *const environment[],
                               const cchildprocess_limits *limits,
                               int stdin_fd,
                               const cchildprocess_confinement *confinement,
                               cchildprocess_started *out);

/// Reads how the child ended from a reaper that has ended: returns 0 and sets
/// `*signaled` and `*value` as cchildprocess_reap() does, or -1 if the reaper
/// ended without saying (it was killed).
int cchildprocess_child_status(int status_fd, int *signaled, int *value);

/// Creates a pipe whose two ends close on exec (no child inherits them).
/// Returns 0, or -1 with errno set.
int cchildprocess_pipe(int fds[2]);

/// Returns 1 if `pid` has terminated (it stays an unreaped zombie, so its
/// process-group id cannot be reused yet), 0 if it is still running, or -1
/// on error.
int cchildprocess_has_exited(pid_t pid);

/// Sets the nice value of the session (the kernel's autogroup) that `pid` leads, or that the
/// calling process leads when `pid` is 0: `/proc/<pid>/autogroup`. With autogroups (the default
/// of most desktop and server kernels) each session is scheduled as one group, weighed against
/// the other sessions whatever its processes' nice values, and every child leads a session of
/// its own: this is what lowers a child against the compiler and the other children, and puts
/// it back. Its owner may lower the value back to 0, unlike a process's own nice value.
/// `niceness` is clamped to 0...19. Nothing happens without autogroups (no such file) or once
/// the process has gone. Async-signal-safe (no allocation, no stdio): a forked child calls it.
void cchildprocess_set_session_niceness(pid_t pid, int niceness);

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
