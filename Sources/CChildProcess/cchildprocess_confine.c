// Confinement of a child: what the learner's program may touch, enforced by the kernel.
//
// Two mechanisms, each for what it does best, both available to an unprivileged process:
//
// - Landlock (Linux 5.13 on): the file system (read and execute only what is listed, write
//   only in the listed folders), TCP bind and connect (ABI 4, Linux 6.7), and scoping (ABI 6,
//   Linux 6.12): no signal to a process outside the child's own domain, no connection to an
//   abstract Unix socket made outside it. A Landlock domain also stops ptrace and
//   process_vm_readv/writev on any process outside it, from the first ABI on.
// - seccomp: what Landlock does not cover. No socket() at all (UDP, raw, netlink, and Unix
//   sockets with a path, which Landlock lets connect), and none of the system calls that
//   reach beyond the process whatever the file system says (io_uring, which runs operations
//   out of seccomp's sight; bpf; perf_event_open; the administrator's calls a root user
//   could otherwise make: mount, reboot, modules, clocks, swap, keys). socketpair() stays:
//   Swift's crash backtracer talks to the crashed process over one.
//
// The ruleset is built in the starting process, before fork(), since it needs to open each
// path; the child only applies it (landlock_restrict_self and seccomp are plain system
// calls, async-signal-safe). The reaper is never confined: it must see /proc and signal the
// whole run.
//
// The Landlock constants past ABI 2 are spelled out here: the C library headers of older
// systems (Debian 12's among them) stop at ABI 2, while the kernel they run on may be newer.

#define _GNU_SOURCE
#include "cchildprocess_internal.h"
#include "cchildprocess.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif

#define LL_CREATE_RULESET_VERSION (1U << 0)
#define LL_RULE_PATH_BENEATH 1

#define LL_FS_EXECUTE (1ULL << 0)
#define LL_FS_WRITE_FILE (1ULL << 1)
#define LL_FS_READ_FILE (1ULL << 2)
#define LL_FS_READ_DIR (1ULL << 3)
#define LL_FS_REMOVE_DIR (1ULL << 4)
#define LL_FS_REMOVE_FILE (1ULL << 5)
#define LL_FS_MAKE_CHAR (1ULL << 6)
#define LL_FS_MAKE_DIR (1ULL << 7)
#define LL_FS_MAKE_REG (1ULL << 8)
#define LL_FS_MAKE_SOCK (1ULL << 9)
#define LL_FS_MAKE_FIFO (1ULL << 10)
#define LL_FS_MAKE_BLOCK (1ULL << 11)
#define LL_FS_MAKE_SYM (1ULL << 12)
#define LL_FS_REFER (1ULL << 13)     // ABI 2
#define LL_FS_TRUNCATE (1ULL << 14)  // ABI 3
#define LL_FS_IOCTL_DEV (1ULL << 15) // ABI 5

#define LL_NET_BIND_TCP (1ULL << 0)    // ABI 4
#define LL_NET_CONNECT_TCP (1ULL << 1) // ABI 4

#define LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0) // ABI 6
#define LL_SCOPE_SIGNAL (1ULL << 1)               // ABI 6

// The kernel's struct landlock_ruleset_attr; it takes a prefix of it from older ABIs.
typedef struct {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
} ll_ruleset_attr;

typedef struct __attribute__((packed)) {
    uint64_t allowed_access;
    int32_t parent_fd;
} ll_path_beneath_attr;

// Rights that make sense on a file (the kernel refuses directory rights on one).
#define LL_FILE_RIGHTS (LL_FS_EXECUTE | LL_FS_WRITE_FILE | LL_FS_READ_FILE | LL_FS_TRUNCATE | LL_FS_IOCTL_DEV)

int cchildprocess_landlock_abi(void) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LL_CREATE_RULESET_VERSION);
    return abi < 0 ? 0 : (int)abi;
}

// Every file system right the kernel of `abi` knows, so that all of them are denied unless
// a rule grants them.
static uint64_t handled_fs(int abi) {
    uint64_t rights = LL_FS_EXECUTE | LL_FS_WRITE_FILE | LL_FS_READ_FILE | LL_FS_READ_DIR | LL_FS_REMOVE_DIR |
                      LL_FS_REMOVE_FILE | LL_FS_MAKE_CHAR | LL_FS_MAKE_DIR | LL_FS_MAKE_REG | LL_FS_MAKE_SOCK |
                      LL_FS_MAKE_FIFO | LL_FS_MAKE_BLOCK | LL_FS_MAKE_SYM;
    if (abi >= 2) rights |= LL_FS_REFER;
    if (abi >= 3) rights |= LL_FS_TRUNCATE;
    if (abi >= 5) rights |= LL_FS_IOCTL_DEV;
    return rights;
}

