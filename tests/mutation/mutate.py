#!/usr/bin/env python3
"""Mutation testing of kprove's soundness.

From every verified example (header `//: expect verified`), generates mutants by
rules that make a kernel racy or wrong, runs kprove on each, and lists the
mutants that still verify ("survivors") with file:line, for a human to judge:
an equivalent mutant, or an unsound tool.

  tests/mutation/mutate.py [--kprove PATH] [--subset N] [--report FILE] [EXAMPLES...]

Exit code: 0 when every survivor is listed in tests/mutation/equivalent.txt
(with its explanation), 1 otherwise. Timing is never a failure.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Each rule: (name, function(lines) -> list of (line_no, new_lines)).


BARRIER = r"\b(barrier\s*\(|__syncthreads\s*\()"


def _sub_each(lines, pattern, repl, name_filter=None):
    out = []
    for i, line in enumerate(lines):
        if line.lstrip().startswith(("//", "#")):
            continue
        for m in re.finditer(pattern, line):
            new = line[: m.start()] + m.expand(repl) + line[m.end():]
            if new != line:
                out.append((i + 1, lines[:i] + [new] + lines[i + 1:]))
    return out


def _annotation_before(lines, i):
    """The first line of a `/*@ ... @*/` annotation ending right before line i, or i."""
    if i > 0 and lines[i - 1].strip().endswith("@*/"):
        j = i - 1
        while j >= 0 and "/*@" not in lines[j]:
            j -= 1
        return max(j, 0)
    return i


def delete_barrier(lines, c=False):
    """Delete a barrier statement with its contract (block or C annotation)."""
    out = []
    for i, line in enumerate(lines):
        if re.search(BARRIER, line) and not line.lstrip().startswith("//"):
            depth, j = 0, i
            seen_brace = False
            while j < len(lines):
                depth += lines[j].count("{") - lines[j].count("}")
                seen_brace = seen_brace or "{" in lines[j]
                if (seen_brace and depth <= 0) or (not seen_brace and ";" in lines[j]):
                    break
                j += 1
            start = _annotation_before(lines, i)
            out.append((i + 1, lines[:start] + lines[j + 1:]))
    return out


def shift_index(lines, c=False):
    """Shift an array index by +1 or -1 (in code and contracts)."""
    out = []
    for delta in ("+1", "-1"):
        names = "tid|lid|i|k|gid|t|j|lx" if c else "tid|lid|i|k"
        out += _sub_each(lines, r"\[(" + names + r")\]", r"[\1" + delta + "]")
    return out


def tid_to_zero(lines, c=False):
    """Replace the thread id by 0 in the index of a write."""
    if c:  # C kernels name their thread ids freely; writes include +=
        return _sub_each(lines, r"\[(?:tid|gid|lid|t|i)\](\s*(=(?!=)|\+=))", r"[0]\1")
    return _sub_each(lines, r"\[tid\](\s*(:=|=(?!=)))", r"[0]\1")


def raise_fraction(lines, c=False):
    """Raise a permission fraction (1\\2 -> 1\\1, 1\\n -> 2\\n, perm(x,10) -> perm(x,100))."""
    out = _sub_each(lines, r"\b1\\2\b", r"1\\1")
    out += _sub_each(lines, r"\b1\\([A-Za-z_][\w.]*)", r"2\\\1")
    out += _sub_each(lines, r"(perm\([^()]*(?:\([^()]*\)[^()]*)*,\s*)(10|50)\)", r"\g<1>100)")
    return out


def drop_fence(lines, c=False):
    """Drop a fence flag of a seed-syntax barrier."""
    out = _sub_each(lines, r"\{\s*local\s*\}", r"{}")
    out += _sub_each(lines, r"barrier\(\s*global\s*\)", r"barrier()")
    out += _sub_each(lines, r"CLK_(LOCAL|GLOBAL)_MEM_FENCE", r"0")
    return out


def weaken_guard(lines, c=False):
    """Weaken a comparison: < becomes <=."""
    return _sub_each(lines, r"(?<![<=\\])<(?![=<])", r"<=")


def move_across_barrier(lines, c=False):
    """Move the statement right after a barrier block to just before it."""
    out = []
    for i, line in enumerate(lines):
        if re.search(BARRIER, line) and not line.lstrip().startswith("//"):
            depth, j = 0, i
            while j < len(lines):
                depth += lines[j].count("{") - lines[j].count("}")
                if depth <= 0 and ("}" in lines[j] or ";" in lines[j]):
                    break
                j += 1
            k = j + 1
            if k < len(lines) and lines[k].strip().endswith(";"):
                moved = lines[:i] + [lines[k]] + lines[i:k] + lines[k + 1:]
                out.append((k + 1, moved))
    return out


def drop_invariant(lines, c=False):
    """Drop one loop-invariant clause."""
    out = []
    for i, line in enumerate(lines):
        if re.match(r"\s*(loop_invariant|invariant)\b", line):
            out.append((i + 1, lines[:i] + lines[i + 1:]))
    return out


# Rules for the causes of unsound verdicts found by the red team (issue 8,
# docs/soundness.md "Causes"): each mutant is wrong only if kprove models the cause.

LID = {".cl": "get_local_id(0)", ".cu": "threadIdx.x", ".pvl": "tid"}


def shadow_assign(lines, c=False):
    """Turn an assignment in a nested block into a declaration of a new variable of the
    same name: the outer variable no longer changes (block scoping)."""
    out = []
    for i, line in enumerate(lines):
        m = re.match(r"(\s+)([A-Za-z_]\w*)\s*=\s*([^=;][^;]*);\s*$", line)
        if not m or len(m.group(1)) < 2 or line.lstrip().startswith(("//", "@", "*")):
            continue
        name, rhs = m.group(2), m.group(3)
        if name in ("requires", "ensures", "context", "return"):
            continue
        shadowed = f"{m.group(1)}{{ int {name} = 0; {name} = {rhs}; }}"
        out.append((i + 1, lines[:i] + [shadowed] + lines[i + 1:]))
    return out


def assert_false_after_loop(lines, c=False):
    """Assert false right after a loop: the code after a terminating loop is reachable,
    whatever the loop assigns (atomics included)."""
    out = []
    for i, line in enumerate(lines):
        if not re.match(r"\s*(for|while)\s*\(", line):
            continue
        depth, j, seen = 0, i, False
        while j < len(lines):
            depth += lines[j].count("{") - lines[j].count("}")
            seen = seen or "{" in lines[j]
            if (seen and depth <= 0) or (not seen and ";" in lines[j] and j > i):
                break
            j += 1
        indent = re.match(r"\s*", line).group(0)
        stmt = f"{indent}//@ assert false;" if c else f"{indent}assert false;"
        out.append((i + 1, lines[:j + 1] + [stmt] + lines[j + 1:]))
    return out


def return_after_barrier(lines, c=False, suffix=".cl"):
    """A thread-dependent return right after a barrier: later barriers, and the same
    barrier in the next iteration of an enclosing loop, are divergent."""
    out = []
    for i, line in enumerate(lines):
        if not re.search(BARRIER, line) or line.lstrip().startswith("//"):
            continue
        if not c:
            continue  # PVL barriers carry blocks; the C kernels cover the rule
        j = i
        while j < len(lines) and ";" not in lines[j]:
            j += 1
        indent = re.match(r"\s*", line).group(0)
        ret = f"{indent}if ({LID[suffix]} == 1) return;"
        out.append((i + 1, lines[:j + 1] + [ret] + lines[j + 1:]))
    return out


def unknown_builtin(lines, c=False):
    """Replace a local id by a builtin kprove does not model (sub-group ids)."""
    if not c:
        return []
    out = _sub_each(lines, r"get_local_id\(0\)", "get_sub_group_local_id()")
    return out[:1]


def contradictory_pin(lines, c=False, suffix=".cl"):
    """Add contradictory launch-size pins to the kernel's contract."""
    for i, line in enumerate(lines):
        if "/*@" in line and c:
            size = "get_local_size(0)" if suffix == ".cl" else "blockDim.x"
            pin = f"  requires {size} == 32 && {size} == 64;"
            return [(i + 1, lines[:i + 1] + [pin] + lines[i + 1:])]
    return []


