#!/usr/bin/env bash
# Merges the output folders of the shards of one build into one site:
#   deploy/merge-shards.sh DEST SHARD_OUT...
# Every file of every shard is copied into DEST except the tool's own .commonsight-manifest (each
# shard's lists only that shard's files, so none of them describes the merged folder). A file that
# two shards both hold (the site-wide files: index.html, static/) must be the same bytes in both;
# if not, nothing more is copied and the script exits 1 naming it. DEST may exist; it is not emptied.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 DEST SHARD_OUT..." >&2
  exit 2
fi
dest=$1
shift
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
for src in "$@"; do
  [ -d "$src" ] || { echo "merge-shards: $src is not a folder" >&2; exit 1; }
  # Only files both hold need comparing; the rest are copied as they are.
  while IFS= read -r -d '' f; do
    if [ -e "$dest/$f" ] && ! cmp -s "$src/$f" "$dest/$f"; then
      echo "merge-shards: $f differs between $src and an earlier shard; were they built from the same content, templates and --date?" >&2
      exit 1
    fi
  done < <(cd "$src" && find . -type f ! -path ./.commonsight-manifest -print0)
  tar -C "$src" --exclude=./.commonsight-manifest -cf - . | tar -C "$dest" -xf -
done
