#!/usr/bin/env bash
# `npm start`: installs what is missing, builds the WebAssembly core and the site, and
# serves the built site at http://127.0.0.1:5173/ (Ctrl-C stops it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh
npx vite build --config web/vite.config.ts
port=5173
echo
echo "  Bottleneck Lab is at  http://127.0.0.1:$port/"
echo
exec npx vite preview --config web/vite.config.ts --port "$port" --strictPort --host 127.0.0.1