def hidden_contradiction(lines, c=False):
    """Add a precondition clause that is contradictory only through a recursive
    function (`idn(40) != 40` with `idn(n) == n`): the solver cannot refute it in the
    vacuity query, so only a confirmed model of the precondition (docs/soundness.md,
    "Vacuity", cause 17) keeps the mutant from verifying vacuously."""
    fn = ("requires n >= 0; decreases n; "
          "pure int kprove_idn(int n) = n <= 0 ? 0 : kprove_idn(n - 1) + 1;")
    clause = re.compile(r"^(\s*(?:/\*@\s*)?)(requires|context_everywhere|context)\b")
    for i, line in enumerate(lines):
        m = clause.match(line)
        if not m:
            continue
        # A kernel's or method's contract, not a pure function's (those are not
        # what a verdict is about): the declaration after the clauses is no `pure`.
        j = i
        while j < len(lines) and re.match(
                r"\s*(/\*@|@\*/|\*/|//|requires|ensures|context|decreases|$)", lines[j]):
            j += 1
        if j < len(lines) and re.search(r"\bpure\b", lines[j]):
            continue
        indent = re.match(r"\s*", line).group(0)
        if c:
            if "/*@" in line:  # `/*@ requires ...`: the new clause after the opening
                rest = line[len(m.group(1)):]
                new = [f"{m.group(1)}requires kprove_idn(40) != 40;", f"{indent}  {rest}"]
            else:
                new = [f"{indent}requires kprove_idn(40) != 40;", line]
            head = [f"/*@ {fn} @*/"]
        else:
            new = [f"{indent}requires kprove_idn(40) != 40;", line]
            head = [fn]
        return [(i + 1, head + lines[:i] + new + lines[i + 1:])]
    return []


