#define _GNU_SOURCE
#include "CLibEditShim.h"

#include <histedit.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

int didojo_el_set_prompt(EditLine *editor, didojo_prompt_fn prompt, char invisible_delimiter) {
    return el_set(editor, EL_PROMPT_ESC, prompt, invisible_delimiter);
}

int didojo_el_set_editor(EditLine *editor, const char *mode) {
    return el_set(editor, EL_EDITOR, mode);
}

int didojo_el_set_history(EditLine *editor, History *history_list) {
    /* libedit calls history() itself through this function pointer. */
    return el_set(editor, EL_HIST, history, history_list);
}

int didojo_el_add_function(EditLine *editor, const char *name, const char *help, didojo_command_fn function) {
    return el_set(editor, EL_ADDFN, name, help, function);
}

int didojo_el_bind(EditLine *editor, const char *key, const char *command) {
    /* The argument list of EL_BIND is NULL-terminated. */
    return el_set(editor, EL_BIND, key, command, (const char *)NULL);
}

int didojo_el_set_tty(EditLine *editor, const char *mode, const char *flag) {
    return el_set(editor, EL_SETTY, mode, flag, (const char *)NULL);
}

int didojo_el_set_signal(EditLine *editor, int on) {
    return el_set(editor, EL_SIGNAL, on);
}

int didojo_el_set_clientdata(EditLine *editor, void *data) {
    return el_set(editor, EL_CLIENTDATA, data);
}

void *didojo_el_get_clientdata(EditLine *editor) {
    void *data = NULL;
    if (el_get(editor, EL_CLIENTDATA, &data) != 0) {
        return NULL;
    }
    return data;
}

int didojo_history_set_size(History *history_list, int size) {
    HistEvent event;
    return history(history_list, &event, H_SETSIZE, size);
}

int didojo_history_set_unique(History *history_list, int unique) {
    HistEvent event;
    return history(history_list, &event, H_SETUNIQUE, unique);
}

int didojo_history_enter(History *history_list, const char *line) {
    HistEvent event;
    return history(history_list, &event, H_ENTER, line);
}

int didojo_history_clear(History *history_list) {
    HistEvent event;
    return history(history_list, &event, H_CLEAR);
}

int didojo_history_count(History *history_list) {
    HistEvent event;
    if (history(history_list, &event, H_GETSIZE) < 0) {
        return -1;
    }
    return event.num;
}

/* Set only by the signal handler, read and cleared by didojo_interrupt_take. */
static volatile sig_atomic_t didojo_interrupt_flag = 0;

/* The wake pipe: the handler writes a byte to its write end, so that a thread waiting in
   poll(2) on the read end wakes at once. Both ends non-blocking (a full pipe must not block
   the handler; draining must not block the reader) and close-on-exec. */
static int didojo_interrupt_pipe[2] = {-1, -1};

static void didojo_interrupt_handler(int signal_number) {
    (void)signal_number;
    didojo_interrupt_flag = 1;
    if (didojo_interrupt_pipe[1] >= 0) {
        int saved_errno = errno;
        char byte = 1;
        (void)!write(didojo_interrupt_pipe[1], &byte, 1);
        errno = saved_errno;
    }
}

int didojo_interrupt_descriptor(void) {
    return didojo_interrupt_pipe[0];
}

void didojo_interrupt_drain(void) {
    char bytes[64];
    if (didojo_interrupt_pipe[0] < 0) {
        return;
    }
    while (read(didojo_interrupt_pipe[0], bytes, sizeof bytes) > 0) {
    }
}

/* Unblocks `signal_number` in the calling thread (and the threads it starts from then on), so
   that the process has a thread to take it: a program started from a thread that blocked it
   (a Dispatch worker of another Swift program, say) inherits it blocked, and would otherwise
   never see it arrive. */
static void didojo_unblock(int signal_number) {
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &only, NULL);
}

void didojo_interrupt_install(void) {
    if (didojo_interrupt_pipe[0] < 0 && pipe2(didojo_interrupt_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        didojo_interrupt_pipe[0] = didojo_interrupt_pipe[1] = -1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = didojo_interrupt_handler;
    sigemptyset(&action.sa_mask);
    /* No SA_RESTART: a read() blocked on the terminal must fail with EINTR
       so the line editor returns instead of waiting for the next key. */
    action.sa_flags = 0;
    sigaction(SIGINT, &action, NULL);
    didojo_unblock(SIGINT);
}

/* Set only by the stop handler: the last stop signal that arrived. */
static volatile sig_atomic_t didojo_stop_signal_number = 0;

static void didojo_stop_handler(int signal_number) {
    didojo_stop_signal_number = signal_number;
    didojo_interrupt_handler(signal_number);
}

void didojo_interrupt_install_stop_signals(void) {
    didojo_interrupt_install();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = didojo_stop_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    didojo_unblock(SIGTERM);
    didojo_unblock(SIGHUP);
}

int didojo_stop_signal(void) {
    return didojo_stop_signal_number;
}

void didojo_end_by_stop_signal(void) {
    int stop = didojo_stop_signal_number;
    if (stop == 0) {
        return;
    }
    signal(stop, SIG_DFL);
    /* Unblocked first: the calling thread may block it (a thread of Swift's concurrency may),
       and raise() delivers to the calling thread. */
    didojo_unblock(stop);
    raise(stop);
}

int didojo_interrupt_take(void) {
    /* An atomic exchange, so a signal arriving between "read" and "clear"
       is never lost. */
    return __atomic_exchange_n(&didojo_interrupt_flag, 0, __ATOMIC_SEQ_CST) != 0;
}
