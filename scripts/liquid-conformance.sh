#!/usr/bin/env bash
# Runs the shared golden-liquid suite against the built commonsight and fails unless every case
# passes but the documented ones (docs/liquid.md, "Known differences").
set -euo pipefail
cd "$(dirname "$0")/.."
runner=../shared/tools/liquid_conformance.py
[ -f "$runner" ] || { echo "liquid-conformance: $runner not found (the shared folder belongs beside the repository)" >&2; exit 1; }
out=$(python3 "$runner" --cmd "$PWD/.build/debug/commonsight" --jobs "$(nproc)" \
  --skip '^tags, case, unexpected when token, strict2$')
echo "$out" | sed -n '/^area/,$p'
last=$(echo "$out" | tail -n 1)
case "$last" in
  *" 0 failed"*) exit 0 ;;
  *) echo "liquid-conformance: failures beyond the documented ones" >&2; echo "$out" | grep '^FAIL' >&2 || true; exit 1 ;;
esac
