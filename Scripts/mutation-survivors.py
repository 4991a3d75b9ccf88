#!/usr/bin/env python3
"""Writes Lessons/mutation-survivors.yaml from `didojo verify --mutate --format json` on stdin.

The file is a ratchet (see Tests/EndToEndTests/MutationSurvivorTests.swift): regenerate it only
to take killed survivors out, never to let a new one in.

    .build/debug/didojo verify --mutate --format json | Scripts/mutation-survivors.py > Lessons/mutation-survivors.yaml
"""
import json
import sys

report = json.load(sys.stdin)
print("# The mutants of the reference solutions that the checks let through (issue 27), found by")
print("# `didojo verify --mutate`. A ratchet: MutationSurvivorTests fails on a survivor not listed")
print("# here and on a listed one that no longer survives, so this list only shrinks. Kill a")
print("# survivor by sharpening the exercise's checks (see Lessons/README.md), then take it out.")
print(f"# {report['survived']} survivors of {report['made']} mutants ({report['dropped']} did not compile).")
print("survivors:")
for exercise in report["exercises"]:
    for s in sorted(exercise["survivors"], key=lambda s: (s["line"], s["operator"], s["change"])):
        fields = ", ".join(f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in
                           [("exercise", exercise["exercise"]), ("operator", s["operator"]), ("line", s["line"]), ("change", s["change"])])
        print(f"  - {{{fields}}}")
if report["survived"] == 0:
    print("  []")
