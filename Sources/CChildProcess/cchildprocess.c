// Why fork()+execve() and not posix_spawn(): glibc's posix_spawn can start a
// new session (POSIX_SPAWN_SETSID), change directory and close descriptors,
// but it cannot set a resource limit in the child. Applying RLIMIT_AS
// afterwards with prlimit() would race with the child, which may already be
// allocating, and a wrapper executable would be one more thing to ship. So
// we fork, and the child does only async-signal-safe work until execve().

#define _GNU_SOURCE
#include "cchildprocess.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

// What a child that failed before execve() writes into the report pipe.
typedef struct {
    int step;
    int error_number;
} start_failure;

// Upper bound for the fallback descriptor-closing loop, so a huge
// RLIMIT_NOFILE cannot make every start slow.
#define MAX_FDS_TO_CLOSE_BY_LOOP 65536

static void close_quietly(int fd) {
    if (fd >= 0) {
        int saved = errno;
        close(fd);
        errno = saved;
    }
}

// Creates a close-on-exec pipe. Close-on-exec matters because other runs may
// fork at the same moment on other threads: their children must never
// inherit our pipe ends, or our reader would wait for an EOF that never comes.
static int make_pipe(int fds[2]) {
#ifdef __linux__
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

// A descriptor that polls readable once `pid` has ended: a pidfd (Linux 5.3 and later), which
// is close-on-exec by definition. -1 elsewhere; the supervisor then polls for the exit. The
// child cannot have been reaped yet (only the caller reaps it), so `pid` still names it.
static int open_exit_fd(pid_t pid) {
#if defined(__linux__) && defined(SYS_pidfd_open)
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    return -1;
#endif
}

// Moves `*fd` to a number of at least 3, so the child's dup2() onto 0, 1 and
// 2 can never overwrite one of its own sources (this happens when the parent
// runs with a closed stdin, stdout or stderr).
static int move_above_stdio(int *fd) {
    if (*fd > 2) return 0;
    int moved = fcntl(*fd, F_DUPFD_CLOEXEC, 3);
    if (moved < 0) return -1;
    close(*fd);
    *fd = moved;
    return 0;
}

// Child only: reports why the start failed and exits without running any
// atexit handlers or flushing stdio buffers copied from the parent.
static void child_fail(int report_fd, int step) {
    start_failure failure = { step, errno };
    const char *bytes = (const char *)&failure;
    size_t written = 0;
    while (written < sizeof failure) {
        ssize_t n = write(report_fd, bytes + written, sizeof failure - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        written += (size_t)n;
    }
    _exit(127);
}

// Child only: closes every descriptor from `first` to `last` (inclusive).
static void close_range_quietly(unsigned first, unsigned last, unsigned loop_limit) {
    if (first > last) return;
#if defined(__linux__) && defined(SYS_close_range)
    if (syscall(SYS_close_range, first, last, 0) == 0) return;
#endif
    // Fallback for kernels without close_range (before Linux 5.9).
    if (last >= loop_limit) last = loop_limit - 1;
    for (unsigned fd = first; fd <= last; fd++) close((int)fd);
}

int cchildprocess_start(const char *path,
                        char *const argv[],
                        char *const envp[],
                        const char *working_directory,
                        long long memory_limit,
                        int stdin_fd,
                        cchildprocess_started *out) {
    out->pid = -1;
    out->stdout_fd = -1;
    out->stderr_fd = -1;
    out->exit_fd = -1;
    out->failed_step = CCHILDPROCESS_STEP_NONE;
    out->error_number = 0;

    int out_pipe[2] = { -1, -1 };
    int err_pipe[2] = { -1, -1 };
    int report_pipe[2] = { -1, -1 };
    int stdin_source = -1;

    if (make_pipe(out_pipe) != 0 || make_pipe(err_pipe) != 0 || make_pipe(report_pipe) != 0) {
        goto pipe_failed;
    }
    // The child's standard input: the caller's descriptor, or /dev/null. Either way a copy
    // of our own, which we close after the fork.
    stdin_source = stdin_fd >= 0 ? fcntl(stdin_fd, F_DUPFD_CLOEXEC, 3) : open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (stdin_source < 0) goto pipe_failed;
    if (move_above_stdio(&stdin_source) != 0 || move_above_stdio(&out_pipe[1]) != 0 ||
        move_above_stdio(&err_pipe[1]) != 0 || move_above_stdio(&report_pipe[1]) != 0) {
        goto pipe_failed;
    }

    // Everything the child needs is computed now: after fork() it may not
    // call anything that could allocate or take a lock.
    struct rlimit open_files;
    unsigned loop_limit = MAX_FDS_TO_CLOSE_BY_LOOP;
    if (getrlimit(RLIMIT_NOFILE, &open_files) == 0 && open_files.rlim_cur != RLIM_INFINITY &&
        open_files.rlim_cur < MAX_FDS_TO_CLOSE_BY_LOOP) {
        loop_limit = (unsigned)open_files.rlim_cur;
    }
    struct rlimit no_core = { 0, 0 };
    struct rlimit memory = { RLIM_INFINITY, RLIM_INFINITY };
    if (memory_limit > 0) {
        memory.rlim_cur = (rlim_t)memory_limit;
        memory.rlim_max = (rlim_t)memory_limit;
    }

    // Block all signals across fork() so no handler of this process can run
    // in the child before the child has reset the dispositions.
    sigset_t all_signals, previous_mask;
    sigfillset(&all_signals);
    pthread_sigmask(SIG_SETMASK, &all_signals, &previous_mask);

    pid_t pid = fork();
    if (pid == 0) {
        // ---- Child: async-signal-safe calls only from here on. ----
        int report_fd = report_pipe[1];

        // Ignored signals stay ignored across execve() (a tutor that ignores
        // SIGPIPE would otherwise pass that on), so reset every signal to its
        // default, then unblock them all.
        struct sigaction default_action;
        memset(&default_action, 0, sizeof default_action);
        default_action.sa_handler = SIG_DFL;
        for (int sig = 1; sig < NSIG; sig++) {
            sigaction(sig, &default_action, NULL);  // fails harmlessly for SIGKILL, SIGSTOP, ...
        }
        sigset_t empty;
        sigemptyset(&empty);
        sigprocmask(SIG_SETMASK, &empty, NULL);

        // A new session makes the child the leader of a new process group,
        // so kill(-pid, ...) reaches it and every process it starts.
        if (setsid() < 0) child_fail(report_fd, CCHILDPROCESS_STEP_SETSID);

        if (setrlimit(RLIMIT_CORE, &no_core) != 0) child_fail(report_fd, CCHILDPROCESS_STEP_RLIMIT);
        if (memory_limit > 0 && setrlimit(RLIMIT_AS, &memory) != 0) {
            child_fail(report_fd, CCHILDPROCESS_STEP_RLIMIT);
        }

        if (dup2(stdin_source, STDIN_FILENO) < 0 || dup2(out_pipe[1], STDOUT_FILENO) < 0 ||
            dup2(err_pipe[1], STDERR_FILENO) < 0) {
            child_fail(report_fd, CCHILDPROCESS_STEP_REDIRECT);
        }

        if (working_directory != NULL && chdir(working_directory) != 0) {
            child_fail(report_fd, CCHILDPROCESS_STEP_CHDIR);
        }

        // Close everything else the child inherited (descriptors of the
        // tutor, of other runs), keeping only the report pipe, which closes
        // itself on a successful execve().
        close_range_quietly(3, (unsigned)report_fd - 1, loop_limit);
        close_range_quietly((unsigned)report_fd + 1, ~0U, loop_limit);

        execve(path, argv, envp);
        child_fail(report_fd, CCHILDPROCESS_STEP_EXEC);
    }

    // ---- Parent ----
    int fork_errno = errno;
    pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);

    close_quietly(stdin_source);
    close_quietly(out_pipe[1]);
    close_quietly(err_pipe[1]);
    close_quietly(report_pipe[1]);

    if (pid < 0) {
        close_quietly(out_pipe[0]);
        close_quietly(err_pipe[0]);
        close_quietly(report_pipe[0]);
        out->failed_step = CCHILDPROCESS_STEP_FORK;
        out->error_number = fork_errno;
        return -1;
    }

    // The report pipe reaches EOF when execve() succeeds (close-on-exec) or
    // when the child exits after writing why it failed.
    start_failure failure = { CCHILDPROCESS_STEP_NONE, 0 };
    size_t received = 0;
    while (received < sizeof failure) {
        ssize_t n = read(report_pipe[0], (char *)&failure + received, sizeof failure - received);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        received += (size_t)n;
    }
    close_quietly(report_pipe[0]);

    if (received > 0) {
        int ignored_signaled, ignored_value;
        cchildprocess_reap(pid, &ignored_signaled, &ignored_value);
        close_quietly(out_pipe[0]);
        close_quietly(err_pipe[0]);
        out->failed_step = received == sizeof failure ? failure.step : CCHILDPROCESS_STEP_EXEC;
        out->error_number = received == sizeof failure ? failure.error_number : EIO;
        return -1;
    }

    out->pid = pid;
    out->stdout_fd = out_pipe[0];
    out->stderr_fd = err_pipe[0];
    out->exit_fd = open_exit_fd(pid);
    return 0;

pipe_failed:
    out->failed_step = CCHILDPROCESS_STEP_PIPE;
    out->error_number = errno;
    close_quietly(out_pipe[0]);
    close_quietly(out_pipe[1]);
    close_quietly(err_pipe[0]);
    close_quietly(err_pipe[1]);
    close_quietly(report_pipe[0]);
    close_quietly(report_pipe[1]);
    close_quietly(stdin_source);
    return -1;
}

int cchildprocess_pipe(int fds[2]) {
    return make_pipe(fds);
}

int cchildprocess_has_exited(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    // WNOWAIT leaves the child a zombie: while it is one, its pid (and so its
    // process-group id) cannot be handed to a new process, which makes a
    // following kill(-pid, SIGKILL) safe.
    for (;;) {
        if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0) {
            return info.si_pid == pid ? 1 : 0;
        }
        if (errno != EINTR) return -1;
    }
}

int cchildprocess_reap(pid_t pid, int *signaled, int *value) {
    int status = 0;
    for (;;) {
        pid_t result = waitpid(pid, &status, 0);
        if (result == pid) break;
        if (result < 0 && errno == EINTR) continue;
        return -1;
    }
    if (WIFSIGNALED(status)) {
        *signaled = 1;
        *value = WTERMSIG(status);
    } else {
        *signaled = 0;
        *value = WEXITSTATUS(status);
    }
    return 0;
}
