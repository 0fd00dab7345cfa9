#!/usr/bin/env python3
"""Keeps the commands that README.md and the documentation show honest.

Every Markdown file of the project (README.md, docs/, every */README.md and
editors/*/README.md) is read; docs/tutorial/*.md and docs/errors.md only for inline commands (their
console blocks belong to tests/tutorial/check_tutorial.py and
tests/docs/check_errors_md.py).

Fenced blocks:
  - a transcript (a block whose first line is `$ COMMAND`): every `$ kprove ARGS`
    or `$ scripts/kprove ARGS` is run from the source root and its output must be
    exactly the lines that follow it (timings normalised);
  - a ```sh block: every line is a command and is run the way a reader would run
    it, as far as a test can: `scripts/kprove FILE` must exit as FILE's `//:
    expect` header says; `cmake --install build --prefix DIR` installs into a
    temporary DIR whose bin/kprove must then find its own stdlib-specs;
    `scripts/test` is what runs this check, so it is only checked to exist;
    `code --install-extension FILE` must name the .vsix scripts/package-vscode
    writes;
    anything else is a failure until a rule for it is added here;
  - a usage line (`kprove ...` in a plain block): its options must exist;
  - kprove output without the command that printed it (a `file:line:col: note`
    line in a block with no `$`) is a failure: such text goes stale unseen.
Inline `code` spans that are commands (`kprove ...`, `scripts/...`, `bench/...`,
`.ci/run`): the program must exist (scripts: executable and `bash -n` clean),
every `--option` must be one the program accepts (kprove: its --help; a script:
named in its source), and a kprove command without placeholders is run (exit 0,
or as its file's header says). Options in README.md's option table are kprove's.

    check_commands.py KPROVE SOURCE_DIR BUILD_DIR [--update]

--update rewrites the transcripts' outputs instead (review the diff).
"""
import glob
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

TIMING = re.compile(r"\b\d+(\.\d+)? (ms|s)\b")
KPROVE_OUTPUT = re.compile(r"^\S+\.(pvl|cl|cu):\d+:\d+: (note|error|warning)")
# kprove's options that take their value as the next word.
VALUE_OPTIONS = {"--timeout", "--jobs", "--seed", "--dump-smt", "--memory", "--stdlib",
                 "--explain", "-D", "-I"}
PLACEHOLDER = re.compile(r"^[A-Z][A-Z_]*(\.\.\.)?$|[\[\]]|\.\.\.")


def normalise(text):
    return [TIMING.sub("<time>", line.rstrip()) for line in text.strip("\n").split("\n")]


