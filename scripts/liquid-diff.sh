#!/usr/bin/env bash
# Differential test of the Liquid engine against Shopify's Ruby Liquid 5.4 (Debian's ruby-liquid):
# COUNT generated cases (default 3000) from SEED (default 20261129; "random" picks one and prints it),
# rendered by one Ruby process and one `commonsight render --batch`, for each MIX: "theme" (what theme
# authors write, checks/liquid_diff/generate.py), "corners" (partials in partials, tablerow, the liquid
# tag, strftime flags: checks/liquid_diff/generate_corners.py) or "all" (both, the default). Fails on
# any disagreement that is not a documented known difference (checks/liquid_diff/known.py, docs/liquid.md).
# Usage: scripts/liquid-diff.sh [COUNT] [SEED] [MIX]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-3000}
seed=${2:-20261129}
mix=${3:-all}
[ "$seed" = random ] && seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
command -v ruby >/dev/null && ruby -e 'require "liquid"' 2>/dev/null || {
  echo "liquid-diff: Ruby Liquid is missing; install it with: scripts/setup.sh liquid-diff (Debian: ruby ruby-liquid)" >&2
  exit 1
}
[ -x .build/debug/commonsight ] || { echo "liquid-diff: build commonsight first (swift build --product commonsight)" >&2; exit 1; }
case "$mix" in
  all) mixes="theme corners" ;;
  theme|corners) mixes=$mix ;;
  *) echo "liquid-diff: unknown mix '$mix' (theme, corners or all)" >&2; exit 2 ;;
esac
mkdir -p .build/liquid-diff
status=0
for m in $mixes; do
  python3 checks/liquid_diff/run.py --seed "$seed" --count "$count" --mix "$m" --cmd "$PWD/.build/debug/commonsight" \
    --report ".build/liquid-diff/report-$m-$seed.json" || status=1
done
exit $status
