#!/usr/bin/env python3
"""Two builds of DIDojo, measured turn and turn about: the figures of `benchmark.py` that a
change to the checker moves, for this checkout's build and another's (a copy of the build
before the change), interleaved so that both meet the same spells of a shared, noisy machine.

    python3 Benchmarks/side_by_side.py /path/to/other/checkout [exercise-id ...] [--runs N]

Each build gets its own workspace and caches (warmed up first); for every exercise and run,
the same edit is checked by one build and then the other: after a body edit (`warm`), after a
compile error (`error`), after a function was added (`new API`); and start-up (`didojo
--version` to exit, and the first prompt on a pseudo-terminal). Prints medians and the ratio
this/other (below 1: this build is faster).
"""
import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import benchmark  # noqa: E402  (the measurements themselves)


def prepared(checkout, scratch, exercises):
    executable = Path(checkout) / ".build" / "debug" / "didojo"
    if not executable.exists():
        raise SystemExit(f"{executable} is missing: build that checkout first (swift build --product didojo)")
    scratch.mkdir(parents=True)
    didojo = benchmark.Didojo(executable, scratch)
    subprocess.run([str(executable)], input="quit\n", env=didojo.env, capture_output=True, text=True, check=True)
    paths = didojo.exercises()
    for exercise_id in exercises:
        shutil.copy(benchmark.solution_file(exercise_id) / "solution.swift", paths[exercise_id])
    return didojo, paths


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("other", help="another checkout of DIDojo, built (its .build/debug/didojo)")
    parser.add_argument("exercises", nargs="*", default=["no-di.1", "constructor.1", "anti-patterns.1", "lifetimes.1", "constructor.4"])
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()

    scratch = Path(tempfile.mkdtemp(prefix="didojo-side-by-side-"))
    try:
        this, this_paths = prepared(benchmark.REPO, scratch / "this", options.exercises)
        other, other_paths = prepared(options.other, scratch / "other", options.exercises)
        edits = benchmark.Edits()
        rows = []

        def startup(didojo):
            return didojo.run("--version")[0]
        times = {"this": [], "other": []}
        for _ in range(options.runs * 3):
            times["this"].append(startup(this))
            times["other"].append(startup(other))
        rows.append(("didojo --version (exec to exit)", statistics.median(times["this"]), statistics.median(times["other"])))
        prompt = {"this": [], "other": []}
        for _ in range(options.runs):
            prompt["this"].append(benchmark.measure_startup(this, 1))
            prompt["other"].append(benchmark.measure_startup(other, 1))
        rows.append(("start-up to the first prompt (pty)", statistics.median(prompt["this"]), statistics.median(prompt["other"])))

        for exercise_id in options.exercises:
            benchmark.note(f"measuring {exercise_id}…")
            for kind, label in [("body", "warm"), ("error", "error"), ("interface", "new API")]:
                measured = {"this": [], "other": []}
                for run in range(options.runs + 1):  # the first of each is a warm-up
                    for name, didojo, paths in [("this", this, this_paths), ("other", other, other_paths)]:
                        edits.apply(paths[exercise_id], kind)
                        elapsed = didojo.run("check", exercise_id)[0]
                        if run > 0:
                            measured[name].append(elapsed)
                rows.append((f"{exercise_id} {label}", statistics.median(measured["this"]), statistics.median(measured["other"])))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    print(f"side by side, medians of {options.runs} interleaved runs; load average now {benchmark.load_average()}")
    print(f"this: {benchmark.REPO}; other: {Path(options.other).resolve()}")
    print(f"{'figure':40} {'this':>9} {'other':>9} {'this/other':>11}")
    for name, mine, theirs in rows:
        print(f"{name:40} {benchmark.seconds(mine):>9} {benchmark.seconds(theirs):>9} {mine / theirs:>10.2f}x")


if __name__ == "__main__":
    main()
