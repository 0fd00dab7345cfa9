#!/usr/bin/env bash
# Checks the VS Code extension in a copy under WORK_DIR (a folder of the build
# tree, so the source tree gets no node_modules): test/check.js (manifest and
# grammars), then vsce, which compiles it with tsc, must list the files VS Code
# loads, and packages it, validating the manifest as the Marketplace would.
#   test/run.sh WORK_DIR
# Exit 77 (ctest: skipped) without node and npm.
set -euo pipefail
work="$1"
ext="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "skipped: node/npm not found (scripts/setup --test installs them)"
  exit 77
fi
mkdir -p "$work"
cd "$work"
# A fresh copy of everything but node_modules, out/ and packages.
find . -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +
(cd "$ext" && tar cf - --exclude=./node_modules --exclude=./out --exclude='*.vsix' .) | tar xf -
# npm ci (which deletes and reinstalls node_modules) only when the lock changed
# since the last install that finished; the stamp is inside node_modules, so a
# failed install leaves none. --omit=optional: see scripts/package-vscode.
stamp=node_modules/.kprove-installed-lock
if ! cmp -s package-lock.json "$stamp"; then
  npm ci --omit=optional --no-audit --no-fund
  cp package-lock.json "$stamp"
fi
node test/check.js
# vsce ls runs the vscode:prepublish script first (npm run compile: tsc checks
# the types and writes out/), as vsce package does, then lists what the
# package holds.
if ! listing="$(node_modules/.bin/vsce ls)"; then
  echo "$listing"
  echo "FAILED: vsce ls (compiling the extension)"
  exit 1
fi
missing=0
for f in package.json out/extension.js out/status.js language-configuration.json \
  syntaxes/pvl.tmLanguage.json syntaxes/opencl.tmLanguage.json \
  syntaxes/annotations.injection.tmLanguage.json node_modules/vscode-languageclient/node.js; do
  if grep -qxF "$f" <<<"$listing"; then echo "ok: the package holds $f"; else echo "FAILED: the package lacks $f"; missing=1; fi
done
if grep -q '^src/\|^test/\|\.map$' <<<"$listing"; then echo "FAILED: the package holds sources or maps"; missing=1; fi
[ $missing = 0 ]
node_modules/.bin/vsce package --skip-license --allow-missing-repository --out kprove-test.vsix
echo "vscode-extension: passed"
