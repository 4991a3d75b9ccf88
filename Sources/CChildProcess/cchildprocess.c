// Why fork()+execve() and not posix_spawn(): glibc's posix_spawn can start a
// new session (POSIX_SPAWN_SETSID), change directory and close descriptors,
// but it cannot set a resource limit in the child, nor put a reaper between
// us and it. Applying RLIMIT_AS afterwards with prlimit() would race with the
// child, which may already be allocating, and a wrapper executable would be
// one more thing to ship. So we fork the reaper, the reaper forks the child,
// and both do only async-signal-safe work (the child until execve()).

#define _GNU_SOURCE
#include "cchildprocess.h"
#include "cchildprocess_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

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
// (A reaper does not exec; it closes everything it did not ask for at once.)
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
// reaper cannot have been reaped yet (only the caller reaps it), so `pid` still names it.
static int open_exit_fd(pid_t pid) {
#if defined(__linux__) && defined(SYS_pidfd_open)
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    return -1;
#endif
}

void cchildprocess_write_fully(int fd, const void *bytes, size_t count) {
    size_t written = 0;
    while (written < count) {
        ssize_t n = write(fd, (const char *)bytes + written, count - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        written += (size_t)n;
    }
}

void cchildprocess_fail(int report_fd, int step) {
    cchildprocess_failure failure = { step, errno };
    cchildprocess_write_fully(report_fd, &failure, sizeof failure);
    _exit(127);
}

// Reads exactly `count` bytes unless end of file or an error comes first; returns how many.
static size_t read_fully(int fd, void *bytes, size_t count) {
    size_t received = 0;
    while (received < count) {
        ssize_t n = read(fd, (char *)bytes + received, count - received);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        received += (size_t)n;
    }
    return received;
}

// The number of tasks (processes and threads, of every user) the system runs now: the
// fourth field of /proc/loadavg, "running/total". -1 when it cannot be read.
static long long tasks_running_now(void) {
    int fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[128];
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0) return -1;
    text[n] = '\0';
    char *slash = strchr(text, '/');
    if (slash == NULL) return -1;
    long long total = 0;
    int digits = 0;
    for (char *c = slash + 1; *c >= '0' && *c <= '9'; c++, digits++) total = total * 10 + (*c - '0');
    return digits > 0 ? total : -1;
}

// Plans one limit: `wanted` bytes or processes, lowered to the caller's own hard limit (a
// process may lower its limits, not raise them). Both soft and hard limits are set, so the
// child cannot raise them back. Returns whether there is a limit to apply.
static int plan_limit(int resource, long long wanted, struct rlimit *out) {
    if (wanted <= 0) return 0;
    rlim_t value = (rlim_t)wanted;
    struct rlimit current;
    if (getrlimit(resource, &current) == 0 && current.rlim_max != RLIM_INFINITY && current.rlim_max < value) {
        value = current.rlim_max;
    }
    out->rlim_cur = value;
    out->rlim_max = value;
    return 1;
}

void cchildprocess_plan_limits(const cchildprocess_limits *limits, cchildprocess_planned_limits *out) {
    memset(out, 0, sizeof *out);
    if (limits == NULL) return;
    out->has_memory = plan_limit(RLIMIT_AS, limits->memory_bytes, &out->memory);
    out->has_file_size = plan_limit(RLIMIT_FSIZE, limits->file_size_bytes, &out->file_size);
    // Without a count of what runs now there is no sound value: none rather than a guess that
    // could keep an honest program from starting a thread.
    long long running = limits->extra_processes > 0 ? tasks_running_now() : -1;
    if (running > 0) {
        out->has_processes = plan_limit(RLIMIT_NPROC, running + limits->extra_processes, &out->processes);
    }
}

void cchildprocess_lower_to_own_limits(cchildprocess_planned_limits *limits) {
    if (limits->has_memory) limits->has_memory = plan_limit(RLIMIT_AS, (long long)limits->memory.rlim_max, &limits->memory);
    if (limits->has_file_size) {
        limits->has_file_size = plan_limit(RLIMIT_FSIZE, (long long)limits->file_size.rlim_max, &limits->file_size);
    }
    if (limits->has_processes) {
        limits->has_processes = plan_limit(RLIMIT_NPROC, (long long)limits->processes.rlim_max, &limits->processes);
    }
}

