#!/usr/bin/env bash
# C's integer model against mathematical integers (--int-math), per C example:
# the whole process's wall time, median of RUNS runs (default 3), and the verdicts.
#   bench/int_model.sh [RUNS]
# Measures; never fails on timing. Builds first if needed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-3}"
"$root/scripts/build" kprove >/dev/null 2>&1
kprove="${KPROVE_BUILD_DIR:-$root/build}/driver/kprove"
median() { sort -g | sed -n "$(( (runs + 1) / 2 ))p"; }
run() { # file, extra flag -> "seconds verdict"
  local times=() verdict=""
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s.%N)
    verdict=$("$kprove" $2 "$1" 2>/dev/null | sed -n "s|^$1: \([a-z]*\).*|\1|p" || true)
    t1=$(date +%s.%N)
    times+=("$(echo "$t1 - $t0" | bc)")
  done
  printf '%s %s' "$(printf '%s\n' "${times[@]}" | median)" "$verdict"
}
echo "| example | C integers (s) | verdict | --int-math (s) | verdict | ratio |"
echo "|---|---:|---|---:|---|---:|"
ratios=()
for f in "$root"/examples/*/*.cl "$root"/examples/*/*.cu; do
  rel="${f#$root/}"
  read -r c cv <<<"$(run "$f" "")"
  read -r m mv <<<"$(run "$f" --int-math)"
  ratio=$(echo "scale=2; $c / $m" | bc)
  ratios+=("$ratio")
  printf '| %s | %.2f | %s | %.2f | %s | %.2f |\n' "$rel" "$c" "$cv" "$m" "$mv" "$ratio"
done
n=${#ratios[@]}
printf '\nmedian ratio (C integers / --int-math) over %d files: %s\n' "$n" \
  "$(printf '%s\n' "${ratios[@]}" | sort -g | sed -n "$(( (n + 1) / 2 ))p")"
