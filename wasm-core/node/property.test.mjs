// Native = WebAssembly on a sample of the property suite's random draws (issue 27): the
// generator in wasm-core/tests/property_test.cpp writes a few of its scenarios with their live
// changes (Property.ExportSample), and each runs in build/native/blsim (the changes as --set)
// and in the WASM core (sim.setParam at the same times); every count must agree exactly.
// Needs build/native/bltests, blsim and build/wasm/blcore.* (npm test builds them first).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBlCore, BL_RUN } from './blcore.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const blsim = path.join(root, 'build/native/blsim');
const bltests = path.join(root, 'build/native/bltests');
const DRAWS = Number(process.env.BL_PROPERTY_WASM_DRAWS || 6);

let core;
let dir;
let draws = [];
before(async () => {
  assert.ok(fs.existsSync(blsim) && fs.existsSync(bltests), 'build/native is missing: run npm run build:native');
  core = await loadBlCore();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-property-'));
  const r = spawnSync(bltests, ['--gtest_filter=Property.ExportSample'], {
    encoding: 'utf8',
    env: { ...process.env, BL_PROPERTY_EXPORT: dir, BL_PROPERTY_DRAWS: String(DRAWS) },
  });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  draws = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const base = path.join(dir, f.slice(0, -5));
      const changes = fs
        .readFileSync(`${base}.changes`, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => {
          const [entity, key, value, t] = l.split(' ');
          return { entity, key, value: Number(value), t: Number(t) };
        });
      return { name: f, file: `${base}.json`, scenario: JSON.parse(fs.readFileSync(`${base}.json`, 'utf8')), changes };
    });
});

function runNative({ file, changes }) {
  const args = ['--scenario', file];
  for (const c of changes) args.push('--set', `${c.entity}:${c.key}=${c.value}@${c.t}`);
  const r = spawnSync(blsim, args, { encoding: 'utf8' });
  assert.equal(r.status, 0, `blsim failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

function runWasm({ scenario, changes }) {
  const sim = core.create(scenario);
  try {
    for (const c of changes) {
      sim.runUntil(c.t);
      sim.setParam(c.entity, c.key, c.value);
    }
    for (let st = sim.runUntil(Infinity); st !== BL_RUN.FINISHED; st = sim.runUntil(Infinity));
    return sim.summary();
  } finally {
    sim.destroy();
  }
}

test('native and WASM agree on a sample of the property suite draws', () => {
  assert.ok(draws.length >= DRAWS / 2, `only ${draws.length} of ${DRAWS} draws were exported`);
  for (const d of draws) {
    const native = runNative(d);
    const wasm = runWasm(d);
    const what = `${d.name} (${d.file})`;
    assert.equal(wasm.events, native.events, `${what}: events`);
    assert.deepEqual(
      wasm.queues.map((q) => [q.drops, q.marks]),
      native.queues.map((q) => [q.drops, q.marks]),
      `${what}: drops and marks`,
    );
    for (const k of ['deliveredPackets', 'sentPackets', 'retransmits', 'timeouts', 'ecnReductions'])
      assert.deepEqual(
        wasm.flows.map((f) => f[k]),
        native.flows.map((f) => f[k]),
        `${what}: ${k}`,
      );
  }
  fs.rmSync(dir, { recursive: true, force: true });
});
