// A fork server: a program that has loaded its libraries once and then starts each run as a
// fork of itself, instead of a new process loading them all again.
//
// Why: a test-writing check runs the learner's tests against a dozen planted bugs, each in a
// program of its own that loads XCTest, Foundation and the lesson library; on two cores those
// loads (the dynamic linker's relocations, the kernel's mappings, the Swift runtime's first
// lookups) took as much processor time as compiling the learner's tests. The server loads
// them once, beside the compiler, and each run is then a fork of it.
//
// Each run keeps what a run started the usual way has (see cchildprocess_reaper.c):
// - A reaper of its own, forked by the server, which forks the run: a child subreaper that ends
//   everything the run starts, and the run's parent. The starting process watches it through a
//   pidfd the server sends, and tells it to stop by closing the stop pipe, as usual.
// - Its own session, limits, working directory and output pipes (made by the starting process
//   and sent over the socket).
// - Its own confinement, on top of the server's: a Landlock layer that allows writing only in
//   the run's own folder, so that one run cannot touch another's files or the server's. The
//   kernel intersects the layers; Landlock's scoping keeps the run from signalling the server,
//   its reaper or the other runs, which are all outside its layer.
// - Its own variables (the results file, the run's secrets): set in the child only, and wiped
//   from the server's and the reaper's memory once the child has them.
//
// The server itself runs none of the learner's code: it only loads the libraries, then forks.
// It must be single-threaded when it forks, so that the child finds no lock held by a thread
// that does not exist there.
//
// The protocol, over a SOCK_SEQPACKET socket pair (one message is one request):
// - request: a fork_request, then its text: the working folder, the readable paths, an empty
//   string, the "NAME=value" variables, an empty string; each string ended by a NUL. With it,
//   six descriptors (SCM_RIGHTS): the run's standard input, output and error, the report, stop
//   and status pipes' ends (see cchildprocess_plan).
// - reply: a fork_reply, and when the run started, the reaper's pidfd (SCM_RIGHTS).

#define _GNU_SOURCE
#include "cchildprocess_internal.h"
#include "cchildprocess.h"

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define FORK_REQUEST_MAGIC 0x444a4653u  // "DJFS"
#define FORK_REQUEST_FDS 6
#define FORK_TEXT_LIMIT 65536
#define FORK_PATH_LIMIT 64

// How long the starting process waits for the server's reply before it gives up on the server.
#define FORK_REPLY_TIMEOUT_MS 10000

typedef struct {
    uint32_t magic;
    int32_t confined;
    cchildprocess_planned_limits limits;
    uint32_t text_length;
} fork_request;

typedef struct {
    /// 0 when the run started; else the errno of what failed.
    int32_t error_number;
    /// The step that failed (CCHILDPROCESS_STEP_*), when one did.
    int32_t failed_step;
    /// The run's reaper.
    int32_t reaper;
} fork_reply;

// Points `message` at `parts` and at `control`, room for descriptors to come or going.
static void prepare_message(struct msghdr *message, struct iovec *parts, size_t count, void *control, size_t control_size) {
    memset(message, 0, sizeof *message);
    message->msg_iov = parts;
    message->msg_iovlen = count;
    message->msg_control = control;
    message->msg_controllen = control_size;
}

// Receives one message, the descriptors it carries close-on-exec; retries on EINTR.
static ssize_t receive_message(int socket_fd, struct msghdr *message) {
    ssize_t received;
    do {
        received = recvmsg(socket_fd, message, MSG_CMSG_CLOEXEC);
    } while (received < 0 && errno == EINTR);
    return received;
}

// Attaches `count` descriptors to `message` (SCM_RIGHTS), in `control`, which has room for them.
static void attach_descriptors(struct msghdr *message, void *control, size_t control_size, const int *fds, int count) {
    memset(control, 0, control_size);
    message->msg_control = control;
    message->msg_controllen = control_size;
    struct cmsghdr *rights = CMSG_FIRSTHDR(message);
    rights->cmsg_level = SOL_SOCKET;
    rights->cmsg_type = SCM_RIGHTS;
    rights->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)count);
    memcpy(CMSG_DATA(rights), fds, sizeof(int) * (size_t)count);
}

