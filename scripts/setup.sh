#!/usr/bin/env bash
# Installs whatever this machine is missing to build, run and test Bottleneck Lab:
# Debian packages (compilers, clang for the fuzzers, Emscripten, Chromium, ns-2) and the npm packages.
# Safe to run again: a warm machine skips everything in a second or two.
#   bash scripts/setup.sh [--debian | --npm]   (one of the two only; `npm test` runs the npm
#   packages' install beside the native build, which needs only the Debian ones)
set -euo pipefail
cd "$(dirname "$0")/.."
only=${1:-}
case "$only" in
  ""|--debian|--npm) ;;
  *) echo "setup: unknown option '$only' (use --debian, --npm or nothing for both)" >&2; exit 2 ;;
esac

if [ "$only" != --npm ]; then
  # Debian packages: name of a package -> a file it installs, to skip dpkg look-ups.
  need=()
  check() { [ -e "$2" ] || need+=("$1"); }
  check emscripten      /usr/bin/em++
  check node-acorn      /usr/share/nodejs/acorn
  check chromium        /usr/bin/chromium
  # The browser tests' engine (playwright.config.ts): the same Chromium as a light headless shell.
  check chromium-headless-shell /usr/bin/chromium-headless-shell
  check cmake           /usr/bin/cmake
  check ninja-build     /usr/bin/ninja
  check g++             /usr/bin/g++
  check libgtest-dev    /usr/include/gtest/gtest.h
  # The fuzzers (scripts/fuzz.sh): clang and its sanitizer and libFuzzer runtimes.
  check clang           /usr/bin/clang++-14
  check libclang-rt-14-dev /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a
  check clang-format    /usr/bin/clang-format
  if [ "${BL_WITH_NS2:-0}" = 1 ]; then check ns2 /usr/bin/ns; fi

  if [ ${#need[@]} -gt 0 ]; then
    echo "setup: installing Debian packages: ${need[*]}"
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
  fi
fi
[ "$only" = --debian ] && exit 0

# npm packages, only when package-lock.json changed since the last install.
stamp=node_modules/.bl-lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  echo "setup: installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
