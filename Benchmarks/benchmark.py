#!/usr/bin/env python3
"""DIDojo's speed benchmark (issue 9): prints one table with every figure and its goal.

Run it through Benchmarks/benchmark.sh, which builds first. Not a test: the machine may be
shared and noisy, so it reports medians, the load average, and whether each goal is met,
and leaves the judging to a person.

What is measured (all against a fresh temporary workspace and cache, never the user's):
- start-up: exec of `didojo` on a pseudo-terminal until its first prompt appears;
- `didojo check ID` after an edit of the exercise file (see Edits), warm (caches filled by
  earlier checks), after an edit that changes the file's interface, and cold (see COLD);
- `didojo verify --solutions` over every lesson, once;
- the naive route (see NaiveRoute) and the compile floor (`swiftc -typecheck` of the
  exercise file alone, with the same module flags and a warm cache), for the same exercises;
- peak resident memory of the shell and of one check.

`--fresh-clone` measures something else: a fresh clone to its first prompt (Benchmarks/fresh_clone.py).
"""
import argparse
import datetime
import os
import platform
import pty
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import fcntl
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# The default exercises, one of every lesson, come from `didojo list` (see default_exercises),
# so that a new lesson needs no edit here. Lesson 6 uses its third exercise, the one that imports
# Swinject (lesson 7's first uses swift-dependencies and its macros); lesson 10's first compiles
# in Swift 6 mode; and a test-writing exercise is added, whose learner's tests run against the
# subject and nine planted bugs.
EXERCISE_OF_LESSON = {"container": 3}
TEST_WRITING_DEFAULT = "constructor.4"

STARTUP_GOAL = 0.025
WARM_CHECK_GOAL = 1.0
NAIVE_RATIO_GOAL = 3.0
# Issue 33: every kind of check near the compiler's floor (`swiftc -typecheck` of the file).
WARM_FLOOR_RATIO_GOAL = 1.5      # `didojo check` after a body edit, from the command line
ERROR_FLOOR_RATIO_GOAL = 1.2     # a check that stops at a compile error, against the floor of the same broken file
INTERFACE_GOAL = 0.5             # a check after a member was added (the checks see a new interface)
TEST_WRITING_GOAL = 0.6          # a test-writing check: the learner's tests against the subject and every planted bug
COLD_GOAL = 1.5                  # the first check with a new cache, no warm-up
TEST_WRITING_EXERCISES = {"constructor.4"}
# The figures `--compare` holds a run against, as ratios to the floor (see Baseline).
BASELINE = Path(__file__).resolve().parent / "baseline.json"
DRIFT_LIMIT = 0.15

COLD = ("cold = the first check with an empty compiler module cache and no compiled steps (a new $XDG_CACHE_HOME), "
        "as right after a fresh build or install; the OS file cache is left warm (not dropped on a shared machine)")
FIRST_CHECK_GOAL = 1.0
FIRST_CHECK_WAIT = 30


class Edits:
    """Rewrites an exercise file before each timed check, so that no check finds its file
    unchanged (DIDojo would then compile nothing at all):
    - `body`: appends a comment. The code under test must be compiled again, its interface
      stays the same: what a learner does most, fixing what a function does, then `check`.
    - `interface`: adds a function. The checks, compiled against the interface, must be
      compiled again too: what a learner does when adding or renaming something.
    - `error`: adds a line that does not compile (a new value each time, so that no cache
      holds its answer): what a learner meets most while working."""

    def __init__(self):
        self.count = 0

    def apply(self, path, kind):
        original = path.read_text().split("\n// benchmark edit")[0]
        self.count += 1
        addition = {
            "interface": f"func benchmarkProbe{self.count}() {{}}",
            "error": f'let benchmarkMistake{self.count}: Int = "{self.count}"',
        }.get(kind, f"// {self.count}")
        path.write_text(f"{original}\n// benchmark edit\n{addition}\n")

ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\r")
PROMPT = re.compile(rb"didojo[^\n>]*> ")


# What running the learner's code confined (Landlock, seccomp) and audited may cost a check.
CONFINEMENT_GOAL_MS = 10
CONFINEMENT_PAIRS = 30


def median_with_interval(differences, resamples=2000, seed=33):
    """The median of paired differences and its 95 % bootstrap interval (the pairs resampled
    with replacement, a fixed seed so that the same figures print the same interval).

    Why an interval: the confinement row is a difference of a few milliseconds between checks
    that move by ten from one to the next on a shared machine. Its median alone read anywhere
    from -4 to +13 ms for the same build within an hour (2026-11-28), and decided a goal by
    which side of 10 ms the noise fell."""
    import random
    rng = random.Random(seed)
    ordered = sorted(statistics.median(rng.choices(differences, k=len(differences))) for _ in range(resamples))
    return statistics.median(differences), ordered[int(0.025 * resamples)], ordered[int(0.975 * resamples) - 1]


