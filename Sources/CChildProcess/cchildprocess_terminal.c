#define _GNU_SOURCE
#include "cchildprocess_terminal.h"

#include <errno.h>
#include <sys/wait.h>

int cchildprocess_spawn_add_take_terminal(posix_spawn_file_actions_t *actions, int terminal_fd) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))
    // glibc runs the file actions after POSIX_SPAWN_SETPGROUP and with every signal blocked,
    // so the child, still in a background group, is not stopped by SIGTTOU for asking.
    return posix_spawn_file_actions_addtcsetpgrp_np(actions, terminal_fd);
#else
    (void)actions;
    (void)terminal_fd;
    return ENOSYS;
#endif
}

int cchildprocess_wait_change(pid_t pid, int *change, int *value) {
    int status = 0;
    for (;;) {
        pid_t result = waitpid(pid, &status, WUNTRACED);
        if (result == pid) break;
        if (result < 0 && errno == EINTR) continue;
        return -1;
    }
    if (WIFSTOPPED(status)) {
        *change = CCHILDPROCESS_CHANGE_STOPPED;
        *value = WSTOPSIG(status);
    } else if (WIFSIGNALED(status)) {
        *change = CCHILDPROCESS_CHANGE_SIGNALED;
        *value = WTERMSIG(status);
    } else {
        *change = CCHILDPROCESS_CHANGE_EXITED;
        *value = WEXITSTATUS(status);
    }
    return 0;
}
