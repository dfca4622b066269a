#!/usr/bin/env bash
# One hash for a built site's bytes: every file's path and SHA-256, sorted (the tool's manifest left out).
# Usage: scripts/site-hash.sh OUT
set -euo pipefail
cd "$1"
find . -type f ! -name .commonsight-manifest -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1