def interval_verdict(low, high, goal):
    """"yes" when the whole interval is under the goal, "NO" when it is all over it, and
    "not decided" when the goal falls inside it: the machine's noise is wider than the answer."""
    if high < goal:
        return "yes"
    if low >= goal:
        return "NO"
    return "not decided (the noise spans the goal: run it again on a quieter machine)"


def default_exercises(paths):
    """The first exercise of every lesson (EXERCISE_OF_LESSON says otherwise), in the lessons'
    order, then the test-writing one; `paths` is `Didojo.exercises()`, in that order."""
    chosen = []
    for exercise_id in paths:
        lesson, number = exercise_id.rsplit(".", 1)
        if int(number) == EXERCISE_OF_LESSON.get(lesson, 1):
            chosen.append(exercise_id)
    return chosen + ([TEST_WRITING_DEFAULT] if TEST_WRITING_DEFAULT in paths else [])


def note(text):
    print(text, file=sys.stderr, flush=True)


def load_average():
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def seconds(value):
    return "-" if value is None else f"{value:.3f} s"


def megabytes(kilobytes):
    return "-" if kilobytes is None else f"{kilobytes / 1024:.0f} MiB"


def verdict(met):
    return "-" if met is None else ("yes" if met else "NO")


class Didojo:
    """The built `didojo`, run against a workspace and a cache of the benchmark's own."""

    def __init__(self, executable, scratch):
        self.executable = str(executable)
        self.scratch = scratch
        self.workspace = scratch / "workspace"
        self.cache = scratch / "cache"
        self.env = dict(os.environ)
        self.env.update({
            "DIDOJO_WORKSPACE": str(self.workspace),
            "XDG_CACHE_HOME": str(self.cache),
            "XDG_STATE_HOME": str(scratch / "state"),
            "NO_COLOR": "1",
        })
        self.env.pop("VISUAL", None)
        self.env.pop("EDITOR", None)

    def run(self, *arguments, env=None):
        """Runs a subcommand; returns (seconds, exit status, peak RSS in KiB of its largest process)."""
        started = time.perf_counter()
        self.started_ns = time.monotonic_ns()
        process = subprocess.Popen(
            [self.executable, *arguments], env=env or self.env,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        # wait4's usage covers the process and every descendant it waited for: for a check,
        # the peak is the largest of didojo, the compiler and the test program.
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - started
        self.ended_ns = time.monotonic_ns()
        # Processor time of the process and every descendant it waited for (the reapers wait
        # for the compiler and the test program): less moved by a busy machine than wall time.
        self.last_cpu = usage.ru_utime + usage.ru_stime
        process.returncode = os.waitstatus_to_exitcode(status)
        return elapsed, process.returncode, usage.ru_maxrss

    def traced(self, *arguments):
        """Runs a subcommand with DIDOJO_TRACE set; returns its moments as [(ms since exec, what)],
        ending with the exit (see PhaseTrace in Sources/ChildProcess)."""
        trace = self.scratch / "trace.txt"
        trace.unlink(missing_ok=True)
        self.run(*arguments, env=dict(self.env, DIDOJO_TRACE=str(trace)))
        moments = []
        for line in trace.read_text().splitlines():
            nanoseconds, _, what = line.split(" ", 2)
            moments.append(((int(nanoseconds) - self.started_ns) / 1e6, what))
        moments.append(((self.ended_ns - self.started_ns) / 1e6, "exit"))
        return moments

    def exercises(self):
        """{exercise id: workspace file path}, from `didojo list --format json`."""
        import json
        listing = subprocess.run(
            [self.executable, "list", "--format", "json"], env=self.env, check=True, capture_output=True, text=True
        ).stdout
        return {e["id"]: Path(e["path"]) for lesson in json.loads(listing) for e in lesson["exercises"]}


class PseudoTerminal:
    """`didojo` on a pseudo-terminal of its own (a new session with the pty as its controlling
    terminal), as a person starts it."""

    def __init__(self, didojo):
        self.started = time.perf_counter()
        self.pid, self.master = pty.fork()
        if self.pid == 0:
            os.execve(didojo.executable, [didojo.executable], didojo.env)
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
        self.screen = b""

    def wait_for(self, pattern, after=0, timeout=120):
        """Seconds since exec when `pattern` (bytes regex) appears after `after`; None on time-out."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            match = pattern.search(self.screen, after)
            if match:
                return match.end()
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    return None
                if not chunk:
                    return None
                self.screen += ANSI.sub(b"", chunk)
        return None

    def type(self, text):
        os.write(self.master, text.encode())

    def peak_memory(self):
        """The shell's own peak resident memory so far (VmHWM), in KiB."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        return None

    def close(self):
        self.type("quit\n")
        deadline = time.perf_counter() + 10
        while time.perf_counter() < deadline:
            pid, _ = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                break
            time.sleep(0.02)
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.master)


def measure_startup(didojo, runs):
    times = []
    for _ in range(runs):
        session = PseudoTerminal(didojo)
        end = session.wait_for(PROMPT)
        if end is None:
            session.close()
            raise SystemExit(f"didojo showed no prompt; its screen:\n{session.screen.decode(errors='replace')}")
        times.append(time.perf_counter() - session.started)
        session.close()
    return statistics.median(times)