void cchildprocess_started_reset(cchildprocess_started *out, int reaper_is_foreign) {
    out->pid = -1;
    out->child_pid = -1;
    out->stdout_fd = -1;
    out->stderr_fd = -1;
    out->exit_fd = -1;
    out->stop_fd = -1;
    out->status_fd = -1;
    out->reaper_is_foreign = reaper_is_foreign;
    out->failed_step = CCHILDPROCESS_STEP_NONE;
    out->error_number = 0;
}

pid_t cchildprocess_await_child(int report_fd, int status_fd, cchildprocess_started *out) {
    // The report pipe reaches EOF once the reaper has started the child and let go of its
    // end, and the child's end has closed (on a successful execve(), or when a fork server's
    // run is ready); or once one of them has written why the start failed and exited.
    cchildprocess_failure failure = { CCHILDPROCESS_STEP_NONE, 0 };
    size_t received = read_fully(report_fd, &failure, sizeof failure);
    close_quietly(report_fd);
    // The reaper writes the child's pid before it lets go of the report pipe, so it is
    // there by now (unless the reaper failed before it had a child).
    pid_t child_pid = -1;
    if (received == 0 && read_fully(status_fd, &child_pid, sizeof child_pid) == sizeof child_pid) return child_pid;
    out->failed_step = received == sizeof failure ? failure.step : CCHILDPROCESS_STEP_EXEC;
    out->error_number = received == sizeof failure ? failure.error_number : EIO;
    return -1;
}

int cchildprocess_start(const char *path,
                        char *const argv[],
                        char *const envp[],
                        const char *working_directory,
                        const cchildprocess_limits *limits,
                        int stdin_fd,
                        const cchildprocess_confinement *confinement,
                        cchildprocess_started *out) {
    cchildprocess_started_reset(out, 0);

    int out_pipe[2] = { -1, -1 };
    int err_pipe[2] = { -1, -1 };
    int report_pipe[2] = { -1, -1 };
    int stop_pipe[2] = { -1, -1 };
    int status_pipe[2] = { -1, -1 };
    int stdin_source = -1;

    if (make_pipe(out_pipe) != 0 || make_pipe(err_pipe) != 0 || make_pipe(report_pipe) != 0 ||
        make_pipe(stop_pipe) != 0 || make_pipe(status_pipe) != 0) {
        goto pipe_failed;
    }
    // The child's standard input: the caller's descriptor, or /dev/null. Either way a copy
    // of our own, which we close after the fork.
    stdin_source = stdin_fd >= 0 ? fcntl(stdin_fd, F_DUPFD_CLOEXEC, 3) : open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (stdin_source < 0) goto pipe_failed;

    // The ruleset needs the paths opened, which the child may not do in a way that is safe
    // after fork() in a multithreaded process (it could, but any failure is better told now).
    int ruleset_fd = -1;
    if (confinement != NULL) {
        int abi = 0;
        ruleset_fd = cchildprocess_make_ruleset(confinement, &abi);
        if (ruleset_fd < 0 && abi > 0) {
            int saved = errno;
            close_quietly(stdin_source);
            stdin_source = -1;
            errno = saved;
            goto confine_failed;
        }
    }

    // Everything the reaper and the child need is worked out now: after fork() they may
    // not call anything that could allocate or take a lock.
    cchildprocess_plan plan;
    memset(&plan, 0, sizeof plan);
    plan.path = path;
    plan.argv = argv;
    plan.envp = envp;
    plan.working_directory = working_directory;
    plan.stdin_fd = stdin_source;
    plan.stdout_fd = out_pipe[1];
    plan.stderr_fd = err_pipe[1];
    plan.report_fd = report_pipe[1];
    plan.stop_fd = stop_pipe[0];
    plan.status_fd = status_pipe[1];
    plan.confined = confinement != NULL;
    plan.ruleset_fd = ruleset_fd;
    plan.no_core.rlim_cur = 0;
    plan.no_core.rlim_max = 0;
    cchildprocess_plan_limits(limits, &plan.limits);
    plan.niceness = limits != NULL && limits->niceness > 0 ? limits->niceness : 0;

    // Block all signals across fork() so no handler of this process can run in the reaper;
    // the reaper keeps them blocked for good, the child resets them before it unblocks them.
    sigset_t all_signals, previous_mask;
    sigfillset(&all_signals);
    pthread_sigmask(SIG_SETMASK, &all_signals, &previous_mask);

    pid_t pid = fork();
    if (pid == 0) {
        cchildprocess_reaper_main(&plan);
        _exit(127);  // not reached: with a program to run, the reaper never returns
    }

    // ---- Parent ----
    int fork_errno = errno;
    pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);

    close_quietly(stdin_source);
    close_quietly(ruleset_fd);
    close_quietly(out_pipe[1]);
    close_quietly(err_pipe[1]);
    close_quietly(report_pipe[1]);
    close_quietly(stop_pipe[0]);
    close_quietly(status_pipe[1]);

    if (pid < 0) {
        close_quietly(out_pipe[0]);
        close_quietly(err_pipe[0]);
        close_quietly(report_pipe[0]);
        close_quietly(stop_pipe[1]);
        close_quietly(status_pipe[0]);
        out->failed_step = CCHILDPROCESS_STEP_FORK;
        out->error_number = fork_errno;
        return -1;
    }

    pid_t child_pid = cchildprocess_await_child(report_pipe[0], status_pipe[0], out);
    if (child_pid < 0) {
        // A reaper whose start failed ends by itself: it has no child, or one that is done.
        close_quietly(stop_pipe[1]);
        int ignored_signaled, ignored_value;
        cchildprocess_reap(pid, &ignored_signaled, &ignored_value);
        close_quietly(out_pipe[0]);
        close_quietly(err_pipe[0]);
        close_quietly(status_pipe[0]);
        return -1;
    }

    out->pid = pid;
    out->child_pid = child_pid;
    out->stdout_fd = out_pipe[0];
    out->stderr_fd = err_pipe[0];
    out->exit_fd = open_exit_fd(pid);
    out->stop_fd = stop_pipe[1];
    out->status_fd = status_pipe[0];
    return 0;

