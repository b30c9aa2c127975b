// One commit builds the same core in any checkout: no path of this checkout is in the binaries
// (an assert's __FILE__ once put /work/main/wasm-core/src/core/scheduler.h in blcore.wasm, so a
// fresh clone elsewhere built other bytes, and the page's core file another hashed name).
// CMakeLists.txt maps the source directory to wasm-core/ (-ffile-prefix-map).
// Needs build/native/blsim and build/wasm/blcore.wasm (npm test builds both first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

for (const file of ['build/wasm/blcore.wasm', 'build/native/blsim']) {
  test(`${file} names no path of this checkout`, () => {
    const bytes = fs.readFileSync(path.join(root, file));
    assert.equal(bytes.includes(Buffer.from(root + '/')), false, `${file} contains ${root}/`);
    // The mapped names are there instead (the binaries do carry source names).
    assert.equal(bytes.includes(Buffer.from('wasm-core/src/')), true, `${file} names no wasm-core/src/ file`);
  });
}