def measure_check_in_shell(didojo, exercise_id, runs, edit, between=lambda: None):
    """`check ID` typed in one shell session after `edit()`: from the Enter key to the next prompt.
    `between()` runs after each timed check, while the shell waits at its prompt."""
    session = PseudoTerminal(didojo)
    times = []
    try:
        position = session.wait_for(PROMPT)
        for run in range(runs + 1):  # the first is a warm-up
            edit()
            started = time.perf_counter()
            session.type(f"check {exercise_id}\n")
            position = session.wait_for(re.compile(rb"passed|failed|\xe2\x9c\x97"), position)
            position = position and session.wait_for(PROMPT, position)
            if position is None:
                return None
            times.append(time.perf_counter() - started)
            if run > 0:
                between()
        return statistics.median(times[1:])
    finally:
        session.close()


def measure_first_check(didojo, exercise_id, wait, edits):
    """A fresh install as a learner meets it: a new $XDG_CACHE_HOME and a new workspace, the
    shell started (which warms the checker up in the background for the exercise the learner
    is on, the first one), the learner's file edited (a comment appended, as a change of a
    function's body) and `check ID` typed `wait` seconds after the first prompt; from the
    Enter key to the next prompt."""
    fresh = Path(tempfile.mkdtemp(dir=didojo.scratch, prefix="first-check-"))
    original = didojo.env
    workspace = fresh / "workspace"
    didojo.env = dict(original, XDG_CACHE_HOME=str(fresh / "cache"), DIDOJO_WORKSPACE=str(workspace))
    session = PseudoTerminal(didojo)
    try:
        position = session.wait_for(PROMPT)
        time.sleep(wait)
        lesson, number = exercise_id.rsplit(".", 1)
        learner_file = next((workspace / lesson / number).glob("*.swift"))
        edits.apply(learner_file, "body")
        started = time.perf_counter()
        session.type(f"check {exercise_id}\n")
        position = session.wait_for(re.compile(rb"passed|failed|\xe2\x9c\x97"), position, timeout=300)
        position = position and session.wait_for(PROMPT, position)
        return None if position is None else time.perf_counter() - started
    finally:
        session.close()
        didojo.env = original
        shutil.rmtree(fresh, ignore_errors=True)


def measure_shell_memory(didojo, exercise_id):
    """Peak memory of the shell process after start-up, a page, and one check typed in it."""
    session = PseudoTerminal(didojo)
    try:
        position = session.wait_for(PROMPT)
        session.type(f"exercise {exercise_id}\n")
        position = session.wait_for(re.compile(rb"Your file"), position)
        position = session.wait_for(PROMPT, position)
        session.type(f"check {exercise_id}\n")
        position = session.wait_for(re.compile(rb"passed|failed|\xe2\x9c\x97"), position)
        if position is None:
            return None
        session.wait_for(PROMPT, position)
        return session.peak_memory()
    finally:
        session.close()


CLASS_SIZE = 20


def measure_class_grading(didojo, scratch):
    """A class of CLASS_SIZE handed out with names, each learner with the three no-di exercises
    and constructor.1 solved (every third one with no-di.3 broken), graded by one
    `verify --workspaces` run with JUnit and JSON. Returns (seconds, checks run, peak KiB)."""
    names = scratch / "names.txt"
    names.write_text("".join(f"Learner {n}\n" for n in range(1, CLASS_SIZE + 1)))
    room = scratch / "class"
    didojo.run("handout", str(room), "--names", str(names))
    solved = ["no-di.1", "no-di.2", "no-di.3", "constructor.1"]
    checks = 0
    for number, seat in enumerate(sorted(room.iterdir()), start=1):
        for exercise_id in solved:
            lesson, index = exercise_id.split(".")
            target = next((seat / lesson / index).iterdir())
            if exercise_id == "no-di.3" and number % 3 == 0:
                target.write_text(target.read_text() + "\n// tried, not done\n")
            else:
                shutil.copy(solution_file(exercise_id) / "solution.swift", target)
            checks += 1
    seats = [str(seat) for seat in sorted(room.iterdir())]
    elapsed, _, peak = didojo.run("verify", "--workspaces", *seats, "--junit", str(scratch / "class.xml"),
                                  "--json", str(scratch / "class.json"))
    return elapsed, checks, peak


def phase_table(traces):
    """The median moment of each phase over several traces of the same check, as
    [(what, ms since exec, ms since the moment before)]. A moment that happens more than once in
    a trace is told apart by its count ("start swift-frontend Exercise.o #2"); moments that not
    every trace has are left out (a cache that held one time and not the next)."""
    def named(trace):
        seen = {}
        result = {}
        for ms, what in trace:
            seen[what] = seen.get(what, 0) + 1
            result[what if seen[what] == 1 else f"{what} #{seen[what]}"] = ms
        return result
    named_traces = [named(trace) for trace in traces]
    common = [what for what in named_traces[0] if all(what in t for t in named_traces)]
    medians = sorted(((statistics.median(t[what] for t in named_traces), what) for what in common))
    rows, previous = [], 0.0
    for ms, what in medians:
        rows.append((what, ms, ms - previous))
        previous = ms
    return rows


