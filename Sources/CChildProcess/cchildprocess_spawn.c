#define _GNU_SOURCE
#include "cchildprocess_spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>

// Upper bound for the fallback loop, so a huge RLIMIT_NOFILE cannot make every start slow.
#define MAX_FDS_TO_CLOSE_BY_LOOP 65536

short cchildprocess_spawn_reset_signals(posix_spawnattr_t *attributes) {
    sigset_t every_signal;
    sigfillset(&every_signal);
    posix_spawnattr_setsigdefault(attributes, &every_signal);
    sigset_t no_signal;
    sigemptyset(&no_signal);
    posix_spawnattr_setsigmask(attributes, &no_signal);
    return POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK;
}

int cchildprocess_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 29))
    return posix_spawn_file_actions_addchdir_np(actions, path);
#else
    (void)actions;
    (void)path;
    return ENOSYS;
#endif
}

int cchildprocess_spawn_add_close_from(posix_spawn_file_actions_t *actions, int first) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, first);
#else
    // glibc ignores a close action whose descriptor was closed meanwhile (EBADF in range).
    for (int fd = first; fd < first + MAX_FDS_TO_CLOSE_BY_LOOP; fd++) {
        int flags = fcntl(fd, F_GETFD);
        if (flags < 0 || (flags & FD_CLOEXEC)) continue;
        int added = posix_spawn_file_actions_addclose(actions, fd);
        if (added != 0) return added;
    }
    return 0;
#endif
}
