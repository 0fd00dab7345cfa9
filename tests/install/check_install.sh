#!/usr/bin/env bash
# The installed kprove is relocatable: `cmake --install` into a temporary prefix,
# move the prefix, and run the copy from an unrelated working directory. It must
# find its stdlib-specs next to itself (not in the source tree) and verify an
# OpenCL and a CUDA kernel; --stdlib and KPROVE_STDLIB override the location.
#   check_install.sh CMAKE BUILD_DIR SOURCE_DIR
set -euo pipefail
cmake="$1" build="$2" source="$3"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check_install: $*" >&2; exit 1; }

"$cmake" --install "$build" --prefix "$tmp/prefix" >/dev/null
[ -x "$tmp/prefix/bin/kprove" ] || fail "no bin/kprove installed"
for h in opencl.h cuda.h cooperative_groups.h; do
  [ -f "$tmp/prefix/share/kprove/stdlib-specs/$h" ] || fail "no share/kprove/stdlib-specs/$h"
done
mv "$tmp/prefix" "$tmp/moved"
kprove="$tmp/moved/bin/kprove"
mkdir "$tmp/work"
cp "$source/examples/opencl/vector_add.cl" "$source/examples/cuda/vector_add.cu" "$tmp/work/"
cd "$tmp/work"
unset KPROVE_STDLIB

want="$(cd "$tmp/moved/share/kprove/stdlib-specs" && pwd -P)"
got="$("$kprove" --print-stdlib-dir)"
[ "$(cd "$got" && pwd -P)" = "$want" ] || fail "uses '$got', not the installed '$want'"

out="$("$kprove" vector_add.cl vector_add.cu)" || fail "exit $?: $out"
grep -qx "vector_add.cl: verified" <<<"$out" || fail "vector_add.cl not verified: $out"
grep -qx "vector_add.cu: verified" <<<"$out" || fail "vector_add.cu not verified: $out"
grep -qx "kprove: 2 verified, 0 failed, 0 unknown" <<<"$out" || fail "summary: $out"

# Overrides: a directory without the headers is an io error (exit 2), never a guess.
mkdir "$tmp/empty"
set +e
out="$(KPROVE_STDLIB="$tmp/empty" "$kprove" vector_add.cl 2>&1)" # diagnostics are on stderr
code=$?
set -e
[ "$code" -eq 2 ] || fail "KPROVE_STDLIB=empty dir: exit $code, not 2: $out"
grep -q "error\[io\]: cannot find kprove's opencl.h" <<<"$out" || fail "no io error: $out"
# --stdlib wins over KPROVE_STDLIB.
out="$(KPROVE_STDLIB="$tmp/empty" "$kprove" --stdlib "$want" vector_add.cl)" ||
  fail "--stdlib: exit $?: $out"
grep -qx "vector_add.cl: verified" <<<"$out" || fail "--stdlib: $out"
echo "check_install: ok ($kprove)"