// Takes up to `limit` descriptors a received message carries into `fds`, closing any beyond
// them; returns how many it took.
static int take_descriptors(struct msghdr *message, int *fds, int limit) {
    int count = 0;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(message); header != NULL; header = CMSG_NXTHDR(message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        int carried = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        for (int index = 0; index < carried; index++) {
            int fd;
            memcpy(&fd, CMSG_DATA(header) + index * sizeof(int), sizeof fd);
            if (count < limit) {
                fds[count++] = fd;
            } else {
                close(fd);
            }
        }
    }
    return count;
}

static void close_all(const int *fds, int count) {
    for (int index = 0; index < count; index++) {
        if (fds[index] >= 0) close(fds[index]);
    }
}

// MARK: - The runtime's thread ids

// The Swift runtime and libdispatch each keep the calling thread's id in thread-local storage
// once they have looked it up. A fork's only thread is a copy of the server's, its storage with
// it, so the run's child would go on under the server's id:
// - The Swift runtime takes its locks under that id (Linux's priority-inheritance futexes): the
//   first lock it shares with a thread of its own then never comes free (the kernel finds the
//   owner's id is not the unlocking thread's), and the run hangs until its time runs out (seen:
//   2 runs in 40).
// - libdispatch binds the main queue to the id its fork handler finds, and traps when the main
//   run loop, on a thread with another id, serves that queue (seen: every run that waits for
//   an expectation crashed, and the crash failed its tests).
// So the reaper forgets those ids just before it forks the run's child, where each library looks
// its thread's id up the first time it needs it, and the child then runs libdispatch's fork
// handler (which nothing registers on Linux), which binds the main queue to the child's thread.
// The variables are private to the libraries; the symbol tables of their files say where in
// each library's thread-local storage they are.
typedef struct {
    const char *library;
    const char *symbol;
    void *handle;
    size_t offset;
} thread_id_cache;

static thread_id_cache thread_id_caches[] = {
    // swift::threading_impl::linux::ulock_get_tid()'s `static __thread int tid`.
    { "libswiftCore.so", "_ZZN5swift14threading_impl5linux13ulock_get_tidEvE3tid", NULL, 0 },
    // libdispatch's per-thread `struct dispatch_tsd`, whose first field is the thread's id
    // (0: not looked up yet).
    { "libdispatch.so", "__dispatch_tsd", NULL, 0 },
};

// The offset of the thread-local `name` in its library's thread-local block, from the symbol
// table of the file at `path`. Returns 0, or -1 when the file has no such symbol.
static int find_thread_local(const char *path, const char *name, size_t *offset) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    struct stat info;
    if (fstat(fd, &info) != 0 || (size_t)info.st_size < sizeof(Elf64_Ehdr)) {
        close(fd);
        return -1;
    }
    size_t size = (size_t)info.st_size;
    const unsigned char *file = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (file == MAP_FAILED) return -1;
    int found = -1;
    const Elf64_Ehdr *header = (const Elf64_Ehdr *)file;
    if (memcmp(header->e_ident, ELFMAG, SELFMAG) == 0 && header->e_ident[EI_CLASS] == ELFCLASS64 &&
        header->e_shoff + (size_t)header->e_shnum * sizeof(Elf64_Shdr) <= size) {
        const Elf64_Shdr *sections = (const Elf64_Shdr *)(file + header->e_shoff);
        for (int index = 0; index < header->e_shnum && found != 0; index++) {
            const Elf64_Shdr *table = &sections[index];
            if (table->sh_type != SHT_SYMTAB || table->sh_link >= header->e_shnum) continue;
            const Elf64_Shdr *names = &sections[table->sh_link];
            if (table->sh_offset + table->sh_size > size || names->sh_offset + names->sh_size > size) continue;
            const Elf64_Sym *symbols = (const Elf64_Sym *)(file + table->sh_offset);
            size_t count = table->sh_size / sizeof(Elf64_Sym);
            const char *strings = (const char *)(file + names->sh_offset);
            for (size_t symbol = 0; symbol < count; symbol++) {
                if (ELF64_ST_TYPE(symbols[symbol].st_info) != STT_TLS || symbols[symbol].st_name >= names->sh_size) continue;
                const char *symbol_name = strings + symbols[symbol].st_name;
                if (strncmp(symbol_name, name, names->sh_size - symbols[symbol].st_name) == 0) {
                    *offset = (size_t)symbols[symbol].st_value;
                    found = 0;
                    break;
                }
            }
        }
    }
    munmap((void *)file, size);
    return found;
}