def print_trace(title, rows):
    print(f"trace, {title} (median ms since exec; step = since the moment before)")
    for what, ms, step in rows:
        print(f"  {ms:8.1f} {step:+8.1f}  {what}")
    print()


def solution_file(exercise_id):
    lesson, number = exercise_id.rsplit(".", 1)
    folders = sorted(REPO.glob(f"Lessons/*-{lesson}"))
    if not folders:
        raise SystemExit(f"no lesson folder for {exercise_id}")
    return folders[0] / "exercises" / number


def median_of(runs, measure):
    return statistics.median(measure() for _ in range(runs))


class CompilerFlags:
    """The module flags the checker gives swiftc (see BuildProducts.moduleFlags), rebuilt
    here from the build folder so that the floor is measured with the same imports."""

    def __init__(self, build_folder):
        modules = build_folder / "Modules"
        self.flags = ["-I", str(modules if modules.is_dir() else build_folder)]
        for entry in sorted(build_folder.iterdir()):
            if entry.suffix == ".build" and (entry / "module.modulemap").is_file():
                self.flags += ["-Xcc", f"-fmodule-map-file={entry / 'module.modulemap'}"]
            elif entry.name.endswith("-tool") and entry.is_file():
                self.flags += ["-load-plugin-executable", f"{entry}#{entry.name[:-len('-tool')]}"]


def subject_files(exercise_id):
    """A test-writing exercise's subject (the code the learner's tests test), which its test
    file cannot be type-checked without; none for the other exercises."""
    lesson, number = exercise_id.rsplit(".", 1)
    return sorted(str(path) for path in REPO.glob(f"Lessons/*-{lesson}/exercises/{number}/subject/*.swift"))


def floor_timer(swiftc, flags, cache, source, extra_sources=(), fails=False):
    """A function that times one `swiftc -typecheck` of the file as it is then (a test-writing
    exercise's with its subject); `fails`: the file holds a compile error, and the compiler
    must say so. Each is run right after the check it is compared with, so that both meet the
    same spells of a busy machine: floors timed in a burst of their own moved by a third from
    one run of the benchmark to the next."""
    command = [swiftc, "-typecheck", "-swift-version", "5", "-module-cache-path", str(cache), *flags.flags, str(source),
               *extra_sources]

    def once():
        # The driver makes a TemporaryDirectory.* folder in $TMPDIR at every run, and leaves it:
        # one of its own, removed after (outside the time taken).
        temporary = tempfile.mkdtemp(prefix="didojo-floor-")
        started = time.perf_counter()
        result = subprocess.run(command, capture_output=True, env=dict(os.environ, TMPDIR=temporary))
        elapsed = time.perf_counter() - started
        shutil.rmtree(temporary, ignore_errors=True)
        if (result.returncode != 0) != fails:
            raise SystemExit(f"the floor's compile {'passed' if fails else 'failed'} unexpectedly:\n{result.stderr.decode()}")
        return elapsed
    return once


