// The reaper: one per run, a fork of the starting process that never execs. It is the
// parent of the program and a child subreaper, it ends everything the program started, and
// it ends only after that.
//
// Why a child subreaper (prctl PR_SET_CHILD_SUBREAPER, Linux 3.4, needs no privilege):
// - Killing the program's process group misses whatever leaves the group: Foundation's
//   Process gives its child a group of its own, `setsid` a session, and a double fork leaves
//   an orphan that init adopts. Once adopted by init, nothing tells it from any other process.
// - A subreaper adopts those orphans instead of init, so every process the program started
//   is, for as long as it runs, a descendant of the reaper: the run's processes are exactly
//   the reaper's descendants, found through /proc, whatever group or session they made.
// - A PID namespace (whose end kills everything in it) needs CAP_SYS_ADMIN, or an
//   unprivileged user namespace around it: refused by Ubuntu since 23.10 (AppArmor's
//   restrict_unprivileged_userns) and by many hardened or container setups.
// - A cgroup (cgroup.kill, pids.max) is writable only inside a subtree systemd delegated to
//   the user (a desktop session's user@.service), not over ssh, in most containers, or
//   without systemd.
//
// Why a process of its own rather than making the starting process the subreaper: runs
// overlap (the compiler beside the program that runs the checks, two mutants at once), and
// orphans adopted by one shared subreaper carry nothing that says which run they came from.
// One reaper per run holds exactly one run's processes: ending them cannot touch another
// run, and reaping them (waitpid(-1), which takes any child) cannot steal the exit status
// of a child the starting process waits for elsewhere (its editor, other runs' reapers).
//
// The reaper also answers for the starting process: it watches the read end of a pipe whose
// only writer is the starting process. That reads as end of file when the starting process
// closes it (to stop the run) or dies, even of SIGKILL, and either way the reaper ends the
// run. Its limits: a process that is not the user's (a set-user-ID program) cannot be
// killed, and the reaper itself can be killed by the learner's code (it is the program's
// parent); then whatever the reaper held goes to init, as before, and the caller falls back
// on killing the program's process group.
//
// From fork() on, only async-signal-safe calls (system calls, no allocation, no stdio).

#define _GNU_SOURCE
#include "cchildprocess_internal.h"
#include "cchildprocess.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

// Upper bound for the fallback descriptor-closing loop, so a huge RLIMIT_NOFILE cannot make
// every start slow.
#define MAX_FDS_TO_CLOSE_BY_LOOP 65536

// The highest pid Linux hands out on 64-bit systems (PID_MAX_LIMIT); one bit for each.
#define PID_LIMIT (1 << 22)

// How long the reaper keeps ending a tree that will not end (processes it may not signal),
// in rounds of at most ROUND_WAIT_MS. The caller gives up on the reaper later than that.
#define MAX_KILL_ROUNDS 100
#define ROUND_WAIT_MS 20

// How often the reaper looks for ended children when it has no signalfd.
#define FALLBACK_POLL_MS 20

// The processes found to be in the run, by pid: filled while ending the run, in the
// reaper's own copy of this memory (it is never touched in the starting process).
static unsigned char marked[PID_LIMIT / 8];
static pid_t highest_marked;

typedef struct {
    pid_t self;
    pid_t child;
    int child_reaped;
    cchildprocess_status status;
    int signal_fd;
} reaper_state;

// MARK: - Descriptors

// Closes every descriptor from `first` on.
static void close_from(unsigned first) {
#if defined(__linux__) && defined(SYS_close_range)
    if (syscall(SYS_close_range, first, ~0U, 0) == 0) return;
#endif
    // Fallback for kernels without close_range (before Linux 5.9).
    struct rlimit open_files;
    unsigned last = MAX_FDS_TO_CLOSE_BY_LOOP;
    if (getrlimit(RLIMIT_NOFILE, &open_files) == 0 && open_files.rlim_cur != RLIM_INFINITY &&
        open_files.rlim_cur < MAX_FDS_TO_CLOSE_BY_LOOP) {
        last = (unsigned)open_files.rlim_cur;
    }
    for (unsigned fd = first; fd < last; fd++) close((int)fd);
}

