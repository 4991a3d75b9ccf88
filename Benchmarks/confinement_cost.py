#!/usr/bin/env python3
"""What confining a program costs a start: CPU time (user + system) per start of /bin/true,
confined as a check confines the learner's program (Landlock ruleset built and applied, seccomp
filter installed, the same readable paths) against the same start unconfined.

CPU time, not wall-clock time: on a shared, loaded machine a start's wall-clock time varies
by more than the cost measured. The confinement code is DIDojo's own C
(Sources/CChildProcess/cchildprocess_confine.c), compiled here into a small launcher.

    python3 Benchmarks/confinement_cost.py [--starts 300]
"""
import argparse
import os
import resource
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIM = ROOT / "Sources" / "CChildProcess"
GOAL_MS = 10

LAUNCHER = r"""
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cchildprocess_internal.h"
/* launcher READABLE... -- WRITABLE... -- PROGRAM ARGS...; CONFINE=0 skips the confinement. */
int main(int argc, char **argv) {
    const char *readable[64], *writable[64];
    int r = 0, w = 0, i = 1;
    for (; i < argc && strcmp(argv[i], "--"); i++) readable[r++] = argv[i];
    readable[r] = NULL; i++;
    for (; i < argc && strcmp(argv[i], "--"); i++) writable[w++] = argv[i];
    writable[w] = NULL; i++;
    if (!getenv("CONFINE") || strcmp(getenv("CONFINE"), "0")) {
        cchildprocess_confinement confinement = { readable, writable };
        int abi = 0;
        int ruleset = cchildprocess_make_ruleset(&confinement, &abi);
        if (cchildprocess_apply_confinement(ruleset) != 0) return 70;
    }
    execv(argv[i], argv + i);
    return 71;
}
"""


def cpu_ms_per_start(command, env, starts):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(starts):
        subprocess.run(command, env=env, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used / starts * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--starts", type=int, default=300)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="didojo-confinement-") as folder:
        launcher = Path(folder) / "launcher"
        (Path(folder) / "launcher.c").write_text(LAUNCHER)
        subprocess.run(["cc", "-O2", f"-I{SHIM}", f"-I{SHIM / 'include'}", str(Path(folder) / "launcher.c"),
                        str(SHIM / "cchildprocess_confine.c"), "-o", str(launcher)], check=True)
        readable = ["/usr", "/lib", "/lib64", "/bin", "/proc", "/etc/ld.so.cache", "/dev/null", "/dev/urandom",
                    "/sys/devices/system/cpu", str(ROOT / ".build" / "debug")]
        command = [str(launcher), *readable, "--", folder, "--", "/bin/true"]
        confined_env = dict(os.environ, CONFINE="1")
        plain_env = dict(os.environ, CONFINE="0")
        rounds = []
        for _ in range(3):
            confined = cpu_ms_per_start(command, confined_env, options.starts)
            plain = cpu_ms_per_start(command, plain_env, options.starts)
            rounds.append(confined - plain)
        cost = sorted(rounds)[1]
        print(f"confinement, CPU per start: {cost:+.3f} ms (median of 3 rounds of {options.starts} starts, "
              f"confined minus unconfined); goal < {GOAL_MS} ms: {'yes' if cost < GOAL_MS else 'NO'}")
        print(f"load average: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")


if __name__ == "__main__":
    main()