// Grants `rights` beneath `path` (a folder, or a single file). A path that does not exist is
// skipped: nothing there to grant.
static int add_path_rule(int ruleset, const char *path, uint64_t rights, uint64_t handled) {
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT || errno == ENOTDIR ? 0 : -1;
    struct stat info;
    if (fstat(fd, &info) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    ll_path_beneath_attr rule;
    rule.allowed_access = rights & handled & (S_ISDIR(info.st_mode) ? ~0ULL : LL_FILE_RIGHTS);
    rule.parent_fd = fd;
    long added = syscall(SYS_landlock_add_rule, ruleset, LL_RULE_PATH_BENEATH, &rule, 0);
    int saved = errno;
    close(fd);
    errno = saved;
    return added == 0 ? 0 : -1;
}

int cchildprocess_make_ruleset(const cchildprocess_confinement *confinement, int *abi_out) {
    int abi = cchildprocess_landlock_abi();
    *abi_out = abi;
    if (abi <= 0) return -1;

    ll_ruleset_attr attributes;
    memset(&attributes, 0, sizeof attributes);
    attributes.handled_access_fs = handled_fs(abi);
    size_t size = offsetof(ll_ruleset_attr, handled_access_net);
    if (abi >= 4) {
        // No rule grants a port: every TCP bind and connect is refused.
        attributes.handled_access_net = LL_NET_BIND_TCP | LL_NET_CONNECT_TCP;
        size = offsetof(ll_ruleset_attr, scoped);
    }
    if (abi >= 6) {
        attributes.scoped = LL_SCOPE_ABSTRACT_UNIX_SOCKET | LL_SCOPE_SIGNAL;
        size = sizeof attributes;
    }
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attributes, size, 0);
    if (ruleset < 0) return -1;
    (void)fcntl(ruleset, F_SETFD, FD_CLOEXEC);

    uint64_t handled = attributes.handled_access_fs;
    uint64_t read_rights = LL_FS_EXECUTE | LL_FS_READ_FILE | LL_FS_READ_DIR;
    for (const char *const *path = confinement->readable; path != NULL && *path != NULL; path++) {
        if (add_path_rule(ruleset, *path, read_rights, handled) != 0) goto failed;
    }
    for (const char *const *path = confinement->writable; path != NULL && *path != NULL; path++) {
        if (add_path_rule(ruleset, *path, handled, handled) != 0) goto failed;
    }
    return ruleset;

failed: {
        int saved = errno;
        close(ruleset);
        errno = saved;
        return -1;
    }
}

// MARK: - seccomp

#if defined(__x86_64__)
#define CONFINE_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define CONFINE_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

// A refused call fails with this errno, as a permission the program does not have.
#define REFUSE (SECCOMP_RET_ERRNO | (EACCES & SECCOMP_RET_DATA))
#define DENY(name) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_##name, 0, 1), BPF_STMT(BPF_RET | BPF_K, REFUSE)

#ifdef CONFINE_AUDIT_ARCH
static struct sock_filter seccomp_program[] = {
    // A call made with another architecture's numbers (32-bit x86 on x86_64) is refused
    // whole: its numbers mean other calls.
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, CONFINE_AUDIT_ARCH, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__)
    // x32 calls carry a bit of their own on x86_64.
    BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
#endif
    // The network, whatever the family.
    DENY(socket),
    // Other processes' memory and tracing (Landlock refuses them too, outside its domain).
    DENY(ptrace),
    DENY(process_vm_readv),
    DENY(process_vm_writev),
    // What runs out of seccomp's sight, or reaches into the kernel.
    DENY(io_uring_setup),
    DENY(io_uring_enter),
    DENY(io_uring_register),
    DENY(bpf),
    DENY(perf_event_open),
    DENY(userfaultfd),
    DENY(keyctl),
    DENY(add_key),
    DENY(request_key),
    // A root user's calls on the whole machine.
    DENY(mount),
    DENY(umount2),
    DENY(pivot_root),
    DENY(reboot),
    DENY(kexec_load),
#ifdef SYS_kexec_file_load
    DENY(kexec_file_load),
#endif
    DENY(init_module),
    DENY(finit_module),
    DENY(delete_module),
    DENY(swapon),
    DENY(swapoff),
    DENY(settimeofday),
    DENY(clock_settime),
    DENY(clock_adjtime),
    DENY(adjtimex),
    DENY(sethostname),
    DENY(setdomainname),
#if defined(__x86_64__)
    DENY(iopl),
    DENY(ioperm),
#endif
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
};
#endif

int cchildprocess_seccomp_supported(void) {
#ifdef CONFINE_AUDIT_ARCH
    return prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0;
#else
    return 0;
#endif
}

int cchildprocess_apply_confinement(int ruleset_fd) {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    if (ruleset_fd >= 0) {
        if (syscall(SYS_landlock_restrict_self, ruleset_fd, 0) != 0) return -1;
        close(ruleset_fd);
    }
#ifdef CONFINE_AUDIT_ARCH
    struct sock_fprog program = {
        .len = (unsigned short)(sizeof seccomp_program / sizeof seccomp_program[0]),
        .filter = seccomp_program,
    };
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) != 0) return -1;
#endif
    return 0;
}
