#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs each for SECONDS (default 60), with AddressSanitizer.
# Seeds come from the sample content; findings land in .build/fuzz/<target>/crashes.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(FrontMatter CSV GeoJSON Liquid Markdown Redaction)
out=.build/fuzz; mkdir -p "$out/lib"
[ $# -gt 0 ] || targets+=(HTTPResponse)  # the model client's answer parser
flags=(-swift-version 6 -sanitize=fuzzer,address -parse-as-library -O -g -I "$out/lib" -I Sources/CYAML -I Sources/CCmarkGFM)
module() {  # module NAME [LINK...]
  local name=$1; shift
  swiftc "${flags[@]}" -emit-library -static -emit-module -module-name "$name" \
    -emit-module-path "$out/lib/$name.swiftmodule" -o "$out/lib/lib$name.a" $(find Sources/"$name" -name "*.swift" | sort) "$@"
}
module Diagnostics
module CivilTime
module Escaping
module Geo
module Formats
module Liquid
module Markdown
module Redaction
libs=(-L "$out/lib" -lFormats -lGeo -lDiagnostics -lLiquid -lCivilTime -lEscaping -lMarkdown -lRedaction -lyaml -lcmark-gfm -lcmark-gfm-extensions)
for t in "${targets[@]}"; do
  sources=(); [ "$t" = HTTPResponse ] && sources=(Sources/HTTPClient/HTTPResponseParser.swift)
  swiftc "${flags[@]}" Fuzz/Fuzz$t.swift "${sources[@]}" "${libs[@]}" -o "$out/fuzz-$t" 2>&1 | grep -v "Cannot export local symbol" || true
  corpus="$out/$t/corpus"; crashes="$out/$t/crashes"; mkdir -p "$corpus" "$crashes"
  case $t in
    HTTPResponse) cp Fuzz/HTTPResponseSeeds/* "$corpus/" ;;
    FrontMatter) find content -name '*.md' -exec cp {} "$corpus/" \; ;;
    CSV) find content -name '*.csv' -exec cp {} "$corpus/" \; ;;
    GeoJSON) find content -name '*.geojson' -size -200k -exec cp {} "$corpus/" \; ;;
    Liquid) cp templates/layouts/*.html templates/partials/*.liquid Fuzz/LiquidSeeds/*.liquid Tests/LiquidTests/Cases/fuzz/* "$corpus/" ;;
    Markdown) find content -name '*.md' -exec cp {} "$corpus/" \; ; cp templates/pages/*.md "$corpus/" ;;
    Redaction) find content checks/fixtures/hostile -name '*.md' -exec cp {} "$corpus/" \; ;;
  esac
  # Liquid renders with tight budgets, so it must also stay within a tight memory limit: any
  # allocation beyond 512 MB or a process beyond 2 GB is a finding. Its dictionary: Fuzz/liquid.dict.
  options=(-rss_limit_mb=4096)
  [ "$t" = Liquid ] && options=(-rss_limit_mb=2048 -malloc_limit_mb=512 -dict=Fuzz/liquid.dict)
  echo "fuzz-$t: $seconds s"
  "$out/fuzz-$t" "$corpus" -max_total_time="$seconds" -timeout=10 "${options[@]}" -max_len=65536 \
    -artifact_prefix="$crashes/" -print_final_stats=1 2>"$out/$t/log.txt" || { echo "fuzz-$t: FINDING, see $out/$t/log.txt and $crashes"; tail -30 "$out/$t/log.txt"; exit 1; }
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$out/$t/log.txt" | sed "s/^/fuzz-$t: /"
done
