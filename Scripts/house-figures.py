#!/usr/bin/env python3
"""The figures issue 32 asks for, before and after a change to the house's shape.

    python3 Scripts/house-figures.py [--top N] [ROOT]

Prints, for the Swift modules under Sources/ (every folder there is one target):
- the `public` (and `open`) declarations per module, and the `package` ones;
- the largest files, in lines;
- the functions and initializers with the most parameters;
- per lesson, the files outside its own folders (Lessons/NN-<id>/ and Sources/<Module>/) that
  name its module: the places a new lesson must be registered.

It reads source as text (no compiler): a declaration is a line whose code, outside comments and
string literals, has the modifier; a parameter list is counted at its top level. Good enough to
compare two revisions of the same code, which is what it is for.
"""
import argparse
import os
import re
import subprocess
import sys

DECLARATION_KEYWORDS = (
    "func|var|let|struct|class|enum|protocol|init|subscript|typealias|actor|static|final|"
    "convenience|required|override|mutating|nonisolated|lazy|indirect|extension|associatedtype|case|"
    "private\\(set\\)|fileprivate\\(set\\)|internal\\(set\\)|dynamic|unowned|weak|isolated|consuming|borrowing"
)
PUBLIC = re.compile(r"(?<![\w.])(public|open)\s+(?!import\b)(?=(" + DECLARATION_KEYWORDS + r")\b|@)")
PACKAGE = re.compile(r"(?<![\w.])package\s+(?!import\b)(?=(" + DECLARATION_KEYWORDS + r")\b|@)")
FUNCTION = re.compile(r"(?<![\w.])(func\s+(?:[A-Za-z_]\w*|`[^`]+`|[^\s(<]+)|init[?!]?|subscript)\s*(<[^(]*>)?\s*\(")


def code_only(text):
    """The text with comments and string literals blanked out, line breaks kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def parameter_count(code, open_paren):
    """The parameters of the list that opens at `open_paren`, counted at its top level."""
    depth, count, seen, i = 0, 0, False, open_paren
    while i < len(code):
        c = code[i]
        if code.startswith("->", i):
            i += 2
            continue
        if c in "([{<":
            depth += 1
            if depth > 1:
                seen = True
        elif c in ")]}>":
            depth -= 1
            if depth == 0:
                return count + (1 if seen else 0)
        elif c == "," and depth == 1:
            count += 1
        elif not c.isspace() and depth >= 1:
            seen = True
        i += 1
    return count


def swift_files(folder):
    for directory, _, names in os.walk(folder):
        for name in names:
            if name.endswith(".swift"):
                yield os.path.join(directory, name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=os.path.join(os.path.dirname(__file__), ".."))
    parser.add_argument("--top", type=int, default=12, help="rows in the largest-files and widest-functions lists")
    options = parser.parse_args()
    root = os.path.abspath(options.root)
    sources = os.path.join(root, "Sources")

    modules, files, functions = [], [], []
    for module in sorted(os.listdir(sources)):
        folder = os.path.join(sources, module)
        if not os.path.isdir(folder):
            continue
        public = package = lines = 0
        for path in swift_files(folder):
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            code = code_only(text)
            relative = os.path.relpath(path, root)
            line_count = text.count("\n")
            lines += line_count
            files.append((line_count, relative))
            for line in code.splitlines():
                public += 1 if PUBLIC.search(line) else 0
                package += 1 if PACKAGE.search(line) else 0
            for match in FUNCTION.finditer(code):
                name = match.group(1).replace("func ", "").strip()
                line = code.count("\n", 0, match.start()) + 1
                functions.append((parameter_count(code, match.end() - 1), f"{relative}:{line}", name))
        if lines:
            modules.append((module, lines, public, package))

    print("Declarations per module (Sources/)")
    print(f"  {'module':<26} {'lines':>6} {'public':>7} {'package':>8}")
    for module, lines, public, package in modules:
        print(f"  {module:<26} {lines:>6} {public:>7} {package:>8}")
    print(f"  {'all':<26} {sum(m[1] for m in modules):>6} {sum(m[2] for m in modules):>7} {sum(m[3] for m in modules):>8}")

    print(f"\nLargest files (of {len(files)})")
    for line_count, relative in sorted(files, reverse=True)[: options.top]:
        print(f"  {line_count:>5}  {relative}")

    print("\nMost parameters")
    for count, place, name in sorted(functions, key=lambda f: (-f[0], f[1]))[: options.top]:
        print(f"  {count:>3}  {name}  {place}")
    over = sum(1 for f in functions if f[0] > 6)
    print(f"  {over} of {len(functions)} functions and initializers take more than 6")

    print("\nFiles outside a lesson's own folders that name its module")
    tracked = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True).stdout.split()
    texts = {}
    for path in tracked:
        full = os.path.join(root, path)
        if os.path.isfile(full) and not path.startswith("Lessons/") and os.path.getsize(full) < 1_000_000:
            try:
                with open(full, encoding="utf-8") as handle:
                    texts[path] = handle.read()
            except UnicodeDecodeError:
                pass
    lessons_folder = os.path.join(root, "Lessons")
    for lesson in sorted(os.listdir(lessons_folder)):
        manifest = os.path.join(lessons_folder, lesson, "lesson.yaml")
        if not os.path.isfile(manifest):
            continue
        with open(manifest, encoding="utf-8") as handle:
            found = re.search(r"^module:\s*(\w+)", handle.read(), re.M)
        if not found:
            continue
        module = found.group(1)
        word = re.compile(r"\b" + re.escape(module) + r"\b")
        outside = sorted(p for p, t in texts.items() if not p.startswith(f"Sources/{module}/") and word.search(t))
        print(f"  {lesson} ({module}): {len(outside)}")
        for path in outside:
            print(f"      {path}")


if __name__ == "__main__":
    sys.exit(main())