class NaiveRoute:
    """What a learner does without DIDojo: a SwiftPM package of their own whose test targets
    hold the exercise file and its checks and depend on the lesson library (a path dependency
    on this package, as one would on a course's repository). Each timed run touches the
    exercise file, runs `swift build --build-tests` and then the test binary, for that
    exercise's test cases.

    The package lives in .build/benchmark/naive-route (out of git): its files are written
    anew on every run, but its build folder is kept, because its first build compiles every
    dependency (swift-syntax included) and takes minutes. That first build is not timed."""

    def __init__(self, exercise_ids):
        self.folder = REPO / ".build" / "benchmark" / "naive-route"
        self.exercise_ids = exercise_ids
        self.targets = {e: "Exercise_" + re.sub(r"\W", "_", e) for e in exercise_ids}

    def generate(self):
        package_name = REPO.name
        tests = self.folder / "Tests"
        if tests.exists():
            shutil.rmtree(tests)
        targets = []
        for exercise_id, target in self.targets.items():
            folder = tests / target
            folder.mkdir(parents=True)
            source = solution_file(exercise_id)
            for path in [source / "solution.swift", source / "Checks.swift", *sorted((source / "support").glob("*.swift"))]:
                if path.exists():
                    shutil.copy(path, folder / path.name)
            targets.append(
                f'        .testTarget(name: "{target}", dependencies: '
                f'[.product(name: "DIDojoLessons", package: "{package_name}")], '
                f'swiftSettings: [.swiftLanguageMode(.v5)]),'
            )
        (self.folder / "Package.swift").write_text(
            "// swift-tools-version: 6.1\n"
            "// Generated by Benchmarks/benchmark.py: the naive route, for comparison only.\n"
            "import PackageDescription\n\n"
            "let package = Package(\n"
            '    name: "NaiveRoute",\n'
            f'    dependencies: [.package(path: "{REPO}")],\n'
            "    targets: [\n" + "\n".join(targets) + "\n    ]\n)\n"
        )

    def build(self):
        # The compiler driver leaves a TemporaryDirectory.* folder in $TMPDIR at every run: the
        # build gets a folder of its own, removed after.
        with tempfile.TemporaryDirectory(prefix="didojo-naive-") as temporary:
            return subprocess.run(
                ["swift", "build", "--build-tests", "--package-path", str(self.folder)],
                capture_output=True, text=True, env=dict(os.environ, TMPDIR=temporary),
            )

    def test_binary(self):
        return self.folder / ".build" / "debug" / "NaiveRoutePackageTests.xctest"

    def timer(self, exercise_id, timeline):
        """A function that times one run of the naive route for the exercise, warmed up once
        (SwiftPM's first build after a change of package may redo more)."""
        target = self.targets[exercise_id]
        exercise_file = self.folder / "Tests" / target / "solution.swift"
        checks = (self.folder / "Tests" / target / "Checks.swift").read_text()
        classes = re.findall(r"class\s+(\w+)\s*:\s*XCTestCase", checks)
        env = dict(os.environ, DIDOJO_TIMELINE=str(timeline))

        def once():
            started = time.perf_counter()
            exercise_file.touch()
            build = self.build()
            if build.returncode != 0:
                raise SystemExit(f"the naive route's build failed:\n{build.stdout}\n{build.stderr}")
            subprocess.run(
                [str(self.test_binary()), *[f"{target}.{name}" for name in classes]],
                env=env, capture_output=True,
            )
            return time.perf_counter() - started
        once()
        return once


