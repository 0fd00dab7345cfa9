#!/usr/bin/env python3
"""Keeps docs/tutorial/ true (docs/tutorial/README.md, "How this tutorial is tested").

In every chapter (docs/tutorial/*.md):
  - a fenced block right after a line `<!-- file: PATH -->` must be exactly the
    file PATH (relative to docs/tutorial/), so the kernels quoted are the kernels
    checked;
  - a ```console block holds commands `$ kprove ARGS` each followed by its exact
    output; the checker runs them in docs/tutorial/ and compares (timings, if any,
    are normalised).
Every exercise has a solution of the same name and vice versa, and every exercise
is quoted and run in some chapter. (That each exercise fails with its stated code
and line and each solution verifies is the corpus's job: their `//: expect`
headers, tests/CMakeLists.txt.)

    check_tutorial.py KPROVE TUTORIAL_DIR [--update]

--update rewrites the quoted files and outputs in the chapters instead (after a
deliberate change of kprove's output: review the diff before committing it).
"""
import os
import re
import shlex
import subprocess
import sys
import time

TIMING = re.compile(r"\b\d+(\.\d+)? (ms|s)\b")


def normalise(text):
    return [TIMING.sub("<time>", line.rstrip()) for line in text.strip("\n").split("\n")]


def blocks(text):
    """(marker file or None, fence info, body lines, line number) of every fenced block."""
    lines = text.split("\n")
    i, marker = 0, None
    while i < len(lines):
        m = re.match(r"<!-- file: (\S+) -->", lines[i].strip())
        if m:
            marker = m.group(1)
        elif lines[i].startswith("```"):
            info, start = lines[i][3:].strip(), i + 1
            j = start
            while j < len(lines) and lines[j] != "```":
                j += 1
            yield marker, info, lines[start:j], start
            marker = None
            i = j
        elif lines[i].strip():
            marker = None
        i += 1


def main():
    kprove, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    update = "--update" in sys.argv[3:]
    failures, checked_files, commands, exercised = [], 0, 0, set()
    start = time.time()
    chapters = sorted(f for f in os.listdir(root) if f.endswith(".md"))
    for chapter in chapters:
        text = open(os.path.join(root, chapter)).read()
        replacements = []  # (first line, end line, new body) of blocks to rewrite
        for marker, info, body, line in blocks(text):
            where = "%s:%d" % (chapter, line)
            if marker:
                path = os.path.join(root, marker)
                if not os.path.exists(path):
                    failures.append("%s: quotes %s, which does not exist" % (where, marker))
                    continue
                want = open(path).read().rstrip("\n").split("\n")
                replacements.append((line, line + len(body), want))
                if body != want:
                    failures.append("%s: the quoted %s differs from the file" % (where, marker))
                checked_files += 1
            if info != "console":
                continue
            run, expected, updated = None, [], []
            for entry in body + ["$ <end>"]:
                if entry.startswith("$ "):
                    if run is not None:
                        commands += 1
                        args = shlex.split(run)
                        # One stream, as a terminal shows it (diagnostics go to
                        # stderr, verdicts to stdout).
                        proc = subprocess.run([kprove] + args[1:], cwd=root,
                                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                              text=True, timeout=600)
                        got = normalise(proc.stdout)
                        updated += ["$ " + run] + [l.rstrip() for l in
                                                   proc.stdout.strip("\n").split("\n")]
                        if got != normalise("\n".join(expected)):
                            failures.append("%s: `%s` printed:\n%s\nthe chapter says:\n%s" % (
                                where, run, "\n".join(got), "\n".join(expected)))
                        exercised.update(a for a in args if a.startswith("exercises/"))
                    run, expected = entry[2:], []
                    if run != "<end>" and not run.startswith("kprove "):
                        failures.append("%s: only kprove commands can be checked: %s" % (where, run))
                        run = None
                else:
                    expected.append(entry)
            replacements.append((line, line + len(body), updated))
        if update:
            lines = text.split("\n")
            for first, end, new in reversed(replacements):
                lines[first:end] = new
            open(os.path.join(root, chapter), "w").write("\n".join(lines))
    exercises = set(os.listdir(os.path.join(root, "exercises")))
    solutions = set(os.listdir(os.path.join(root, "solutions")))
    for name in sorted(exercises - solutions):
        failures.append("exercises/%s has no solution" % name)
    for name in sorted(solutions - exercises):
        failures.append("solutions/%s has no exercise" % name)
    for name in sorted(exercises):
        if "exercises/" + name not in exercised:
            failures.append("exercises/%s is not run in any chapter" % name)
    if update:
        print("tutorial: chapters updated; review `git diff docs/tutorial`")
        return 0
    for f in failures:
        print("FAILED:", f)
    print("tutorial: %d chapters, %d quoted files, %d kprove runs checked in %.1f s" % (
        len(chapters), checked_files, commands, time.time() - start))
    if not failures and (checked_files == 0 or commands == 0):
        print("FAILED: nothing was checked")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
