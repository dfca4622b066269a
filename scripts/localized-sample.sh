#!/bin/sh
# Builds the sample content in another language of the theme: a copy of content/ whose site.yml
# says `language: LANG` (and `numbering: DIGITS`), into OUT. Used by `make test` for the Arabic site.
# Usage: [COMMONSIGHT=BINARY] scripts/localized-sample.sh LANG DIGITS OUT (the debug build by default)
set -eu
lang="$1"; digits="$2"; out="$3"
rm -rf "$out"
mkdir -p "$out"
cp -R content "$out/content"
sed -i "s/^language: .*/language: $lang\nnumbering: $digits/" "$out/content/site.yml"
# A whole site in one language: the neighborhoods built in several (languages: in neighborhood.md,
# with translations beside the originals, story.es.md) are made single-language again.
find "$out/content/neighborhoods" -name '*.*.md' -delete
sed -i '/^languages: /d' "$out/content/neighborhoods"/*/neighborhood.md
"${COMMONSIGHT:-.build/debug/commonsight}" build --date 2026-11-29 --content "$out/content" --out "$out/public" --cache-dir "$out/cache"