def main():
    if "--fresh-clone" in sys.argv[1:]:
        # Another measurement altogether, with options of its own: Benchmarks/fresh_clone.py.
        import fresh_clone
        fresh_clone.main([argument for argument in sys.argv[1:] if argument != "--fresh-clone"])
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fresh-clone", action="store_true",
                        help="instead of all else: a fresh clone to its first prompt through ./start.sh, from empty caches "
                             "(minutes of every core; Benchmarks/fresh_clone.py --help lists its options: --revision, --keep)")
    parser.add_argument("exercises", nargs="*", help="exercise ids (default: one per lesson, from `didojo list`, and a test-writing one)")
    parser.add_argument("--configuration", default="debug", help="the build folder to use: debug or release")
    parser.add_argument("--startup-runs", type=int, default=10)
    parser.add_argument("--startup-only", action="store_true",
                        help="measure start-up alone (seconds instead of minutes) and print only its line")
    parser.add_argument("--runs", type=int, default=5, help="runs per check figure (median)")
    parser.add_argument("--skip", action="append", default=[], choices=["cold", "naive", "verify", "floor", "memory", "class"],
                        help="leave a part out (for a quick look; the table marks it '-')")
    parser.add_argument("--trace", action="store_true",
                        help="also print where each exercise's check spends its time, phase by phase (DIDOJO_TRACE): "
                             "after a body edit, after a compile error, after an interface edit")
    parser.add_argument("--compare", action="store_true",
                        help=f"compare the run's ratios to the floor with {BASELINE.name} and name every one more than "
                             f"{DRIFT_LIMIT * 100:.0f} %% worse (exit status 1 then)")
    parser.add_argument("--accept", action="store_true",
                        help=f"write the run's ratios to the floor into {BASELINE.name}, as the figures later runs are held to")
    options = parser.parse_args()

    build_folder = REPO / ".build" / options.configuration
    executable = build_folder / "didojo"
    if not executable.exists():
        raise SystemExit(f"{executable} is missing: run ./start.sh (or swift build) first")
    swiftc = shutil.which("swiftc") or "swiftc"
    # In a folder of its own: even `--version` leaves the driver's TemporaryDirectory.* behind.
    with tempfile.TemporaryDirectory(prefix="didojo-version-") as temporary:
        version = subprocess.run([swiftc, "--version"], capture_output=True, text=True,
                                 env=dict(os.environ, TMPDIR=temporary)).stdout.splitlines()[0]
    load_before = load_average()

    scratch = Path(tempfile.mkdtemp(prefix="didojo-benchmark-"))
    try:
        didojo = Didojo(executable, scratch)
        # Creates the workspace, as a learner's first start does.
        subprocess.run([str(executable)], input="quit\n", env=didojo.env, capture_output=True, text=True, check=True)
        paths = didojo.exercises()
        options.exercises = options.exercises or default_exercises(paths)
        unknown = [e for e in options.exercises if e not in paths]
        if unknown:
            raise SystemExit(f"no such exercise: {', '.join(unknown)}")
        # Every exercise with its reference solution in place: the passing path runs every check.
        for exercise_id in options.exercises:
            shutil.copy(solution_file(exercise_id) / "solution.swift", paths[exercise_id])

        note("measuring start-up…")
        if not options.startup_only:
            didojo.run("check", options.exercises[0])  # fills the module cache for the shell's first check
        startup = measure_startup(didojo, options.startup_runs)
        if options.startup_only:
            print_startup(options, load_before, startup)
            return

        naive = None
        if "naive" not in options.skip:
            naive = NaiveRoute(options.exercises)
            naive.folder.mkdir(parents=True, exist_ok=True)
            naive.generate()
            note(f"building the naive route's package in {naive.folder} (the first time takes minutes)…")
            build = naive.build()
            if build.returncode != 0:
                raise SystemExit(f"the naive route's package does not build:\n{build.stdout}\n{build.stderr}")

        rows = {}
        check_memory = None
        edits = Edits()
        for exercise_id in options.exercises:
            note(f"measuring {exercise_id}…")
            row = rows[exercise_id] = {}
            path = paths[exercise_id]
            # The naive route's runs alternate with the checks they are compared with, so that a
            # busy spell of a shared machine slows both sides rather than one.
            naive_times = []
            naive_once = naive.timer(exercise_id, scratch / "naive-timeline.txt") if naive else None

            def naive_between():
                if naive_once:
                    naive_times.append(naive_once())

            def checked_after(kind):
                edits.apply(path, kind)
                return didojo.run("check", exercise_id)
            # The compile floor of the file as each check left it, timed right after that check.
            floors, error_floors = [], []
            floor_once = error_floor_once = None
            if "floor" not in options.skip:
                flags, cache = CompilerFlags(build_folder), didojo.cache / "didojo" / "module-cache"
                floor_once = floor_timer(swiftc, flags, cache, path, subject_files(exercise_id))
                error_floor_once = floor_timer(swiftc, flags, cache, path, subject_files(exercise_id), fails=True)
            checked_after("body")  # warm-up
            if floor_once:
                floor_once()  # fills the compiler's cache
            results = []
            for _ in range(options.runs):
                results.append(checked_after("body"))
                naive_between()
                if floor_once:
                    floors.append(floor_once())
            row["passed"] = all(status == 0 for _, status, _ in results)
            row["warm"] = statistics.median(elapsed for elapsed, _, _ in results)
            # What the confinement and the audit cost a check: the same warm check with both
            # switched off (DIDOJO_UNCONFINED=1), interleaved with confined ones so that both
            # meet the same spells of a busy machine, and first in turn: whichever ran first in
            # every pair came out up to 20 ms slower (2026-11-28: +20 ms in the benchmark, +2 ms
            # over 20 pairs in turn, for lifetimes.1).
            unconfined_env = dict(didojo.env, DIDOJO_UNCONFINED="1")

            def confined():
                return checked_after("body")[0], didojo.last_cpu

            def unconfined():
                edits.apply(path, "body")
                return didojo.run("check", exercise_id, env=unconfined_env)[0], didojo.last_cpu
            # At least 30 pairs: the cost is a few milliseconds of checks that move by ten
            # from one to the next here, and with 14 pairs (2 × 7 runs) the median of the
            # differences read anywhere from −2 to +11 ms on the same build (2026-11-28).
            pairs = []
            for run in range(max(2 * options.runs, CONFINEMENT_PAIRS)):
                if run % 2 == 0:
                    first = confined()
                    pairs.append((first, unconfined()))
                else:
                    first = unconfined()
                    pairs.append((confined(), first))
            row["confinement"] = median_with_interval([a[0] - b[0] for a, b in pairs])
            row["confinement cpu"] = median_with_interval([a[1] - b[1] for a, b in pairs])
            row["interface"] = statistics.median(checked_after("interface")[0] for _ in range(options.runs))
            errors = []
            for _ in range(options.runs):
                errors.append(checked_after("error")[0])
                if error_floor_once:
                    error_floors.append(error_floor_once())
            row["error"] = statistics.median(errors)
            if options.trace:
                traces = {}
                for kind in ["body", "error", "interface"]:
                    runs = []
                    for _ in range(options.runs):
                        edits.apply(path, kind)
                        runs.append(didojo.traced("check", exercise_id))
                    traces[kind] = phase_table(runs)
                row["trace"] = traces
            row["shell"] = measure_check_in_shell(
                didojo, exercise_id, options.runs, lambda: edits.apply(path, "body"), between=naive_between,
            )
            if naive_times:
                row["naive"] = statistics.median(naive_times)
            if exercise_id == options.exercises[0]:
                check_memory = max(peak for _, _, peak in results)
            if "cold" not in options.skip:
                def cold():
                    edits.apply(path, "body")
                    fresh = Path(tempfile.mkdtemp(dir=scratch, prefix="cold-cache-"))
                    elapsed, _, _ = didojo.run("check", exercise_id, env=dict(didojo.env, XDG_CACHE_HOME=str(fresh)))
                    shutil.rmtree(fresh, ignore_errors=True)
                    return elapsed
                row["cold"] = median_of(options.runs, cold)
            if floors:
                row["floor"] = statistics.median(floors)
                row["error floor"] = statistics.median(error_floors)
                edits.apply(path, "body")

        first_check = None
        if "cold" not in options.skip:
            note(f"timing the first check of a fresh install, typed {FIRST_CHECK_WAIT} s after the first prompt…")
            first_check = measure_first_check(didojo, options.exercises[0], FIRST_CHECK_WAIT, edits)

        shell_memory = None
        if "memory" not in options.skip:
            note("measuring the shell's memory…")
            shell_memory = measure_shell_memory(didojo, options.exercises[0])

        verify = None
        if "verify" not in options.skip:
            note("timing verify --solutions over every lesson…")
            verify_time, verify_status, _ = didojo.run("verify", "--solutions")
            verify = (verify_time, verify_status == 0)

        class_grading = None
        if "class" not in options.skip:
            note(f"grading a class of {CLASS_SIZE} with verify --workspaces…")
            class_grading = measure_class_grading(didojo, scratch)

    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    print_table(options, version, load_before, startup, rows, check_memory, shell_memory, verify, first_check, class_grading)
    for exercise_id, row in rows.items():
        for kind, table in row.get("trace", {}).items():
            print_trace(f"{exercise_id}, `didojo check` after {'a body edit' if kind == 'body' else 'a compile error' if kind == 'error' else 'an interface edit'}", table)
    ratios = Baseline.ratios(startup, rows)
    if options.accept:
        Baseline.write(ratios, load_before)
        print(f"accepted: {BASELINE.relative_to(REPO)} now holds this run's {len(ratios)} ratios")
    if options.compare:
        worse = Baseline.compare(ratios)
        if worse:
            print(f"WORSE than {BASELINE.relative_to(REPO)} by more than {DRIFT_LIMIT:.0%}:")
            for line in worse:
                print(f"  {line}")
            sys.exit(1)
        print(f"no ratio more than {DRIFT_LIMIT:.0%} worse than {BASELINE.relative_to(REPO)}")