confine_failed:
    out->failed_step = CCHILDPROCESS_STEP_CONFINE;
    out->error_number = errno;
    goto close_all;

pipe_failed:
    out->failed_step = CCHILDPROCESS_STEP_PIPE;
    out->error_number = errno;
close_all:
    close_quietly(out_pipe[0]);
    close_quietly(out_pipe[1]);
    close_quietly(err_pipe[0]);
    close_quietly(err_pipe[1]);
    close_quietly(report_pipe[0]);
    close_quietly(report_pipe[1]);
    close_quietly(stop_pipe[0]);
    close_quietly(stop_pipe[1]);
    close_quietly(status_pipe[0]);
    close_quietly(status_pipe[1]);
    close_quietly(stdin_source);
    return -1;
}

int cchildprocess_child_status(int status_fd, int *signaled, int *value) {
    cchildprocess_status status;
    if (read_fully(status_fd, &status, sizeof status) != sizeof status) return -1;
    *signaled = status.signaled;
    *value = status.value;
    return 0;
}

int cchildprocess_pipe(int fds[2]) {
    return make_pipe(fds);
}

// Writes `value` in decimal into `text`, returning its length. Async-signal-safe.
static int format_decimal(char *text, unsigned long value) {
    char digits[24];
    int length = 0;
    do {
        digits[length++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0);
    for (int index = 0; index < length; index++) text[index] = digits[length - 1 - index];
    return length;
}

void cchildprocess_set_session_niceness(pid_t pid, int niceness) {
    char path[48] = "/proc/self/autogroup";
    if (pid > 0) {
        int length = (int)strlen("/proc/");
        memcpy(path, "/proc/", (size_t)length);
        length += format_decimal(path + length, (unsigned long)pid);
        memcpy(path + length, "/autogroup", sizeof "/autogroup");
    }
    int file = open(path, O_WRONLY | O_CLOEXEC);
    if (file < 0) return;
    char text[24];
    int length = format_decimal(text, (unsigned long)(niceness < 0 ? 0 : (niceness > 19 ? 19 : niceness)));
    (void)write(file, text, (size_t)length);
    close_quietly(file);
}

int cchildprocess_has_exited(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    // WNOWAIT leaves the child a zombie: while it is one, its pid cannot be handed to a new
    // process, so whatever the caller does with the pid next still reaches the right process.
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