def fenced_blocks(text):
    """(info, body lines, first body line index) of every fenced block."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("```"):
            info, start = lines[i][3:].strip(), i + 1
            j = start
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            yield info, lines[start:j], start
            i = j
        i += 1


def inline_spans(text):
    """(span, line number) of every inline code span outside fenced blocks."""
    fenced, spans = False, []
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            spans += [(m.group(1), number) for m in re.finditer(r"`([^`\n]+)`", line)]
    return spans


class Checker:
    def __init__(self, kprove, root, build):
        self.kprove, self.root, self.build = kprove, root, build
        self.failures, self.ran, self.checked = [], 0, 0
        self.help = {}

    def fail(self, where, message):
        self.failures.append("%s: %s" % (where, message))

    def options_of(self, program):
        """The --options a program accepts, from its help or its source."""
        if program not in self.help:
            if program in ("kprove", "kprove lsp"):
                args = [self.kprove] + program.split()[1:] + ["--help"]
                text = subprocess.run(args, capture_output=True, text=True, timeout=60).stdout
            else:
                text = open(os.path.join(self.root, program)).read()
            self.help[program] = set(re.findall(r"--[a-z][a-z_-]*", text))
        return self.help[program]

    def expected_exit(self, path):
        """0 or 1 from an example's `//: expect` header; None when it has none."""
        try:
            first = open(os.path.join(self.root, path)).readline()
        except OSError:
            return None
        if first.startswith("//: expect verified"):
            return 0
        if first.startswith("//: expect fail"):
            return 1
        return None

    def run_kprove(self, where, args):
        self.ran += 1
        # One stream, as a terminal shows it (diagnostics on stderr, verdicts on stdout).
        proc = subprocess.run([self.kprove] + args, cwd=self.root, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=600,
                              stdin=subprocess.DEVNULL)
        return proc.returncode, proc.stdout

    def check_options(self, where, program, words):
        known = self.options_of(program)
        for word in words:
            option = re.match(r"--[a-z][a-z_-]*", word)
            if option and option.group(0) not in known:
                self.fail(where, "`%s` has no option %s" % (program, option.group(0)))

    def check_kprove_command(self, where, words, run):
        """`kprove ARGS` or `scripts/kprove ARGS` shown in the text."""
        self.checked += 1
        program = "kprove lsp" if words[1:2] == ["lsp"] else "kprove"
        self.check_options(where, program, words)
        if not run or program == "kprove lsp" or any(PLACEHOLDER.search(w) for w in words[1:]):
            return
        # The words that are not options nor an option's value (--explain CODE).
        files = [w for i, w in enumerate(words[1:], 1)
                 if not w.startswith("-") and words[i - 1] not in VALUE_OPTIONS]
        code, out = self.run_kprove(where, words[1:])
        want = 0
        for f in files:
            expected = self.expected_exit(f)
            if expected is None:
                self.fail(where, "`%s`: %s has no `//: expect` header" % (" ".join(words), f))
                return
            want = max(want, expected)
        if code != want:
            self.fail(where, "`%s` exited %d, not %d:\n%s" % (" ".join(words), code, want, out))

    def check_script(self, where, words):
        """`scripts/X ...`, `bench/X ...`, `.ci/run`: exists, parses, knows its options."""
        self.checked += 1
        path = os.path.join(self.root, words[0])
        if not os.path.isfile(path) or not os.access(path, os.X_OK):
            self.fail(where, "`%s` is not an executable file" % words[0])
            return
        with open(path) as f:
            python = "python" in f.readline()
        checker = [sys.executable, "-m", "py_compile", path] if python else ["bash", "-n", path]
        if subprocess.run(checker, capture_output=True).returncode != 0:
            self.fail(where, "`%s` does not parse (%s)" % (words[0], "python" if python else "bash -n"))
        self.check_options(where, words[0], words[1:])

    def check_install(self, where, words):
        """`cmake --install build --prefix DIR`, into a temporary DIR."""
        self.checked += 1
        with tempfile.TemporaryDirectory() as prefix:
            self.ran += 1
            proc = subprocess.run(["cmake", "--install", self.build, "--prefix", prefix],
                                  capture_output=True, text=True, timeout=300)
            if proc.returncode != 0:
                self.fail(where, "`%s` failed:\n%s" % (" ".join(words), proc.stdout + proc.stderr))
                return
            installed = os.path.join(prefix, "bin", "kprove")
            env = {k: v for k, v in os.environ.items() if k != "KPROVE_STDLIB"}
            proc = subprocess.run([installed, "--print-stdlib-dir"], capture_output=True,
                                  text=True, env=env, timeout=60)
            found = os.path.realpath(proc.stdout.strip()) if proc.returncode == 0 else ""
            if not found.startswith(os.path.realpath(prefix)):
                self.fail(where, "the installed kprove uses stdlib-specs '%s', not its own" % found)

    def check_vsix(self, where, words):
        """`code --install-extension FILE.vsix`: VS Code is not here to run it, but
        FILE must be the package scripts/package-vscode writes (name and version
        from editors/vscode/package.json)."""
        self.checked += 1
        manifest = json.load(open(os.path.join(self.root, "editors/vscode/package.json")))
        want = "editors/vscode/%s-%s.vsix" % (manifest["name"], manifest["version"])
        if words[2:] != [want]:
            self.fail(where, "`%s`: scripts/package-vscode writes %s" % (" ".join(words), want))

    def check_command(self, where, line, run):
        words = shlex.split(line, comments=True)
        if not words:
            return
        if words[0] in ("kprove", "scripts/kprove"):
            self.check_kprove_command(where, words, run)
        elif words[:2] == ["cmake", "--install"]:
            if run:
                self.check_install(where, words)
        elif re.match(r"(scripts|bench)/|\.ci/run$", words[0]):
            self.check_script(where, words)
        elif words[:2] == ["code", "--install-extension"] and run:
            self.check_vsix(where, words)
        elif run:
            self.fail(where, "no rule to check `%s` (tests/docs/check_commands.py)" % line)

    def check_transcript(self, where, body):
        """Runs each `$ kprove ...`; returns the body with the outputs kprove printed."""
        updated, run, expected = [], None, []
        for entry in body + ["$ <end>"]:
            if not entry.startswith("$ "):
                expected.append(entry)
                continue
            if run is not None:
                words = shlex.split(run)
                self.checked += 1
                code, out = self.run_kprove(where, words[1:])
                updated += ["$ " + run] + [l.rstrip() for l in out.strip("\n").split("\n")]
                if normalise(out) != normalise("\n".join(expected)):
                    self.fail(where, "`%s` printed:\n%s\nthe text says:\n%s" % (
                        run, "\n".join(normalise(out)), "\n".join(expected)))
            run, expected = entry[2:], []
            if run != "<end>" and shlex.split(run)[0] not in ("kprove", "scripts/kprove"):
                self.fail(where, "only kprove commands can be checked in a transcript: %s" % run)
                run = None
        return updated

    def check_file(self, rel, update):
        path = os.path.join(self.root, rel)
        text = open(path).read()
        # The tutorial's console blocks belong to tests/tutorial/check_tutorial.py,
        # docs/errors.md's transcripts (of its examples) to check_errors_md.py.
        tutorial = rel.startswith("docs/tutorial/") or rel == "docs/errors.md"
        replacements = []
        if not tutorial:
            for info, body, start in fenced_blocks(text):
                where = "%s:%d" % (rel, start)
                lines = [l for l in body if l.strip()]
                if not lines:
                    continue
                if lines[0].startswith("$ "):
                    replacements.append((start, start + len(body), self.check_transcript(where, body)))
                elif info == "sh":
                    for offset, line in enumerate(body):
                        self.check_command("%s:%d" % (rel, start + offset + 1), line, run=True)
                elif info in ("", "text") and re.match(r"kprove( |$)", lines[0]):
                    self.check_command(where, lines[0], run=False)
                elif info in ("", "text", "console") and any(KPROVE_OUTPUT.match(l) for l in lines):
                    self.fail(where, "kprove output without the `$ kprove FILE` that prints it")
        for span, number in inline_spans(text):
            where = "%s:%d" % (rel, number)
            # A bare `kprove` names the program; with arguments it is a command.
            if re.match(r"(scripts/\w|bench/\w|\.ci/run\b|kprove )", span):
                self.check_command(where, span, run=True)
            elif rel == "README.md" and span.startswith("--") and line_in_table(text, number):
                self.check_options(where, "kprove", span.replace(",", " ").split())
        if update and replacements:
            lines = text.split("\n")
            for first, end, new in reversed(replacements):
                lines[first:end] = new
            open(path, "w").write("\n".join(lines))


def line_in_table(text, number):
    return text.split("\n")[number - 1].startswith("|")


def main():
    kprove, root, build = (os.path.abspath(a) for a in sys.argv[1:4])
    update = "--update" in sys.argv[4:]
    start = time.time()
    files = ["README.md"] + sorted(
        os.path.relpath(f, root)
        for pattern in ("docs/*.md", "docs/tutorial/*.md", "*/README.md", "editors/*/README.md")
        for f in glob.glob(os.path.join(root, pattern)))
    checker = Checker(kprove, root, build)
    for rel in files:
        checker.check_file(rel, update)
    if update:
        print("check_commands: transcripts updated; review `git diff`")
        return 0
    for f in checker.failures:
        print("FAILED:", f)
    print("check_commands: %d files, %d commands checked, %d runs, in %.1f s" % (
        len(files), checker.checked, checker.ran, time.time() - start))
    if not checker.failures and checker.ran == 0:
        print("FAILED: nothing was run")
        return 1
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
