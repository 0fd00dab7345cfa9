"""What bench/run and bench/scaling share: building kprove, reading an example's
header, and running one process with its wall time and peak memory."""
import os
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build_kprove():
    """Builds kprove if needed (scripts/build installs what is missing) and returns its path."""
    subprocess.run([str(ROOT / "scripts" / "build"), "kprove"], check=True, stdout=subprocess.DEVNULL)
    build = Path(os.environ.get("KPROVE_BUILD_DIR", ROOT / "build"))
    return str(build / "driver" / "kprove")


def example_flags(path):
    """The flags an example's `//: flags ...` header asks for (as the test suite passes them)."""
    for line in Path(path).read_text().splitlines():
        # On a line of its own or after the expectation, as tests/corpus_check.cpp reads it.
        if "//: flags " in line:
            words = line[line.index("//: flags ") + len("//: flags "):].split()
            flags, i = [], 0
            while i < len(words):
                if words[i] in ("--int-math", "--no-infer"):
                    flags.append(words[i])
                elif words[i] in ("-D", "-I") and i + 1 < len(words):
                    flags += words[i:i + 2]
                    i += 1
                else:
                    break
                i += 1
            return flags
    return []


def expected_verdict(path):
    """'verified' or 'failed', from the example's `//: expect ...` header."""
    for line in Path(path).read_text().splitlines():
        if line.startswith("//: expect verified"):
            return "verified"
        if line.startswith("//: expect fail"):
            return "failed"
    return "?"


@dataclass
class Run:
    code: int
    wall: float
    rss_mib: float
    stdout: str
    stderr: str


def run_measured(cmd, cwd=None):
    """Runs cmd; wall seconds and the child's own peak resident set (wait4's ru_maxrss, KiB)."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.monotonic()
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(proc.returncode, wall, usage.ru_maxrss / 1024.0, out.read(), err.read())
