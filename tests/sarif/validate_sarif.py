#!/usr/bin/env python3
"""`kprove --sarif` writes logs that validate against the SARIF 2.1.0 JSON schema.

    validate_sarif.py KPROVE SOURCE_DIR BUILD_DIR

The schema is not part of the source tree: the npm package @microsoft/jest-sarif
ships it (lib/schemas/sarif-2.1.0-rtm.5.json, the 2.1.0 schema of SchemaStore,
whose URL kprove's logs name in "$schema"), and `npm pack` fetches it once into
BUILD_DIR/sarif-schema/. The validator is the one of the dialect the schema
declares in its own "$schema" (draft-04 for that file, draft-07 for OASIS's
sarif-schema-2.1.0.json), with format checking where jsonschema can.

Validated: a failing example (examples/pvl/demo_index_shift.pvl, checked against
its `//: expect fail CODE LINE` header too), a verified one, an invalid file (a
parse error, an absolute path with a space), and the three in one run. Besides the
schema: every result's ruleId is a rule of the run and its ruleIndex points at it.

Exit 77 (ctest: skipped) when Python's jsonschema, npm or the registry is missing.
"""
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

PACKAGE = "@microsoft/jest-sarif@1.0.0-beta.0"
MEMBER = "package/lib/schemas/sarif-2.1.0-rtm.5.json"
SKIP = 77


def skip(message):
    print("SKIPPED: " + message)
    sys.exit(SKIP)


def import_jsonschema():
    try:
        import jsonschema  # noqa: F401
        return jsonschema
    except ImportError:
        pass
    # Debian's python3-jsonschema belongs to /usr/bin/python3, which may not be the
    # python3 first on PATH (e.g. a pyenv one): run this script with it instead.
    system = "/usr/bin/python3"
    if os.path.realpath(sys.executable) != os.path.realpath(system) and os.path.exists(system):
        probe = subprocess.run([system, "-c", "import jsonschema"], capture_output=True)
        if probe.returncode == 0:
            os.execv(system, [system] + sys.argv)
    skip("Python's jsonschema is not installed (apt-get install python3-jsonschema)")


def fetch_schema(build):
    """The schema file, fetched with npm into BUILD/sarif-schema/ on first use."""
    cache = os.path.join(build, "sarif-schema")
    path = os.path.join(cache, os.path.basename(MEMBER))
    if os.path.exists(path):
        return path
    npm = shutil.which("npm")
    if not npm:
        skip("npm is not installed: it fetches the SARIF schema (%s)" % PACKAGE)
    os.makedirs(cache, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as work:
        proc = subprocess.run([npm, "pack", PACKAGE, "--silent"], cwd=work, capture_output=True,
                              text=True, timeout=300, stdin=subprocess.DEVNULL)
        tarballs = [f for f in os.listdir(work) if f.endswith(".tgz")]
        if proc.returncode != 0 or len(tarballs) != 1:
            skip("npm pack %s failed (no registry?): %s" % (PACKAGE, proc.stderr.strip()[-500:]))
        with tarfile.open(os.path.join(work, tarballs[0])) as tar:
            data = tar.extractfile(MEMBER).read()
        json.loads(data)  # a schema, not an error page
        partial = os.path.join(work, "schema.json")
        with open(partial, "wb") as out:
            out.write(data)
        os.replace(partial, path)  # whole or not at all
    return path


def main():
    kprove, root, build = (os.path.abspath(a) for a in sys.argv[1:4])
    jsonschema = import_jsonschema()
    with open(fetch_schema(build)) as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    checker = getattr(cls, "FORMAT_CHECKER", None) or jsonschema.FormatChecker()
    validator = cls(schema, format_checker=checker)
    print("schema: %s (%s), validator %s of jsonschema %s (%s)" % (
        schema.get("title"), schema.get("$schema"), cls.__name__,
        importlib.metadata.version("jsonschema"), sys.executable))

    failing = "examples/pvl/demo_index_shift.pvl"
    with open(os.path.join(root, failing)) as f:
        _, _, _, code, line = f.readline().split()[:5]
    with tempfile.TemporaryDirectory() as tmp:
        invalid = os.path.join(tmp, "parse error.pvl")
        with open(invalid, "w") as f:
            f.write("void m( {\n")
        runs = [
            ([failing], 1),
            (["examples/pvl/zero.pvl"], 0),
            ([invalid], 2),
            ([failing, "examples/opencl/vector_add.cl", invalid], 2),
        ]
        failures = 0
        for files, exit_code in runs:
            proc = subprocess.run([kprove, "--sarif"] + files, cwd=root, capture_output=True,
                                  text=True, timeout=600, stdin=subprocess.DEVNULL)
            name = " ".join(os.path.basename(f) for f in files)
            problems = []
            if proc.returncode != exit_code:
                problems.append("exit code %d, expected %d" % (proc.returncode, exit_code))
            try:
                log = json.loads(proc.stdout)
            except ValueError as e:
                problems.append("not JSON (%s): %s" % (e, proc.stdout[:300]))
                log = None
            if log is not None:
                for error in sorted(validator.iter_errors(log), key=lambda e: list(e.path)):
                    problems.append("schema: at /%s: %s" % (
                        "/".join(str(p) for p in error.absolute_path), error.message[:300]))
                run = log["runs"][0]
                rules = run["tool"]["driver"]["rules"]
                for result in run.get("results", []):
                    index = result.get("ruleIndex")
                    if index is None or index >= len(rules) or rules[index]["id"] != result["ruleId"]:
                        problems.append("result %s: ruleIndex %s is not its rule" %
                                        (result["ruleId"], index))
                if failing in files:
                    at = [r for r in run["results"]
                          if r["ruleId"] == code and r["level"] == "error"
                          and r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                          == failing
                          and r["locations"][0]["physicalLocation"]["region"]["startLine"]
                          == int(line)]
                    if not at:
                        problems.append("no error %s on %s line %s" % (code, failing, line))
            if problems:
                failures += 1
                print("FAIL %s:\n  %s" % (name, "\n  ".join(problems)))
            else:
                print("ok   %s: valid SARIF 2.1.0, %d results" % (
                    name, len(log["runs"][0]["results"])))
    print("%d passed, %d failed" % (len(runs) - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
