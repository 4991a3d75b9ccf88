#ifndef CCHILDPROCESS_SPAWN_H
#define CCHILDPROCESS_SPAWN_H

// Steps of a posix_spawn shared by the programs started in the foreground (ForegroundProcess)
// and by the tests' own (SpawnedProcess): two that glibc declares only behind _GNU_SOURCE, which
// Swift's Glibc module does not define (changing the child's folder, closing every descriptor
// it would otherwise inherit), and the reset of its signals.

#include <spawn.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Sets `attributes` so that the child starts with every signal at its default action and none
/// blocked: exec resets handlers, but an ignored signal stays ignored (a shell ignores SIGXFSZ,
/// Swift programs often SIGPIPE) and a blocked one stays blocked. Returns the flags
/// (POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) to add to the caller's own, which it sets
/// with posix_spawnattr_setflags.
short cchildprocess_spawn_reset_signals(posix_spawnattr_t *attributes);

/// Adds to `actions` a change of the child's working folder to `path` (glibc 2.29 and later:
/// posix_spawn_file_actions_addchdir_np). Returns 0 when added, or an errno value (ENOSYS where
/// the C library has no such step).
int cchildprocess_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path);

/// Adds to `actions` the closing of every descriptor from `first` up, so that the child
/// inherits only what the actions before it set up (glibc 2.34 and later:
/// posix_spawn_file_actions_addclosefrom_np, done in the child, whatever other threads open
/// meanwhile). On an older glibc, adds a close for each descriptor below `first + 65536` that
/// is open now and not close-on-exec (those close by themselves).
///
/// Why not read /proc/self/fd from Swift as Foundation's `Process.run()` does: its reading
/// copies 256 bytes from every directory entry, and with some 1,400 descriptors open a copy
/// can run past the end of glibc's buffer into an unmapped page (a crash fixed upstream in
/// swift-corelibs-foundation #5472, not in the toolchain this project builds with).
///
/// Returns 0, or an errno value.
int cchildprocess_spawn_add_close_from(posix_spawn_file_actions_t *actions, int first);

#ifdef __cplusplus
}
#endif

#endif
