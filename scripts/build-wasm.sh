#!/usr/bin/env bash
# Builds the core to WebAssembly: web/src/generated/blcore.{mjs,wasm} for the browser (ES6
# module, factory createBlCore) and the same files in build/wasm/ for Node (the agreement
# test and the benchmark). The sources are exactly the native library's: CMake's blcore
# target (every .cpp under wasm-core/src) is compiled by em++ through emcmake, then linked
# whole with the exported C ABI. Skipped when neither the sources nor this script changed.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs  # emcc's JS optimizer needs Debian's acorn

obj=build/wasm-obj
out=build/wasm
web=web/src/generated
abi=wasm-core/include/bl/abi.h

# Every bl_* function declared in the ABI header, plus the allocator.
fns=$(grep -oE '\bbl_[a-z0-9_]+[[:space:]]*\(' "$abi" | tr -d '( ' | sort -u)
[ -n "$fns" ] || { echo "build-wasm: no bl_* functions found in $abi" >&2; exit 1; }
exported=$(for f in $fns; do printf '"_%s",' "$f"; done)'"_malloc","_free"'
runtime='"ccall","cwrap","UTF8ToString","stringToUTF8","lengthBytesUTF8","HEAPU8"'

cflags=(-O3)
# Emscripten aborts on `throw` unless exception catching is compiled in: turn it on only if
# the core uses exceptions, since it costs speed.
if grep -rqE '\b(throw|catch)\b' wasm-core/src; then cflags+=(-fexceptions); fi
# Memory starts small and grows on demand (Emscripten's defaults, 16 MB with a 5 MB stack,
# are more than a 20-flow run needs); the core does not recurse deeply (JSON nesting is
# capped at 64 levels), so 512 KB of stack is plenty.
lflags=("${cflags[@]}" -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createBlCore
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=1MB -sTOTAL_STACK=512KB -sENVIRONMENT=web,worker,node
  "-sEXPORTED_FUNCTIONS=[$exported]" "-sEXPORTED_RUNTIME_METHODS=[$runtime]")

# The stamp: the hash of every core source and header, this script and the flags.
stamp=$( { find wasm-core/src wasm-core/include wasm-core/CMakeLists.txt -type f \
             \( -name '*.cpp' -o -name '*.h' -o -name '*.hpp' -o -name CMakeLists.txt \) \
             -print0 | sort -z | xargs -0 sha256sum; sha256sum scripts/build-wasm.sh; echo "${lflags[*]}"; } \
         | sha256sum | cut -d' ' -f1)
# The browser fetches the module gzipped (blcore.wasm.gz, a third of the bytes: 1.3 s instead
# of 4 s on a 1.6 Mb/s phone link), whatever the host compresses; see web/src/worker/wasmBytes.ts.
# -n: no name or time in the header, so one build gives one file.
gzip_wasm() {
  if [ ! -f "$web/blcore.wasm.gz" ] || [ "$web/blcore.wasm" -nt "$web/blcore.wasm.gz" ]; then
    gzip -9 -n -c "$web/blcore.wasm" > "$web/blcore.wasm.gz.tmp" && mv "$web/blcore.wasm.gz.tmp" "$web/blcore.wasm.gz"
  fi
}
if [ -f "$out/.stamp" ] && [ "$(cat "$out/.stamp")" = "$stamp" ] \
   && [ -f "$web/blcore.mjs" ] && [ -f "$web/blcore.wasm" ]; then
  gzip_wasm
  echo "build-wasm: up to date ($web/blcore.{mjs,wasm,wasm.gz})"
  exit 0
fi

echo "build-wasm: compiling the core with em++"
# CMakeLists.txt sets the Release flags (-O3) itself; extra flags go in CMAKE_CXX_FLAGS.
mkdir -p "$obj"
emcmake cmake -S wasm-core -B "$obj" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBL_TESTS=OFF \
  "-DCMAKE_CXX_FLAGS=${cflags[*]:1}" >"$obj/configure.log" 2>&1 \
  || { cat "$obj/configure.log" >&2; echo "build-wasm: emcmake cmake failed" >&2; exit 1; }
cmake --build "$obj" --target blcore -j "$(nproc)"

echo "build-wasm: linking $web/blcore.mjs"
mkdir -p "$out" "$web"
rm -f "$out/.stamp"
em++ "${lflags[@]}" -Wl,--whole-archive "$obj/libblcore.a" -Wl,--no-whole-archive \
  -o "$obj/blcore.mjs"
cp "$obj/blcore.mjs" "$obj/blcore.wasm" "$web/"
gzip_wasm
# The Node copy: Emscripten 3.1.6's ES6 glue uses `require` and `__dirname` when it runs
# under Node, which an ES module does not have; define them in front. (The browser copy
# must not import node:module.) Load it with wasmBinary: see wasm-core/node/blcore.mjs.
{ echo "import { createRequire as __blCreateRequire } from 'node:module';"
  echo "import { fileURLToPath as __blPath } from 'node:url';"
  echo "const require = __blCreateRequire(import.meta.url);"
  echo "const __dirname = __blPath(new URL('.', import.meta.url));"
  cat "$obj/blcore.mjs"; } > "$out/blcore.mjs"
cp "$obj/blcore.wasm" "$out/"
echo "$stamp" > "$out/.stamp"
ls -l "$web/blcore.mjs" "$web/blcore.wasm" "$web/blcore.wasm.gz"
