#!/usr/bin/env python3
"""Fresh clone to first prompt (issue 29): what a new learner waits for, measured as they meet it.

Clones this repository (its HEAD, or --revision) into a temporary folder and runs `./start.sh`
there in a pseudo-terminal of 80x24, with a temporary HOME: empty SwiftPM caches (packages and
manifests), an empty clang module cache and no DIDojo caches or workspace. Prints the time from
the start to the first `didojo>` prompt, the CPU time (user + sys) of everything start.sh ran
until then (less disturbed than the wall time by other work on a shared machine), the load
average sampled during the run, the time of each product's build, what start.sh left on the
screen, and then the same for a second start right after (which should build nothing).
Everything it made is deleted at the end, unless --keep.

Not a test: a build from nothing takes minutes of every core. Run it by hand:
    python3 Benchmarks/fresh_clone.py                      # the checkout's HEAD
    python3 Benchmarks/fresh_clone.py --revision 1f44b23   # an older start.sh, for comparison
(`Benchmarks/benchmark.py --fresh-clone` does the same.)
"""
import argparse
import codecs
import datetime
import fcntl
import os
import platform
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GOAL_SECONDS = 300
ROWS, COLUMNS = 24, 80
PROMPT = re.compile(rb"didojo[^\n>]*> ")
LOAD_SAMPLE_SECONDS = 15
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def note(text):
    print(text, file=sys.stderr, flush=True)


def load_average():
    return float(Path("/proc/loadavg").read_text().split()[0])


def cpu_seconds(pid):
    """User and system seconds of `pid` and of every descendant it has waited for (utime,
    stime, cutime, cstime of /proc/PID/stat): start.sh's builds, which bash reaped before it
    became didojo with exec."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    utime, stime, cutime, cstime = (int(value) / CLOCK_TICKS for value in fields[11:15])
    return utime + cutime, stime + cstime


class Screen:
    """What a terminal shows of the bytes written to it, as far as start.sh and a prompt need:
    lines, a carriage return, erase to the end of the line; other escapes are dropped."""

    ESCAPE = re.compile(r"\x1b\[[0-9;?]*([A-Za-z])")

    def __init__(self):
        self.lines = [""]
        self.column = 0

    def write(self, text):
        position = 0
        for match in self.ESCAPE.finditer(text):
            self._put(text[position:match.start()])
            if match.group(1) == "K":
                self.lines[-1] = self.lines[-1][:self.column]
            position = match.end()
        self._put(text[position:])

    def _put(self, text):
        for character in text:
            if character == "\n":
                self.lines.append("")
                self.column = 0
            elif character == "\r":
                self.column = 0
            elif character >= " " or character == "\t":
                line = self.lines[-1]
                self.lines[-1] = line[:self.column] + character + line[self.column + 1:]
                self.column += 1

    def text(self):
        return "\n".join(self.lines)


class Start:
    """One `./start.sh` in a pseudo-terminal, timed to its first prompt."""

    def __init__(self, clone, env):
        self.started = time.perf_counter()
        self.pid, self.master = pty.fork()
        if self.pid == 0:
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
                os.chdir(clone)
                os.execve("./start.sh", ["./start.sh"], env)
            finally:
                os._exit(127)
        self.output = b""
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.screen = Screen()
        self.loads = []

    def wait_for_prompt(self, timeout):
        """(seconds to the prompt, (user, sys) CPU seconds then); None when start.sh ended or
        timed out without one."""
        deadline = time.perf_counter() + timeout
        next_sample = time.perf_counter()
        while time.perf_counter() < deadline:
            if time.perf_counter() >= next_sample:
                self.loads.append(load_average())
                next_sample += LOAD_SAMPLE_SECONDS
            ready, _, _ = select.select([self.master], [], [], 1)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return None
            if not chunk:
                return None
            self.output += chunk
            self.screen.write(self.decoder.decode(chunk))
            if PROMPT.search(self.output):
                elapsed = time.perf_counter() - self.started
                return elapsed, cpu_seconds(self.pid)
        return None

    def quit(self):
        """Types `quit`; kills the whole session if the shell has not ended within 10 s."""
        try:
            os.write(self.master, b"quit\n")
        except OSError:
            pass
        deadline = time.perf_counter() + 10
        while time.perf_counter() < deadline:
            if os.waitpid(self.pid, os.WNOHANG)[0]:
                break
            try:
                while select.select([self.master], [], [], 0.1)[0] and os.read(self.master, 65536):
                    pass
            except OSError:
                time.sleep(0.1)
        else:
            # start.sh is the leader of the pty's session: its builds are in its process group.
            os.killpg(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.master)


def product_builds(log):
    """Each `swift build` of start.sh's log and the time SwiftPM gave for it."""
    builds = []
    product = "swift build"
    for line in log.splitlines():
        header = re.match(r"### swift build --product (\S+)", line)
        if header:
            product = header.group(1)
        done = re.search(r"Build (?:of product '([^']+)' )?complete! \(([0-9.]+)s\)", line)
        if done:
            builds.append((done.group(1) or product, float(done.group(2))))
    return builds


def compiled_lines(log):
    """What a build compiled or linked (SwiftPM's "Compiling plugin" comes with every build)."""
    return [line for line in log.splitlines()
            if re.match(r"\[[0-9]+/[0-9]+\] (Compiling|Linking) ", line) and "] Compiling plugin " not in line]


