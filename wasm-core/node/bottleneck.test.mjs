// A graph preset's bottleneck (its first link: the manifest's `bottleneck`) is what the page's
// queue and delay charts, topology bar, live Buffer and Rate controls and story name. It must be
// the link its flows congest, as the paper names it: the TED paper's link C (300 Mb/s, Sec. IV),
// one of the Head-to-Tail cross-traffic network's shared 100 Mb/s links (Sec. 7.3). Named A and
// S1-N1 once, they showed a queue of 0.05 and 0 packets, 29 % and 0.15 % used, while C was 96 %
// used with 1,911 deadline drops and L2, L3 held 97 packets each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const blsim = path.join(root, 'build/native/blsim');
const presets = fs
  .readdirSync(path.join(root, 'public/presets'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({
    id: f.replace(/\.json$/, ''),
    doc: JSON.parse(fs.readFileSync(path.join(root, 'public/presets', f))),
  }))
  .filter((p) => p.doc.topology?.kind === 'graph');

function run(doc, ...args) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-bottleneck-'));
  try {
    const file = path.join(dir, 's.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const r = spawnSync(blsim, ['--scenario', file, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('the graph presets are the TED and Head-to-Tail networks', () => {
  assert.ok(presets.some((p) => p.id === 'ted-s3'));
  assert.ok(presets.some((p) => p.id === 'htt-cross-traffic'));
});

for (const { id, doc } of presets)
  test(`${id}: the bottleneck is the busiest link its flows share`, () => {
    // 12 s: every flow has started (spread 2 or 5 s) and the queues have settled.
    const short = { ...doc, duration: 12, measureFrom: 6 };
    const m = run(short, '--manifest-at', '0.01');
    const s = run(short);
    // The links two or more flows cross (an access link carries its one flow).
    const crossed = new Map();
    for (const f of m.flows) for (const l of f.path) crossed.set(l, (crossed.get(l) ?? 0) + 1);
    const used = new Map(s.links.map((l) => [l.id, l.utilization]));
    const shared = [...crossed].filter(([, n]) => n >= 2).map(([l]) => l);
    const busiest = Math.max(...shared.map((l) => used.get(l) ?? 0));
    const b = used.get(m.bottleneck);
    assert.ok(b > 0.9, `${id}: bottleneck ${m.bottleneck} only ${b} used`);
    assert.ok(
      b >= busiest - 0.02,
      `${id}: bottleneck ${m.bottleneck} ${b} used, a shared link ${busiest}: ${shared.map((l) => `${l} ${used.get(l)}`).join(', ')}`,
    );
  });