class Baseline:
    """The last accepted figures, as ratios to the compile floor: a ratio holds on a faster or a
    slower machine where seconds do not, so a change that makes a check slower shows as drift
    whatever machine runs the comparison. Start-up is held as a ratio to the median floor."""

    @staticmethod
    def ratios(startup, rows):
        ratios = {}
        floors = [row["floor"] for row in rows.values() if row.get("floor")]
        if floors and startup:
            ratios["start-up / median floor"] = startup / statistics.median(floors)
        for exercise_id, row in rows.items():
            floor = row.get("floor")
            if not floor:
                continue
            for name in ["warm", "shell", "interface", "cold"]:
                if row.get(name):
                    ratios[f"{exercise_id} {name} / floor"] = row[name] / floor
            if row.get("error") and row.get("error floor"):
                ratios[f"{exercise_id} error / error floor"] = row["error"] / row["error floor"]
        return ratios

    @staticmethod
    def write(ratios, load):
        import json
        BASELINE.write_text(json.dumps({
            "accepted": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "load average before": load,
            "ratios": {name: round(value, 3) for name, value in sorted(ratios.items())},
        }, indent=2) + "\n")

    @staticmethod
    def compare(ratios):
        import json
        if not BASELINE.exists():
            raise SystemExit(f"{BASELINE} is missing: run with --accept once to make it")
        accepted = json.loads(BASELINE.read_text())["ratios"]
        worse = []
        for name, value in sorted(ratios.items()):
            before = accepted.get(name)
            if before and value > before * (1 + DRIFT_LIMIT):
                worse.append(f"{name}: {before:.2f} -> {value:.2f} ({value / before - 1:+.0%})")
        return worse


def startup_line(startup):
    return (f"{'start-up (exec to first prompt, pty)':40} {seconds(startup):>9}   goal < {STARTUP_GOAL * 1000:.0f} ms: "
            f"{verdict(startup < STARTUP_GOAL)}")


def print_startup(options, load_before, startup):
    print(f"build: {options.configuration} (.build/{options.configuration}/didojo), median of {options.startup_runs} runs, "
          f"load average before {load_before}, after {load_average()}")
    print(startup_line(startup))