// libdispatch's handler for a fork's child, when libdispatch is loaded.
static void (*dispatch_fork_child)(void);

// Finds where each library loaded here keeps its thread's id. Returns 0, or -1 when one of them
// is loaded and its variable cannot be found (a stripped library): runs could then hang.
static int find_thread_id_caches(void) {
    for (size_t index = 0; index < sizeof thread_id_caches / sizeof thread_id_caches[0]; index++) {
        thread_id_cache *cache = &thread_id_caches[index];
        cache->handle = dlopen(cache->library, RTLD_LAZY | RTLD_NOLOAD);
        if (cache->handle == NULL) continue;  // not loaded: nothing of it to forget
        struct link_map *map = NULL;
        if (dlinfo(cache->handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL ||
            find_thread_local(map->l_name, cache->symbol, &cache->offset) != 0) {
            return -1;
        }
    }
    void *dispatch = thread_id_caches[1].handle;
    if (dispatch != NULL) {
        *(void **)&dispatch_fork_child = dlsym(dispatch, "dispatch_atfork_child");
        if (dispatch_fork_child == NULL) return -1;
    }
    return 0;
}

// In the reaper, before it forks the run's child: every library looks its thread's id up again.
static void forget_thread_ids(void) {
    for (size_t index = 0; index < sizeof thread_id_caches / sizeof thread_id_caches[0]; index++) {
        thread_id_cache *cache = &thread_id_caches[index];
        void *block = NULL;
        if (cache->handle == NULL || dlinfo(cache->handle, RTLD_DI_TLS_DATA, &block) != 0 || block == NULL) continue;
        memset((char *)block + cache->offset, 0, sizeof(int));
    }
}

// MARK: - The server

// The request just received and its text, kept where the forks find them. Wiped after each.
static fork_request request;
static char request_text[FORK_TEXT_LIMIT + 2];

static void reply(int socket_fd, int error_number, int step, pid_t reaper, int pidfd) {
    fork_reply answer = { error_number, step, reaper };
    struct iovec part = { &answer, sizeof answer };
    union {
        char bytes[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } control;
    struct msghdr message;
    prepare_message(&message, &part, 1, NULL, 0);
    if (pidfd >= 0) attach_descriptors(&message, control.bytes, sizeof control.bytes, &pidfd, 1);
    while (sendmsg(socket_fd, &message, MSG_NOSIGNAL) < 0 && errno == EINTR) {}
}

// Receives one request and its descriptors. Returns 1 with a request, 0 at end of file,
// -1 for a message that is not a request (its descriptors closed).
static int receive(int socket_fd, int fds[FORK_REQUEST_FDS]) {
    for (int index = 0; index < FORK_REQUEST_FDS; index++) fds[index] = -1;
    struct iovec parts[2] = { { &request, sizeof request }, { request_text, FORK_TEXT_LIMIT } };
    union {
        char bytes[CMSG_SPACE(sizeof(int) * FORK_REQUEST_FDS)];
        struct cmsghdr align;
    } control;
    struct msghdr message;
    prepare_message(&message, parts, 2, control.bytes, sizeof control.bytes);
    ssize_t received = receive_message(socket_fd, &message);
    if (received == 0) return 0;
    if (received < 0) return errno == EAGAIN ? -1 : 0;

    int count = take_descriptors(&message, fds, FORK_REQUEST_FDS);
    int whole = (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) == 0;
    if (!whole || count != FORK_REQUEST_FDS || received < (ssize_t)sizeof request || request.magic != FORK_REQUEST_MAGIC ||
        request.text_length != (uint32_t)(received - (ssize_t)sizeof request)) {
        close_all(fds, FORK_REQUEST_FDS);
        return -1;
    }
    // Two NULs after the text, so that a text without its ending cannot be read past.
    request_text[request.text_length] = '\0';
    request_text[request.text_length + 1] = '\0';
    return 1;
}

// Reaps the reapers that have ended.
static void reap_reapers(int signal_fd) {
    struct signalfd_siginfo info[8];
    while (read(signal_fd, info, sizeof info) > 0) {}
    while (waitpid(-1, NULL, WNOHANG) > 0) {}
}

// Starts the run of the request received: its reaper, which forks the run. Returns 1 in the
// run's child, 0 in the server.
static int start_run(int socket_fd, int fds[FORK_REQUEST_FDS]) {
    // The text: the folder, the readable paths up to an empty string, then the variables.
    const char *text = request_text;
    const char *end = request_text + request.text_length;
    const char *folder = text;
    const char *readable[FORK_PATH_LIMIT + 1];
    int readable_count = 0;
    const char *cursor = folder + strlen(folder) + 1;
    while (cursor < end && *cursor != '\0' && readable_count < FORK_PATH_LIMIT) {
        readable[readable_count++] = cursor;
        cursor += strlen(cursor) + 1;
    }
    readable[readable_count] = NULL;
    cursor += 1;  // the empty string that ends the paths
    if (*folder == '\0' || cursor > end) {
        close_all(fds, FORK_REQUEST_FDS);
        reply(socket_fd, EINVAL, CCHILDPROCESS_STEP_NONE, -1, -1);
        return 0;
    }

    cchildprocess_plan plan;
    memset(&plan, 0, sizeof plan);
    plan.path = NULL;
    plan.working_directory = folder;
    plan.environment = cursor;
    plan.environment_length = (size_t)(end - cursor);
    plan.before_fork = forget_thread_ids;
    plan.stdin_fd = fds[0];
    plan.stdout_fd = fds[1];
    plan.stderr_fd = fds[2];
    plan.report_fd = fds[3];
    plan.stop_fd = fds[4];
    plan.status_fd = fds[5];
    plan.no_core.rlim_cur = 0;
    plan.no_core.rlim_max = 0;
    // Limits as the starting process planned them, lowered to the server's own where those
    // are lower (a process may not raise its hard limits): the server was started with limits
    // of its own, planned earlier, when fewer processes may have run.
    plan.limits = request.limits;
    cchildprocess_lower_to_own_limits(&plan.limits);
    plan.confined = request.confined != 0;
    plan.ruleset_fd = -1;
    if (plan.confined) {
        // The run's own layer: what the server may read, and its own folder to write.
        const char *writable[2] = { folder, NULL };
        cchildprocess_confinement confinement = { readable, writable };
        int abi = 0;
        plan.ruleset_fd = cchildprocess_make_ruleset(&confinement, &abi);
        if (plan.ruleset_fd < 0 && abi > 0) {
            int saved = errno;
            close_all(fds, FORK_REQUEST_FDS);
            reply(socket_fd, saved, CCHILDPROCESS_STEP_CONFINE, -1, -1);
            return 0;
        }
    }

    // Every signal blocked across the fork, as cchildprocess_start does: the reaper keeps them
    // blocked, the run's child unblocks them.
    sigset_t all_signals, previous_mask;
    sigfillset(&all_signals);
    sigprocmask(SIG_SETMASK, &all_signals, &previous_mask);
    pid_t reaper = fork();
    if (reaper == 0) {
        cchildprocess_reaper_main(&plan);
        // Back only in the run's child, whose signals the reaper's child has unblocked.
        if (dispatch_fork_child != NULL) dispatch_fork_child();
        return 1;
    }
    int fork_errno = errno;
    sigprocmask(SIG_SETMASK, &previous_mask, NULL);

    close_all(fds, FORK_REQUEST_FDS);
    if (plan.ruleset_fd >= 0) close(plan.ruleset_fd);
    if (reaper < 0) {
        reply(socket_fd, fork_errno, CCHILDPROCESS_STEP_FORK, -1, -1);
        return 0;
    }
    // Not reaped before this: the pid still names the reaper.
    int pidfd = (int)syscall(SYS_pidfd_open, reaper, 0);
    if (pidfd < 0) {
        // The starting process could not tell when the run ends: the run is ended now.
        int saved = errno;
        kill(reaper, SIGKILL);
        reply(socket_fd, saved, CCHILDPROCESS_STEP_SUPERVISE, -1, -1);
        return 0;
    }
    reply(socket_fd, 0, CCHILDPROCESS_STEP_NONE, reaper, pidfd);
    close(pidfd);
    return 0;
}

int cchildprocess_serve_forked_runs(int socket_fd) {
    if (find_thread_id_caches() != 0) {
        errno = ENOTSUP;
        return -1;
    }
    sigset_t child_signals;
    sigemptyset(&child_signals);
    sigaddset(&child_signals, SIGCHLD);
    sigset_t previous_mask;
    sigprocmask(SIG_BLOCK, &child_signals, &previous_mask);
    int signal_fd = signalfd(-1, &child_signals, SFD_NONBLOCK | SFD_CLOEXEC);
    if (signal_fd < 0) return -1;

    for (;;) {
        struct pollfd watched[2] = { { socket_fd, POLLIN, 0 }, { signal_fd, POLLIN, 0 } };
        if (poll(watched, 2, -1) < 0) {
            if (errno == EINTR) continue;
            _exit(70);
        }
        if (watched[1].revents != 0) reap_reapers(signal_fd);
        if (watched[0].revents == 0) continue;

        int fds[FORK_REQUEST_FDS];
        int received = receive(socket_fd, fds);
        // The starting process closed its end (its check is over, or it died): so is the
        // server. Runs still going end with it (the server's own reaper ends them).
        if (received == 0) _exit(0);
        if (received < 0) {
            reply(socket_fd, EINVAL, CCHILDPROCESS_STEP_NONE, -1, -1);
            continue;
        }
        int in_run = start_run(socket_fd, fds);
        // The variables held the run's secrets: gone from the server (the reaper and the
        // child wipe their own copies).
        memset(request_text, 0, sizeof request_text);
        if (in_run) {
            sigprocmask(SIG_SETMASK, &previous_mask, NULL);
            return 0;
        }
    }
}

// MARK: - The starting process

// Sends the request and waits for the reply. Returns 0 with `*reply_out` and `*pidfd`
// (-1 without one), or -1 with errno set when the server did not answer.
static int exchange(int socket_fd, const fork_request *header, const char *text, const int fds[FORK_REQUEST_FDS],
                    fork_reply *reply_out, int *pidfd) {
    *pidfd = -1;
    struct iovec parts[2] = { { (void *)header, sizeof *header }, { (void *)text, header->text_length } };
    union {
        char bytes[CMSG_SPACE(sizeof(int) * FORK_REQUEST_FDS)];
        struct cmsghdr align;
    } control;
    struct msghdr message;
    prepare_message(&message, parts, 2, NULL, 0);
    attach_descriptors(&message, control.bytes, sizeof control.bytes, fds, FORK_REQUEST_FDS);

    ssize_t sent;
    do {
        sent = sendmsg(socket_fd, &message, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    if (sent < 0) return -1;

    struct pollfd readable = { socket_fd, POLLIN, 0 };
    int ready;
    do {
        ready = poll(&readable, 1, FORK_REPLY_TIMEOUT_MS);
    } while (ready < 0 && errno == EINTR);
    if (ready <= 0) {
        // A reply that came later would be taken for the next request's: the socket is shut
        // down instead, so that the server reads the end of its input and ends, and every
        // later request fails at once (its run then starts a program of its own).
        int saved = ready == 0 ? ETIMEDOUT : errno;
        shutdown(socket_fd, SHUT_RDWR);
        errno = saved;
        return -1;
    }
    struct iovec part = { reply_out, sizeof *reply_out };
    union {
        char bytes[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } reply_control;
    struct msghdr answer;
    prepare_message(&answer, &part, 1, reply_control.bytes, sizeof reply_control.bytes);
    ssize_t received = receive_message(socket_fd, &answer);
    int saved = errno;
    take_descriptors(&answer, pidfd, 1);
    if (received != (ssize_t)sizeof *reply_out) {
        if (*pidfd >= 0) close(*pidfd);
        *pidfd = -1;
        shutdown(socket_fd, SHUT_RDWR);
        errno = received < 0 ? saved : EPIPE;
        return -1;
    }
    return 0;
}

// Appends `string` and its NUL to `text` at `*length`; returns 0, or -1 when it would not fit.
static int append(char *text, size_t *length, const char *string) {
    size_t size = strlen(string) + 1;
    if (*length + size > FORK_TEXT_LIMIT) return -1;
    memcpy(text + *length, string, size);
    *length += size;
    return 0;
}

int cchildprocess_start_forked(int socket_fd,
                               const char *working_directory,
                               char *const environment[],
                               const cchildprocess_limits *limits,
                               int stdin_fd,
                               const cchildprocess_confinement *confinement,
                               cchildprocess_started *out) {
    cchildprocess_started_reset(out, 1);

    // The request's text: the folder, the readable paths, the variables.
    char *text = malloc(FORK_TEXT_LIMIT);
    if (text == NULL) {
        out->failed_step = CCHILDPROCESS_STEP_PIPE;
        out->error_number = ENOMEM;
        return -1;
    }
    size_t length = 0;
    int fits = append(text, &length, working_directory) == 0;
    for (const char *const *path = confinement != NULL ? confinement->readable : NULL; fits && path != NULL && *path != NULL; path++) {
        fits = append(text, &length, *path) == 0;
    }
    fits = fits && append(text, &length, "") == 0;
    for (char *const *entry = environment; fits && entry != NULL && *entry != NULL; entry++) {
        fits = append(text, &length, *entry) == 0;
    }
    if (!fits) {
        free(text);
        out->failed_step = CCHILDPROCESS_STEP_NONE;
        out->error_number = E2BIG;
        return -1;
    }

    fork_request header;
    memset(&header, 0, sizeof header);
    header.magic = FORK_REQUEST_MAGIC;
    header.confined = confinement != NULL;
    header.text_length = (uint32_t)length;
    cchildprocess_plan_limits(limits, &header.limits);

    int out_pipe[2] = { -1, -1 }, err_pipe[2] = { -1, -1 }, report_pipe[2] = { -1, -1 };
    int stop_pipe[2] = { -1, -1 }, status_pipe[2] = { -1, -1 };
    // The run's standard input: the caller's descriptor, or /dev/null; a copy of our own either
    // way, sent to the server and then closed.
    int input_fd = stdin_fd >= 0 ? fcntl(stdin_fd, F_DUPFD_CLOEXEC, 3) : open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (input_fd < 0 || cchildprocess_pipe(out_pipe) != 0 || cchildprocess_pipe(err_pipe) != 0 ||
        cchildprocess_pipe(report_pipe) != 0 || cchildprocess_pipe(stop_pipe) != 0 || cchildprocess_pipe(status_pipe) != 0) {
        out->failed_step = CCHILDPROCESS_STEP_PIPE;
        out->error_number = errno;
        free(text);
        int opened[] = { input_fd, out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1], report_pipe[0], report_pipe[1],
                         stop_pipe[0], stop_pipe[1], status_pipe[0], status_pipe[1] };
        close_all(opened, (int)(sizeof opened / sizeof opened[0]));
        return -1;
    }

    int sent_fds[FORK_REQUEST_FDS] = { input_fd, out_pipe[1], err_pipe[1], report_pipe[1], stop_pipe[0], status_pipe[1] };
    fork_reply answer;
    int pidfd = -1;
    int exchanged = exchange(socket_fd, &header, text, sent_fds, &answer, &pidfd);
    int exchange_errno = errno;
    // The variables held the run's secrets.
    memset(text, 0, length);
    free(text);
    // The server's copies are the run's now; ours would keep its pipes from ending.
    close_all(sent_fds, FORK_REQUEST_FDS);

    int ours[] = { out_pipe[0], err_pipe[0], report_pipe[0], stop_pipe[1], status_pipe[0] };
    if (exchanged != 0 || answer.error_number != 0 || pidfd < 0) {
        if (pidfd >= 0) close(pidfd);
        close_all(ours, (int)(sizeof ours / sizeof ours[0]));
        out->failed_step = exchanged != 0 ? CCHILDPROCESS_STEP_FORK : answer.failed_step;
        out->error_number = exchanged != 0 ? exchange_errno : answer.error_number;
        if (out->error_number == 0) out->error_number = EIO;
        return -1;
    }

    pid_t child_pid = cchildprocess_await_child(report_pipe[0], status_pipe[0], out);
    if (child_pid < 0) {
        // The reaper ends by itself (its child failed, or never was); the server reaps it.
        int left[] = { pidfd, stop_pipe[1], out_pipe[0], err_pipe[0], status_pipe[0] };
        close_all(left, (int)(sizeof left / sizeof left[0]));
        return -1;
    }

    out->pid = answer.reaper;
    out->child_pid = child_pid;
    out->stdout_fd = out_pipe[0];
    out->stderr_fd = err_pipe[0];
    out->exit_fd = pidfd;
    out->stop_fd = stop_pipe[1];
    out->status_fd = status_pipe[0];
    return 0;
}

int cchildprocess_fork_server_supported(void) {
    int pidfd = (int)syscall(SYS_pidfd_open, getpid(), 0);
    if (pidfd < 0) return 0;
    close(pidfd);
    return 1;
}

int cchildprocess_fork_server_socket_pair(int fds[2]) {
    return socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds);
}
