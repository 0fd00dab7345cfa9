#!/usr/bin/env bash
# Neovim's built-in LSP client with the shipped configuration (editors/neovim/kprove.lua)
# opens failing and verified examples headless; check.lua checks the diagnostics it
# got (docs/editor.md). Exit 77 (skipped) without nvim.
#   run.sh KPROVE SOURCE_DIR
set -euo pipefail
if ! command -v nvim >/dev/null; then
  echo "skipped: nvim not found (scripts/setup --test installs neovim)"
  exit 77
fi
kprove="$(realpath "$1")"
source_dir="$(realpath "$2")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# --clean skips the user's init and plugins; the XDG directories keep the LSP log,
# shada and swap files out of the user's home.
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state"
export XDG_CACHE_HOME="$tmp/cache" XDG_RUNTIME_DIR="$tmp/run"
mkdir -p "$XDG_RUNTIME_DIR"
export KPROVE="$kprove"
cd "$source_dir"
status=0
# The outer bound: a client that never answers must not hang ctest.
timeout 300 nvim --headless --clean -c 'luafile editors/neovim/kprove.lua' \
  -c 'luafile tests/lsp/nvim/check.lua' </dev/null || status=$?
if [ "$status" -ne 0 ] && [ -s "$XDG_CACHE_HOME/nvim/lsp.log" ]; then
  echo "--- Neovim's LSP log (the server's stderr is in it):" >&2
  tail -n 40 "$XDG_CACHE_HOME/nvim/lsp.log" >&2
fi
[ "$status" -eq 124 ] && echo "FAILED: nvim did not finish within 300 s" >&2
exit "$status"
