#!/usr/bin/env bash
# Times every example (median of RUNS runs, default 3) and prints a Markdown table:
#   bench/examples.sh [RUNS]
# Measures; never fails on timing. Builds first if needed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-3}"
"$root/scripts/build" kprove corpus_check
build="${KPROVE_BUILD_DIR:-$root/build}"
echo "| example | expected | obligations | median seconds |"
echo "|---|---|---:|---:|"
total=0
for f in "$root"/examples/*/*.pvl "$root"/examples/*/*.cl "$root"/examples/*/*.cu; do
  rel="${f#$root/}"
  times=()
  line=""
  for _ in $(seq "$runs"); do
    line=$("$build/tests/corpus_check" "$f" | head -1 || true)
    times+=("$(sed -n 's/.*obligations, \([0-9.e-]*\) s).*/\1/p' <<<"$line")")
  done
  obligations=$(sed -n 's/.*(\([0-9]*\) obligations.*/\1/p' <<<"$line")
  expected=$(sed -n 's/.*expected \([a-z]*\),.*/\1/p' <<<"$line")
  median=$(printf '%s\n' "${times[@]}" | sort -g | sed -n "$(( (runs + 1) / 2 ))p")
  printf '| %s | %s | %s | %.3f |\n' "$rel" "$expected" "$obligations" "$median"
  total=$(echo "$total + $median" | bc)
done
printf '\ntotal of medians: %.2f s on %s cores\n' "$total" "$(nproc)"