# Modules of the live class server and its packages: Hummingbird, swift-nio (and its BoringSSL),
# swift-crypto, postgres-nio, GRDB, and the server's own targets.
SERVER_MODULE = re.compile(r"(_?C?NIO|Hummingbird|GRDB|_?C?Crypto|Postgres|ClassServer$|didojo[-_]class$)")


def server_steps(compiled):
    """The steps of `compiled` that built a module of the class server or its packages."""
    return [line for line in compiled if SERVER_MODULE.match(line.split()[2])]


def run_start(label, clone, env, timeout):
    note(f"{label}: ./start.sh in {clone}…")
    log_file = clone / ".build" / "start-build.log"
    # A start that finds nothing to build does not run SwiftPM and writes no log: no old one may
    # pass for its own.
    if log_file.exists():
        log_file.unlink()
    start = Start(clone, env)
    try:
        reached = start.wait_for_prompt(timeout)
    finally:
        start.quit()
    log = log_file.read_text(errors="replace") if log_file.exists() else ""
    if log:
        # The next start writes its own; this one is kept beside it (for --keep).
        log_file.with_name(f"start-build-{label.split()[0]}.log").write_text(log)
    if reached is None:
        raise SystemExit(f"{label}: no prompt within {timeout} s; the screen:\n{start.screen.text()}\n\nthe log's end:\n{log[-3000:]}")
    elapsed, (user, system) = reached
    # What start.sh printed before the shell's own first words.
    said = [line for line in start.screen.text().split("\n") if line.strip()]
    welcome = next((i for i, line in enumerate(said) if "learn Dependency Injection" in line), len(said))
    return {
        "seconds": elapsed, "user": user, "system": system, "loads": start.loads,
        "builds": product_builds(log), "compiled": compiled_lines(log), "said": said[:welcome], "swiftpm": bool(log),
    }


def describe(label, run):
    cpu = run["user"] + run["system"]
    loads = run["loads"]
    print(f"{label}:")
    print(f"  to the first prompt   {run['seconds']:7.1f} s ({run['seconds'] / 60:.1f} min)"
          f"   goal <= {GOAL_SECONDS} s: {'yes' if run['seconds'] <= GOAL_SECONDS else 'NO'}")
    print(f"  CPU, user + sys       {cpu:7.1f} s (user {run['user']:.1f} s, sys {run['system']:.1f} s)")
    if loads:
        print(f"  load average (1 min)  mean {sum(loads) / len(loads):.1f}, {min(loads):.1f} to {max(loads):.1f} "
              f"({len(loads)} samples, every {LOAD_SAMPLE_SECONDS} s)")
    if run["builds"]:
        print("  builds (SwiftPM's times)  " + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in run["builds"]))
    if run["swiftpm"]:
        print(f"  compiled or linked    {len(run['compiled'])} steps, {len(server_steps(run['compiled']))} of them "
              "of the class server or its packages")
    else:
        print("  SwiftPM               not run (start.sh found nothing to build)")
    print("  before the welcome    " + (" | ".join(run["said"]) if run["said"] else "(nothing)"))


def main(arguments=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--revision", default="HEAD", help="the commit to clone (default: HEAD of this checkout)")
    parser.add_argument("--timeout", type=int, default=3600, help="seconds to wait for the first prompt")
    parser.add_argument("--keep", action="store_true", help="keep the clone and its temporary HOME (their path is printed)")
    options = parser.parse_args(arguments)

    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    scratch = Path(tempfile.mkdtemp(prefix="didojo-fresh-clone-"))
    try:
        clone = scratch / "DIDojo"
        subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(REPO), str(clone)], check=True)
        subprocess.run(["git", "-C", str(clone), "checkout", "--quiet", "--detach", options.revision], check=True)
        revision = subprocess.run(["git", "-C", str(clone), "log", "-1", "--format=%h %cs %s"],
                                  capture_output=True, text=True, check=True).stdout.strip()
        home = scratch / "home"
        home.mkdir()
        env = {key: value for key, value in os.environ.items() if key not in ("VISUAL", "EDITOR")}
        env.update({
            # SwiftPM keeps its package and manifest caches under HOME (~/.cache/org.swift.swiftpm).
            "HOME": str(home),
            "XDG_CACHE_HOME": str(home / ".cache"),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_STATE_HOME": str(home / ".local" / "state"),
            "CLANG_MODULE_CACHE_PATH": str(scratch / "clang-module-cache"),
            "DIDOJO_WORKSPACE": str(scratch / "workspace"),
            "TERM": os.environ.get("TERM") or "xterm-256color",
        })
        now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        load_before = load_average()
        first = run_start("first start", clone, env, options.timeout)
        second = run_start("second start", clone, env, options.timeout)
        print(f"DIDojo, fresh clone to first prompt, {now}")
        print(f"machine: {os.cpu_count()} cores ({platform.machine()}); {swift[0] if swift else 'swift: ?'}")
        print(f"revision: {revision}")
        print(f"load average (1 min) before {load_before:.1f}, after {load_average():.1f}")
        print(f"clone: {clone} ({'kept' if options.keep else 'deleted'}); HOME, SwiftPM, clang and DIDojo caches empty at the start")
        print()
        describe("first start (a fresh clone)", first)
        describe("second start (right after)", second)
        if second["compiled"]:
            print("  the second start compiled: " + "; ".join(second["compiled"][:12])
                  + (" …" if len(second["compiled"]) > 12 else ""))
    finally:
        if not options.keep:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
