#!/usr/bin/env bash
# Formats (or, with --check, checks) every source file: Prettier for TypeScript/JavaScript/CSS/
# JSON, clang-format for the C++ core. `npm run format` writes, `npm run format:check` (a stage of
# npm test) fails naming the files that are not formatted.
set -euo pipefail
cd "$(dirname "$0")/.."
cpp=$(git ls-files 'wasm-core/*.cpp' 'wasm-core/*.h')
if [ "${1:-}" = --check ]; then
  npx prettier --check --log-level warn .
  # shellcheck disable=SC2086
  clang-format --dry-run -Werror $cpp
  echo "format: every file is formatted"
else
  npx prettier --write --log-level warn .
  # shellcheck disable=SC2086
  clang-format -i $cpp
fi
