#!/usr/bin/env python3
"""Golden messages: docs/errors.md shows kprove's real output for every code.

Each `### `CODE`` section of docs/errors.md holds an example (a ```pvl, ```c —
an OpenCL file — or ```cu block) and, after it, a transcript block whose first
line is `$ kprove [OPTIONS] example.EXT`: the example is written to a temporary
folder as example.EXT, the command is run there (stdout and stderr in one
stream, colour off) and its output must be exactly the lines that follow (the
file's time, if printed, normalised). A section without an example (`io`) runs
its command on a file that does not exist. So the text of one representative
message per code is fixed (a golden file), and the documentation can only show
what kprove prints. Every code of logic/diagnostic_codes.def must have such a
transcript.

    check_errors_md.py KPROVE SOURCE_DIR [--code CODE] [--update]

--code checks one section (ctest runs one test per code); --update rewrites the
transcripts' outputs, adding a missing one after the section's example (review
the diff).
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

TIMING = re.compile(r"\b\d+(\.\d+)? (ms|s)\b")
EXAMPLE_EXT = {"pvl": "pvl", "c": "cl", "cu": "cu"}


def normalise(lines):
    return [TIMING.sub("<time>", l.rstrip()) for l in lines]


def codes_of(root):
    text = open(os.path.join(root, "logic", "diagnostic_codes.def")).read()
    return re.findall(r'^KPROVE_DIAG\(\w+, "([^"]+)"', text, re.M)


def sections(lines):
    """{code: (first line, end line)} of every `### `CODE`` section."""
    out, code, start = {}, None, 0
    for i, line in enumerate(lines + ["## <end>"]):
        if line.startswith("#"):
            if code is not None:
                out[code] = (start, i)
            m = re.match(r"### `([^`]+)`", line)
            code, start = (m.group(1), i) if m else (None, i)
    return out


def blocks(lines, first, end):
    """(info, body start, body end) of the fenced blocks in lines[first:end]."""
    i = first
    while i < end:
        if lines[i].startswith("```"):
            info, j = lines[i][3:].strip(), i + 1
            while j < end and not lines[j].startswith("```"):
                j += 1
            yield info, i + 1, j
            i = j
        i += 1


def run(kprove, command, example, ext):
    words = shlex.split(command)
    if not words or words[0] != "kprove":
        return None, "the transcript must run kprove, not `%s`" % command
    with tempfile.TemporaryDirectory() as tmp:
        if example is not None:
            with open(os.path.join(tmp, "example." + ext), "w") as f:
                f.write("\n".join(example) + "\n")
        env = dict(os.environ, NO_COLOR="1")
        proc = subprocess.run([kprove, "--color=never"] + words[1:], cwd=tmp, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=600, stdin=subprocess.DEVNULL)
    return proc.stdout.rstrip("\n").split("\n"), None


def check_section(kprove, lines, code, first, end, update):
    """Failures of one section; with update, the new lines of the section."""
    example, ext, transcript = None, None, None
    for info, start, stop in blocks(lines, first, end):
        if example is None and info in EXAMPLE_EXT:
            example, ext, example_end = (start, stop), EXAMPLE_EXT[info], stop
        elif stop > start and lines[start].startswith("$ kprove"):
            transcript = (start, stop)
            break
    if transcript is None:
        if not update or example is None:
            return ["docs/errors.md: `%s`: no `$ kprove example.EXT` transcript" % code], None
        command = "kprove example." + ext
        insert_at = example_end + 1
    else:
        command = lines[transcript[0]][2:]
    body = None if example is None else lines[example[0]:example[1]]
    if body is not None and "example." + ext not in shlex.split(command):
        return ["docs/errors.md: `%s`: the transcript must run example.%s" % (code, ext)], None
    out, problem = run(kprove, command, body, ext)
    if problem:
        return ["docs/errors.md: `%s`: %s" % (code, problem)], None
    new = ["$ " + command] + [l.rstrip() for l in out]
    if not any(re.search(r"\b(error|warning)\[%s\]" % re.escape(code), l) for l in out):
        return ["docs/errors.md: `%s`: the example does not report `%s`:\n%s" % (
            code, code, "\n".join(out))], None
    if transcript is None:
        return [], (insert_at, insert_at, ["```text"] + new + ["```"])
    expected = lines[transcript[0] + 1:transcript[1]]
    if normalise(out) == normalise(expected):
        return [], None
    failure = "docs/errors.md:%d: `%s`: `%s` printed:\n%s\nthe text says:\n%s" % (
        transcript[0] + 1, code, command, "\n".join(normalise(out)), "\n".join(expected))
    return [failure], (transcript[0], transcript[1], new)


def main():
    args = sys.argv[1:]
    update = "--update" in args
    only = None
    if "--code" in args:
        only = args[args.index("--code") + 1]
        args = [a for a in args if a not in ("--code", only)]
    args = [a for a in args if a != "--update"]
    if len(args) != 2:
        print(__doc__)
        return 2
    kprove, root = os.path.abspath(args[0]), args[1]
    path = os.path.join(root, "docs", "errors.md")
    lines = open(path).read().split("\n")
    found = sections(lines)
    codes = codes_of(root)
    wanted = [only] if only else codes
    failures, edits = [], []
    for code in wanted:
        if code not in codes:
            failures.append("`%s` is not a code of logic/diagnostic_codes.def" % code)
        elif code not in found:
            failures.append("docs/errors.md has no section `### `%s``" % code)
        else:
            problems, edit = check_section(kprove, lines, code, *found[code], update)
            failures += problems
            if edit:
                edits.append(edit)
    if update and edits:
        for first, end, new in sorted(edits, reverse=True):
            lines[first:end] = new
        open(path, "w").write("\n".join(lines))
        print("check_errors_md: %d transcript(s) written; review `git diff docs/errors.md`" %
              len(edits))
        return 0
    for f in failures:
        print(f)
    print("check_errors_md: %d code(s) checked, %d failure(s)" % (len(wanted), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
