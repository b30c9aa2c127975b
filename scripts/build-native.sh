#!/usr/bin/env bash
# Builds the native core: library blcore, CLI blsim and the GoogleTest suite bltests, in
# build/native (Release, Ninja). Incremental: a second run with nothing changed takes a second.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/native/build.ninja ]; then
  cmake -S wasm-core -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build/native -j "$(nproc)"
