#!/usr/bin/env bash
# Runs e2e.js (kprove lsp through Microsoft's LSP libraries for node) with its
# dependencies installed into WORK_DIR, a folder of the build tree:
#   run.sh KPROVE SOURCE_DIR WORK_DIR
# Exit 77 (ctest: skipped) without node and npm.
set -euo pipefail
kprove="$1" source="$2" work="$3"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "skipped: node/npm not found (scripts/setup --test installs them)"
  exit 77
fi
mkdir -p "$work"
# npm ci (which deletes and reinstalls node_modules) only when the lock changed
# since the last install that finished; the stamp is inside node_modules, so a
# failed install leaves none.
stamp="$work/node_modules/.kprove-installed-lock"
if ! cmp -s "$here/package-lock.json" "$stamp"; then
  cp "$here/package.json" "$here/package-lock.json" "$work/"
  (cd "$work" && npm ci --no-audit --no-fund)
  cp "$here/package-lock.json" "$stamp"
fi
NODE_PATH="$work/node_modules" exec node "$here/e2e.js" "$kprove" "$source"
