#!/usr/bin/env bash
# `npm run bench [-- --quick] [--no-ns2] [--json FILE] [--markdown]`: installs what is missing
# (ns-2 included), builds the native and WASM cores, then runs scripts/bench.mjs.
# See docs/bench.md for the scenarios and the numbers measured.
set -euo pipefail
cd "$(dirname "$0")/.."
BL_WITH_NS2=1 bash scripts/setup.sh || { echo "bench: setup with ns-2 failed; running without ns-2" >&2; bash scripts/setup.sh; }
bash scripts/lib/quietly.sh native-build bash scripts/build-native.sh
bash scripts/lib/quietly.sh wasm-build bash scripts/build-wasm.sh
exec node scripts/bench.mjs "$@"
