#!/usr/bin/env bash
# The Debian package: `cpack -G DEB` builds it from the build tree; its control
# file declares the libraries the binary links and Clang's resource headers; it
# holds bin/kprove, the stdlib-specs and the manual under /usr; and, on a machine
# where this test may install packages (root or passwordless sudo, and no kprove
# package installed already),
# `dpkg -i` installs it, the installed /usr/bin/kprove verifies an OpenCL and a
# CUDA example from an unrelated directory, and `dpkg -r` removes it again.
#   check_deb.sh BUILD_DIR SOURCE_DIR
# Exit 77 (skipped, with the reason) when cpack's DEB generator cannot run here.
set -euo pipefail
build="$1" source="$2"
fail() { echo "check_deb: $*" >&2; exit 1; }
for tool in cpack dpkg-deb dpkg-shlibdeps file; do
  command -v "$tool" >/dev/null || { echo "skipped: $tool not found (scripts/setup --test installs it)"; exit 77; }
done
tmp="$(mktemp -d)"
installed_by_us=""
SUDO=""
cleanup() {
  [ -n "$installed_by_us" ] && $SUDO dpkg -r kprove >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT

(cd "$build" && cpack -G DEB -B "$tmp/out" >"$tmp/cpack.log" 2>&1) || { cat "$tmp/cpack.log"; fail "cpack failed"; }
deb="$(ls "$tmp"/out/kprove_*.deb 2>/dev/null | head -n 1)"
[ -f "$deb" ] || fail "no kprove_*.deb in $tmp/out"

depends="$(dpkg-deb --field "$deb" Depends)"
declared="$(sed 's/ ([^)]*)//g; s/, */\n/g' <<<"$depends")" # package names, one a line
# Each library `ldd` shows the binary linking must be covered by a declared
# package: the ones it would fail to start without.
# Clang's resource headers are read at run time, not linked. LLVM and Clang are
# linked statically by default (KPROVE_STATIC_LLVM), shared otherwise: the package
# of every library `ldd` lists is asked of dpkg.
required="libz3-4 libfmt9 libstdc++6 libc6 libclang-common-19-dev"
while read -r lib; do
  owner="$(dpkg -S "$(readlink -f "$lib")" 2>/dev/null | head -n 1 | cut -d: -f1)" || true
  [ -n "$owner" ] && required="$required $owner"
done < <(ldd "$build/driver/kprove" | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p')
for package in $required; do
  grep -qxF "$package" <<<"$declared" || fail "Depends lacks $package: $depends"
done
contents="$(dpkg-deb --contents "$deb")"
for path in ./usr/bin/kprove ./usr/share/kprove/stdlib-specs/opencl.h ./usr/share/kprove/stdlib-specs/cuda.h \
  ./usr/share/doc/kprove/README.md ./usr/share/doc/kprove/tutorial/01-one-thread.md; do
  grep -q " $path\$" <<<"$contents" || fail "the package lacks $path"
done
outside="$(grep -o ' \./[^ ]*$' <<<"$contents" | grep -v '^ \./usr/' || true)"
[ -z "$outside" ] || fail "the package installs outside /usr: $outside"

# Installing needs root: as root, or through sudo without a password (CI).
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    echo "check_deb: package checked ($deb); skipped dpkg -i: not root and no sudo"
    exit 77
  fi
fi
if dpkg-query -W -f='${Status}' kprove 2>/dev/null | grep -q "install ok installed"; then
  echo "check_deb: package checked ($deb); skipped dpkg -i: a kprove package is installed on this machine and is left alone"
  exit 77
fi
$SUDO dpkg -i "$deb" >"$tmp/dpkg.log" 2>&1 || { cat "$tmp/dpkg.log"; fail "dpkg -i failed"; }
installed_by_us=1
# Every shared library the installed binary loads belongs to a package the .deb
# declares or one those pull in, so `apt install ./kprove_*.deb` on a fresh
# Debian 12 brings everything (here every library is present already).
closure="$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
  --no-replaces --no-enhances $declared 2>/dev/null | grep -v '^ ' | sed 's/:.*//' | sort -u)"
for library in $(ldd /usr/bin/kprove | awk '/=>/ {print $3}'); do
  real="$(readlink -f "$library")"
  owner="$( (dpkg -S "$real" 2>/dev/null || dpkg -S "${real#/usr}" 2>/dev/null || dpkg -S "/usr$real" 2>/dev/null) |
    head -n 1 | cut -d: -f1)"
  [ -n "$owner" ] || fail "no package owns $real, which /usr/bin/kprove loads"
  grep -qxF "$owner" <<<"$declared"$'\n'"$closure" ||
    fail "$real (package $owner) is neither declared nor pulled in by: $depends"
done
mkdir "$tmp/work"
cp "$source/examples/opencl/vector_add.cl" "$source/examples/cuda/vector_add.cu" \
  "$source/examples/opencl/vector_add_index_shift.cl" "$tmp/work/"
cd "$tmp/work"
unset KPROVE_STDLIB
out="$(/usr/bin/kprove vector_add.cl vector_add.cu)" || fail "installed kprove: exit $?: $out"
grep -qx "vector_add.cl: verified" <<<"$out" || fail "vector_add.cl not verified: $out"
grep -qx "vector_add.cu: verified" <<<"$out" || fail "vector_add.cu not verified: $out"
# A failing sibling fails from the package too (exit 1, its expected code).
set +e
out="$(/usr/bin/kprove vector_add_index_shift.cl 2>&1)" # diagnostics are on stderr
code=$?
set -e
[ "$code" -eq 1 ] || fail "vector_add_index_shift.cl: exit $code, not 1: $out"
expected_code="$(sed -n '1s|^//: expect fail \([a-z.]*\).*|\1|p' vector_add_index_shift.cl)"
grep -q "error\[$expected_code\]" <<<"$out" || fail "no error[$expected_code]: $out"
$SUDO dpkg -r kprove >/dev/null 2>&1 || fail "dpkg -r kprove failed"
installed_by_us=""
[ ! -e /usr/bin/kprove ] || fail "/usr/bin/kprove left behind after dpkg -r"
echo "check_deb: ok ($deb installed, ran, removed)"
