// bl_manifest is the same native and WASM: `blsim --manifest-at T` (with live changes given by
// --set) and the Node binding's manifest() at the same time give the same document, for each
// topology kind, a loss schedule moved by a live change, and window rules of every family.
// Needs build/native/blsim and build/wasm/blcore.* (npm test builds both first).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBlCore } from './blcore.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const blsim = path.join(root, 'build/native/blsim');
const preset = (name) => JSON.parse(fs.readFileSync(path.join(root, `public/presets/${name}.json`), 'utf8'));

const cases = [
  {
    name: 'the first screen: a loss schedule replaced live at 19 s, then 25 s',
    scenario: {
      version: 1,
      duration: 60,
      flows: { count: 4 },
      exoLoss: {
        kind: 'schedule',
        steps: [
          [0, 0],
          [20, 0.01],
          [40, 0.05],
        ],
      },
    },
    sets: [{ at: 19, entity: 'flows', key: 'exoLoss', value: 0 }],
    at: 25,
  },
  {
    name: 'a chain (xqm-exp1-red) with a live maxP',
    scenario: preset('xqm-exp1-red'),
    sets: [{ at: 0.5, entity: 'queue.AB', key: 'maxP', value: 0.2 }],
    at: 1,
  },
  { name: 'a graph (htt-cross-traffic)', scenario: preset('htt-cross-traffic'), sets: [], at: 1 },
  { name: 'BBR against CUBIC', scenario: preset('bbr-vs-cubic'), sets: [], at: 1 },
  {
    name: 'DCTCP with ECN',
    scenario: preset('dctcp-ecn'),
    sets: [{ at: 0.5, entity: 'flow.1', key: 'weight', value: 3 }],
    at: 1,
  },
];

let core;
before(async () => {
  assert.ok(fs.existsSync(blsim), `${blsim} is missing: run npm run build:native`);
  core = await loadBlCore();
});

function native({ scenario, sets, at }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-manifest-'));
  const file = path.join(dir, 's.json');
  fs.writeFileSync(file, JSON.stringify(scenario));
  try {
    const args = ['--scenario', file, '--manifest-at', String(at)];
    for (const s of sets) args.push('--set', `${s.entity}:${s.key}=${s.value}@${s.at}`);
    const r = spawnSync(blsim, args, { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function wasm({ scenario, sets, at }) {
  const sim = core.create(scenario);
  try {
    for (const s of sets) {
      sim.runUntil(s.at);
      sim.setParam(s.entity, s.key, s.value);
    }
    sim.runUntil(at);
    return sim.manifest();
  } finally {
    sim.destroy();
  }
}

for (const c of cases) {
  test(`manifest native = WASM: ${c.name}`, () => {
    const n = native(c);
    assert.equal(n.now, c.at);
    assert.equal(n.changes.length, c.sets.length);
    assert.deepEqual(wasm(c), n);
  });
}

test("manifest: the first screen's live 0 % at 19 s holds at 25 s, where the schedule would be at 1 %", () => {
  const m = wasm(cases[0]);
  assert.equal(m.live.flows.exoLoss, 0);
  assert.equal(m.nextChange, null);
  assert.deepEqual(m.changes, [{ t: 19, entity: 'flows', key: 'exoLoss', value: 0 }]);
  const untouched = wasm({ ...cases[0], sets: [] });
  assert.equal(untouched.live.flows.exoLoss, 0.01);
  assert.equal(untouched.nextChange, 40);
});