def print_table(options, version, load_before, startup, rows, check_memory, shell_memory, verify, first_check, class_grading=None):
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"DIDojo benchmark, {now}")
    print(f"machine: {os.cpu_count()} cores ({platform.machine()}), load average before {load_before}, after {load_average()}")
    print(f"build: {options.configuration} (.build/{options.configuration}/didojo); {version}")
    print(f"medians: start-up of {options.startup_runs} runs, every check figure of {options.runs}")
    print(COLD)
    print()
    print(startup_line(startup))
    if first_check is not None:
        print(f"{'first check, fresh install, ' + str(FIRST_CHECK_WAIT) + ' s in':40} {seconds(first_check):>9}   "
              f"goal < {FIRST_CHECK_GOAL:.1f} s: {verdict(first_check < FIRST_CHECK_GOAL)} ({options.exercises[0]}, "
              "edited and checked in a new workspace and shell, which warm the checker up for it while the learner reads)")
    if verify:
        print(f"{'verify --solutions, every lesson':40} {seconds(verify[0]):>9}   "
              f"{'all hold' if verify[1] else 'SOME DO NOT HOLD'}")
    if class_grading:
        elapsed, checks, peak = class_grading
        print(f"{'verify --workspaces, a class of ' + str(CLASS_SIZE):40} {seconds(elapsed):>9}   "
              f"{checks} files checked (the rest untried, skipped), JUnit and JSON from one run; peak {megabytes(peak)}")
    print(f"{'peak memory, the shell (start, 1 check)':40} {megabytes(shell_memory):>9}")
    print(f"{'peak memory, one check (largest process)':40} {megabytes(check_memory):>9}")
    print()
    header = (f"{'exercise':20} {'warm':>8} {'shell':>8} {'new API':>8} {'error':>8} {'cold':>8} {'naive':>8} {'floor':>8} {'e-floor':>8} "
              f"{'naive/didojo':>13} {'warm/floor':>11} {'error/e-floor':>14}  goals: warm/floor<={WARM_FLOOR_RATIO_GOAL}, "
              f"error/e-floor<={ERROR_FLOOR_RATIO_GOAL}, new API<={INTERFACE_GOAL}s, cold<={COLD_GOAL}s, test-writing<={TEST_WRITING_GOAL}s")
    print(header)
    print("-" * len(header))
    for exercise_id, row in rows.items():
        warm, naive, floor, error_floor = row["warm"], row.get("naive"), row.get("floor"), row.get("error floor")
        naive_ratio = naive / warm if naive else None
        floor_ratio = warm / floor if floor else None
        error_ratio = row["error"] / error_floor if error_floor else None
        missed = []
        if exercise_id in TEST_WRITING_EXERCISES:
            if warm > TEST_WRITING_GOAL:
                missed.append("test-writing")
        elif floor_ratio and floor_ratio > WARM_FLOOR_RATIO_GOAL:
            missed.append("warm")
        if error_ratio and error_ratio > ERROR_FLOOR_RATIO_GOAL:
            missed.append("error")
        if row.get("interface") and row["interface"] > INTERFACE_GOAL:
            missed.append("new API")
        if row.get("cold") and row["cold"] > COLD_GOAL:
            missed.append("cold")
        print(
            f"{exercise_id:20} {warm:7.3f}s {fmt(row.get('shell'))} {fmt(row.get('interface'))} {fmt(row.get('error'))} {fmt(row.get('cold'))} "
            f"{fmt(naive)} {fmt(floor)} {fmt(error_floor)} "
            f"{ratio(naive_ratio):>13} {ratio(floor_ratio):>11} {ratio(error_ratio):>14}  "
            + ("goals missed: " + ", ".join(missed) if missed else "goals met")
            + ("" if row["passed"] else "   (the solution did not pass!)")
        )
    print()
    for exercise_id, row in rows.items():
        if "confinement" in row:
            cost, low, high = (seconds * 1000 for seconds in row["confinement"])
            cpu, cpu_low, cpu_high = (seconds * 1000 for seconds in row["confinement cpu"])
            print(f"{'confinement and audit, ' + exercise_id:40} {cost:+8.1f} ms (95 % {low:+.1f} to {high:+.1f}; "
                  f"processor {cpu:+.1f}, {cpu_low:+.1f} to {cpu_high:+.1f})   goal < {CONFINEMENT_GOAL_MS} ms: "
                  f"{interval_verdict(low, high, CONFINEMENT_GOAL_MS)}")
    print()
    print("confinement and audit: median of confined checks minus DIDOJO_UNCONFINED=1 ones, taken turn about, with its")
    print("      95 % bootstrap interval; processor: the same for user + system time of the check and its programs")
    print("warm: `didojo check ID` (a new process, as a script or grader runs it) with the reference solution in place")
    print("      and a comment appended before each run (the code under test is compiled, its interface unchanged),")
    print("      caches filled; the goals and ratios use it")
    print("shell: the same, with `check ID` typed in a running shell, from Enter to the next prompt (what a learner waits for)")
    print("new API: `didojo check ID` after adding a function each time: the checks are compiled again too")
    print("error: `didojo check ID` after adding a line that does not compile; e-floor: `swiftc -typecheck` of that file")
    print("naive: touch the exercise file + `swift build --build-tests` + the test binary, in a SwiftPM package of")
    print("      the learner's own (.build/benchmark/naive-route), run after each warm and each shell check (median of")
    print("      both sets, so that both sides meet the same spells of a busy machine); floor: `swiftc -typecheck` of the")
    print("      exercise file alone, run after each warm check (e-floor: after each error check)")


def fmt(value):
    return f"{value:7.3f}s" if value is not None else f"{'-':>8}"


def ratio(value):
    return f"{value:.2f}x" if value is not None else "-"


if __name__ == "__main__":
    main()