// Puts the six (or seven) descriptors the reaper and the child work with at 0 to 5 or 6 (see
// CCHILDPROCESS_FD_*), and closes everything else: the starting process's descriptors and
// other runs' pipes, which this fork copied and must not keep open.
static void place_descriptors(const cchildprocess_plan *plan) {
    int sources[7] = {
        plan->stdin_fd, plan->stdout_fd, plan->stderr_fd, plan->report_fd, plan->stop_fd, plan->status_fd,
        plan->ruleset_fd,
    };
    // The ruleset has a place only when there is one.
    int count = plan->ruleset_fd >= 0 ? 7 : 6;
    // Copies above the places first, so that putting one in its place never overwrites
    // another that is still to be placed.
    int copies[7];
    for (int i = 0; i < count; i++) {
        copies[i] = fcntl(sources[i], F_DUPFD_CLOEXEC, CCHILDPROCESS_FD_FIRST_FREE);
        if (copies[i] < 0) cchildprocess_fail(plan->report_fd, CCHILDPROCESS_STEP_REDIRECT);
    }
    for (int i = 0; i < count; i++) {
        if (dup2(copies[i], i) < 0) cchildprocess_fail(copies[3], CCHILDPROCESS_STEP_REDIRECT);
    }
    // dup2 clears close-on-exec: the reaper's own descriptors must not reach the program.
    for (int fd = CCHILDPROCESS_FD_REPORT; fd < count; fd++) {
        fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    // Without a ruleset its place (CCHILDPROCESS_FD_RULESET) is free, and closed like the rest.
    close_from(plan->ruleset_fd >= 0 ? CCHILDPROCESS_FD_FIRST_FREE : CCHILDPROCESS_FD_RULESET);
}

// MARK: - The child

// A fork that runs no atfork handlers: this process is a fork of a multithreaded one, whose
// handlers may wait for locks held by threads that do not exist here.
static pid_t fork_quietly(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return _Fork();
#else
    return (pid_t)syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
#endif
}

// Sets the variables of a fork server's run (see cchildprocess_plan.environment). Only in a
// fork of a single-threaded process, where setenv's allocation is safe.
static void set_environment(const cchildprocess_plan *plan) {
    const char *end = plan->environment + plan->environment_length;
    for (const char *entry = plan->environment; entry < end; entry += strlen(entry) + 1) {
        char *equals = strchr(entry, '=');
        if (equals == NULL || equals == entry) continue;
        *equals = '\0';
        setenv(entry, equals + 1, 1);
        *equals = '=';
    }
}

// The child, from fork() to execve(), or for a fork server's run (no program to start) until
// it is ready to run: its descriptors are in place already.
static void run_child(const cchildprocess_plan *plan) {
    int report_fd = CCHILDPROCESS_FD_REPORT;

    // Ignored signals stay ignored across execve() (a tutor that ignores SIGPIPE or SIGXFSZ
    // would otherwise pass that on), so reset every signal to its default, then unblock them
    // all (the reaper keeps them blocked). A fork server's run keeps the handlers of the
    // program it goes on in (the Swift runtime's crash handler among them): that program was
    // started with the defaults.
    if (plan->path != NULL) {
        struct sigaction default_action;
        memset(&default_action, 0, sizeof default_action);
        default_action.sa_handler = SIG_DFL;
        for (int sig = 1; sig < NSIG; sig++) {
            sigaction(sig, &default_action, NULL);  // fails harmlessly for SIGKILL, SIGSTOP, ...
        }
    }
    sigset_t empty;
    sigemptyset(&empty);
    sigprocmask(SIG_SETMASK, &empty, NULL);

    // A session of its own keeps the child away from the terminal's signals (Ctrl-C in the
    // shell is for the shell), and makes it the leader of a process group: the fallback for
    // when the reaper is gone.
    if (setsid() < 0) cchildprocess_fail(report_fd, CCHILDPROCESS_STEP_SETSID);

    if (setrlimit(RLIMIT_CORE, &plan->no_core) != 0 ||
        (plan->limits.has_memory && setrlimit(RLIMIT_AS, &plan->limits.memory) != 0) ||
        (plan->limits.has_file_size && setrlimit(RLIMIT_FSIZE, &plan->limits.file_size) != 0) ||
        (plan->limits.has_processes && setrlimit(RLIMIT_NPROC, &plan->limits.processes) != 0)) {
        cchildprocess_fail(report_fd, CCHILDPROCESS_STEP_RLIMIT);
    }
    // Lower only (an unprivileged process cannot raise it back), so failing changes nothing
    // that matters: the child then runs at the caller's priority.
    if (plan->niceness > 0) {
        errno = 0;
        (void)nice(plan->niceness);
        // Its session too, which `setsid` has just made: a nice value alone lowers the child
        // only against its own threads (see cchildprocess_set_session_niceness).
        cchildprocess_set_session_niceness(0, plan->niceness);
    }

    if (plan->working_directory != NULL && chdir(plan->working_directory) != 0) {
        cchildprocess_fail(report_fd, CCHILDPROCESS_STEP_CHDIR);
    }

    // Last, once nothing else needs the file system: from here on the child and whatever it
    // starts may touch only what the confinement lists.
    if (plan->confined &&
        cchildprocess_apply_confinement(plan->ruleset_fd >= 0 ? CCHILDPROCESS_FD_RULESET : -1) != 0) {
        cchildprocess_fail(report_fd, CCHILDPROCESS_STEP_CONFINE);
    }

    if (plan->path == NULL) {
        // A fork server's run: its variables, then everything but the standard streams
        // closed, the report pipe with them (its end of file tells the starting process the
        // run has started), and back to the program, which runs it.
        set_environment(plan);
        memset((void *)plan->environment, 0, plan->environment_length);
        close_from(CCHILDPROCESS_FD_REPORT);
        return;
    }

    // The report pipe, the stop pipe and the status pipe close on exec.
    execve(plan->path, plan->argv, plan->envp);
    cchildprocess_fail(report_fd, CCHILDPROCESS_STEP_EXEC);
}

// MARK: - Reaping

// Reaps every child that has ended, noting the program's status; returns 1 while children
// remain, 0 once there are none.
static int reap_ended(reaper_state *state) {
    for (;;) {
        int raw = 0;
        pid_t pid = waitpid(-1, &raw, WNOHANG);
        if (pid > 0) {
            if (pid == state->child) {
                state->child_reaped = 1;
                state->status.signaled = WIFSIGNALED(raw) ? 1 : 0;
                state->status.value = WIFSIGNALED(raw) ? WTERMSIG(raw) : WEXITSTATUS(raw);
            }
            continue;
        }
        if (pid == 0) return 1;
        if (errno == EINTR) continue;
        return 0;  // ECHILD: no child left
    }
}

// Empties the signalfd, so that it next polls readable for a new SIGCHLD only.
static void drain_signals(const reaper_state *state) {
    if (state->signal_fd < 0) return;
    struct signalfd_siginfo info[8];
    while (read(state->signal_fd, info, sizeof info) > 0) {}
}

// MARK: - Ending the run

static void mark(pid_t pid) {
    if (pid <= 0 || pid >= PID_LIMIT) return;
    marked[pid / 8] |= (unsigned char)(1u << (pid % 8));
    if (pid > highest_marked) highest_marked = pid;
}

static int is_marked(pid_t pid) {
    if (pid <= 0 || pid >= PID_LIMIT) return 0;
    return (marked[pid / 8] >> (pid % 8)) & 1;
}

static void clear_marks(void) {
    memset(marked, 0, (size_t)highest_marked / 8 + 1);
    highest_marked = 0;
}

// Writes `value` in decimal into `out` (room for 11 characters and the terminator); returns
// the end of the digits.
static char *format_pid(pid_t value, char *out) {
    char digits[12];
    int count = 0;
    do {
        digits[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0 && count < 11);
    while (count > 0) *out++ = digits[--count];
    *out = '\0';
    return out;
}

// The parent of `pid` from /proc/PID/stat ("pid (name) state ppid ..."), or -1 if it has gone.
// The name may hold spaces and parentheses; it ends at the last ')'.
static pid_t parent_of(int proc_fd, pid_t pid) {
    char path[24];
    char *end = format_pid(pid, path);
    memcpy(end, "/stat", 6);
    int fd = openat(proc_fd, path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[512];
    ssize_t count = read(fd, text, sizeof text - 1);
    close(fd);
    if (count <= 0) return -1;
    text[count] = '\0';
    char *name_end = NULL;
    for (char *c = text; *c != '\0'; c++) {
        if (*c == ')') name_end = c;
    }
    // ") S 1234": skip the parenthesis, a space, the state and a space.
    if (name_end == NULL || name_end + 4 >= text + count) return -1;
    pid_t parent = 0;
    int digits = 0;
    for (char *c = name_end + 4; *c >= '0' && *c <= '9'; c++, digits++) parent = parent * 10 + (*c - '0');
    return digits > 0 ? parent : -1;
}

// One look through the process table: every process whose parent is marked is marked and
// killed. Returns how many were, or -1 without a readable /proc.
//
// A process is killed before anything of its own children is read, and a process with
// SIGKILL pending can no longer fork, so each list of children read here is final. Pids go
// up as processes are made, so a parent nearly always comes before its children and one
// look finds a whole tree; the caller looks again until a look finds nothing.
//
// A pid read here cannot be handed to an unrelated process before it is killed: its parent
// is either the reaper, which has not reaped it, or a process of the run that is already
// dying and reaps nothing. (Only a parent that ignores SIGCHLD lets the kernel reap its
// children at once, and reuse would then also need the pids to wrap around in between.)
static int kill_marked_children(void) {
    int proc_fd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (proc_fd < 0) return -1;
    int killed = 0;
    // Aligned for the kernel's struct linux_dirent64 (d_ino, d_off, d_reclen, d_type, d_name).
    char buffer[4096] __attribute__((aligned(8)));
    for (;;) {
        long count = syscall(SYS_getdents64, proc_fd, buffer, sizeof buffer);
        if (count <= 0) break;
        for (long offset = 0; offset < count;) {
            unsigned short record_length;
            memcpy(&record_length, buffer + offset + 16, sizeof record_length);
            const char *name = buffer + offset + 19;
            offset += record_length;

            pid_t pid = 0;
            const char *c = name;
            for (; *c >= '0' && *c <= '9'; c++) pid = pid * 10 + (*c - '0');
            if (c == name || *c != '\0' || is_marked(pid)) continue;
            if (is_marked(parent_of(proc_fd, pid))) {
                mark(pid);
                kill(pid, SIGKILL);
                killed++;
            }
        }
    }
    close(proc_fd);
    return killed;
}

// Kills every descendant of the reaper: the program, and everything it started that is
// still running, wherever it went.
static void kill_descendants(reaper_state *state) {
    clear_marks();
    mark(state->self);
    for (int look = 0; look < 64; look++) {
        int killed = kill_marked_children();
        if (killed == 0) return;
        if (killed < 0) {
            // No process table to read (no /proc): the program's process group, as before.
            if (!state->child_reaped) {
                kill(-state->child, SIGKILL);
                kill(state->child, SIGKILL);
            }
            return;
        }
    }
}

// Ends whatever is left of the run and reaps it; gives up after MAX_KILL_ROUNDS on processes
// that will not die, which then go to init when the reaper ends.
static void end_run(reaper_state *state) {
    for (int round = 0; round < MAX_KILL_ROUNDS; round++) {
        if (!reap_ended(state)) return;
        kill_descendants(state);
        struct pollfd signals = { state->signal_fd, POLLIN, 0 };
        poll(&signals, 1, ROUND_WAIT_MS);
        drain_signals(state);
    }
}

// MARK: - The reaper's life

void cchildprocess_reaper_main(const cchildprocess_plan *plan) {
    place_descriptors(plan);

    if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) {
        cchildprocess_fail(CCHILDPROCESS_FD_REPORT, CCHILDPROCESS_STEP_SUPERVISE);
    }
    // So that `ps` tells it from the tutor.
    prctl(PR_SET_NAME, "didojo-reaper", 0, 0, 0);
    // Ended children must stay zombies until reaped: an inherited SIG_IGN (or SA_NOCLDWAIT)
    // would have the kernel reap them, and the program's status would be lost.
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigaction(SIGCHLD, &default_action, NULL);

    reaper_state state;
    memset(&state, 0, sizeof state);
    state.self = (pid_t)syscall(SYS_getpid);
    state.signal_fd = -1;
    // What is reported if the program is never reaped (it would not die).
    state.status.signaled = 1;
    state.status.value = SIGKILL;

    // A fork server's run goes on in its program after this fork, so the fork must leave the
    // C library and the program's libraries ready for use: a plain fork(), which runs their
    // handlers. That is sound here, where the reaper is a fork of a single-threaded server.
    if (plan->before_fork != NULL) plan->before_fork();
    state.child = plan->path != NULL ? fork_quietly() : fork();
    if (state.child == 0) {
        run_child(plan);
        return;  // a fork server's run, ready to go on
    }
    // The variables (the run's secrets among them) are the child's now.
    if (plan->environment != NULL) memset((void *)plan->environment, 0, plan->environment_length);
    if (state.child < 0) cchildprocess_fail(CCHILDPROCESS_FD_REPORT, CCHILDPROCESS_STEP_FORK);
    // Before the report pipe is let go: the starting process reads this once that pipe ends.
    cchildprocess_write_fully(CCHILDPROCESS_FD_STATUS, &state.child, sizeof state.child);
    // The child has its own copies. Ours would keep its output open after it ends and the
    // report pipe from ending when it execs.
    close(STDIN_FILENO);
    close(STDOUT_FILENO);
    close(STDERR_FILENO);
    close(CCHILDPROCESS_FD_REPORT);
    // The child holds the ruleset now; the reaper is never confined.
    if (plan->ruleset_fd >= 0) close(CCHILDPROCESS_FD_RULESET);

    // Every signal is blocked here (since before the fork), so SIGCHLD can be read from a
    // descriptor and waited for with poll, beside the stop pipe.
    sigset_t child_signals;
    sigemptyset(&child_signals);
    sigaddset(&child_signals, SIGCHLD);
    state.signal_fd = signalfd(-1, &child_signals, SFD_NONBLOCK | SFD_CLOEXEC);

    // The run: reap what ends (orphans adopted from the program's tree included) until the
    // program has ended, or until the stop pipe ends.
    for (;;) {
        reap_ended(&state);
        if (state.child_reaped) break;
        struct pollfd watched[2] = {
            { CCHILDPROCESS_FD_STOP, POLLIN, 0 },
            { state.signal_fd, POLLIN, 0 },
        };
        int ready = poll(watched, 2, state.signal_fd >= 0 ? -1 : FALLBACK_POLL_MS);
        if (ready > 0 && watched[0].revents != 0) break;
        drain_signals(&state);
    }

    end_run(&state);
    cchildprocess_write_fully(CCHILDPROCESS_FD_STATUS, &state.status, sizeof state.status);
    _exit(0);
}