RULES = [
    ("delete-barrier", delete_barrier),
    ("shift-index", shift_index),
    ("tid-to-zero", tid_to_zero),
    ("raise-fraction", raise_fraction),
    ("drop-fence", drop_fence),
    ("weaken-guard", weaken_guard),
    ("move-across-barrier", move_across_barrier),
    ("drop-invariant", drop_invariant),
    ("shadow-assign", shadow_assign),
    ("assert-false-after-loop", assert_false_after_loop),
    ("return-after-barrier", return_after_barrier),
    ("unknown-builtin", unknown_builtin),
    ("contradictory-pin", contradictory_pin),
    ("hidden-contradiction", hidden_contradiction),
]


def verified_examples():
    for p in sorted(q for ext in ("*.pvl", "*.cl", "*.cu") for q in (ROOT / "examples").rglob(ext)):
        if "//: expect verified" in p.read_text(errors="replace"):
            yield p


def run(kprove, path, timeout, flags=()):
    # Only the exit code matters here: no concrete runs to label counterexamples.
    try:
        r = subprocess.run([kprove, "--timeout", str(timeout), "--no-replay", *flags, str(path)],
                           capture_output=True, text=True, timeout=timeout * 20 + 30)
        return r.returncode
    except subprocess.TimeoutExpired:
        return 124


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("--kprove", default=str(ROOT / "build" / "driver" / "kprove"))
    ap.add_argument("--subset", type=int, default=0,
                    help="run only every N-th mutant (a fixed subset, for CI)")
    ap.add_argument("--part", default="0/1",
                    help="K/N: of the mutants chosen, only every N-th from the K-th "
                         "(CI runs the subset as N tests ctest can schedule side by side)")
    ap.add_argument("--timeout", type=int, default=10)
    ap.add_argument("--report", help="write a Markdown table here")
    ap.add_argument("--rules", help="comma-separated rule names (default: all)")
    ap.add_argument("examples", nargs="*")
    args = ap.parse_args()
    part, _, part_count = args.part.partition("/")
    part, part_count = int(part), int(part_count or 1)

    equivalent = {}
    eq_file = Path(__file__).with_name("equivalent.txt")
    if eq_file.exists():
        for line in eq_file.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                key, _, why = line.partition(" -- ")
                equivalent[key.strip()] = why.strip()

    examples = [Path(e) for e in args.examples] or list(verified_examples())
    rows, survivors, counter = [], [], 0
    totals = {"generated": 0, "killed": 0, "survived": 0, "input-error": 0}
    with tempfile.TemporaryDirectory() as tmp:
        for ex in examples:
            lines = ex.read_text().splitlines()
            # The example's own flags (`//: flags --int-math (why)`): its mutants need them too.
            flags = ["--int-math"] if any("//: flags --int-math" in l for l in lines) else []
            lines = [l.replace("//: expect verified", "// mutant") for l in lines]
            for rule, fn in RULES:
                if args.rules and rule not in args.rules.split(","):
                    continue
                gen = kill = surv = bad = 0
                c = ex.suffix in (".cl", ".cu")
                extra = {"suffix": ex.suffix} if "suffix" in fn.__code__.co_varnames else {}
                for line_no, mutant in fn(lines, c, **extra):
                    counter += 1
                    if args.subset and counter % args.subset:
                        continue
                    if (counter // max(args.subset, 1)) % part_count != part:
                        continue
                    gen += 1
                    path = Path(tmp) / f"{ex.stem}-{rule}-{line_no}-{counter}{ex.suffix}"
                    path.write_text("\n".join(mutant) + "\n")
                    rc = run(args.kprove, path, args.timeout, flags)
                    if rc == 0:
                        surv += 1
                        key = f"{ex.relative_to(ROOT) if ex.is_absolute() else ex}:{line_no} {rule}"
                        survivors.append((key, "\n".join(mutant)))
                    elif rc == 2:
                        bad += 1
                    else:
                        kill += 1  # failed (1) or unknown (3): not verified
                if gen:
                    rows.append((ex.name, rule, gen, kill, surv, bad))
                totals["generated"] += gen
                totals["killed"] += kill
                totals["survived"] += surv
                totals["input-error"] += bad

    out = ["| example | rule | generated | killed | survived | input error |",
           "|---|---|---:|---:|---:|---:|"]
    out += [f"| {a} | {b} | {c} | {d} | {e} | {f} |" for a, b, c, d, e, f in rows]
    out.append(f"| **total** | | {totals['generated']} | {totals['killed']} | "
               f"{totals['survived']} | {totals['input-error']} |")
    unexplained = []
    out.append("")
    for key, _ in survivors:
        why = equivalent.get(key)
        out.append(f"- survivor `{key}`: {why or 'UNEXPLAINED'}")
        if not why:
            unexplained.append(key)
    text = "\n".join(out)
    print(text)
    if args.report:
        Path(args.report).write_text(text + "\n")
    print(f"\nmutation: {totals['killed'] + totals['input-error']} passed, "
          f"{len(unexplained)} failed")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
