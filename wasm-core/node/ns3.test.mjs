// The mapping of a core scenario onto the one ns-3 program (scripts/lib/ns3.mjs ->
// docs/ns3/dumbbell.cc) used by scripts/validate-ns3.mjs and the benchmark: units, groups of
// flows, the step queue's threshold, and clear errors for what it cannot map. Needs
// build/native/blsim (for the core's defaults), not ns-3. Where build/ns3-dumbbell is already
// built and up to date, one short ns-3 run (2 DCTCP flows, 3 s) checks that the program marks
// instead of dropping; it is skipped otherwise (the test never compiles ns-3).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ns3Args, ns3Binary, ns3Sources, runNs3 } from '../../scripts/lib/ns3.mjs';

const base = {
  version: 1,
  seed: 3,
  duration: 3,
  measureFrom: 1,
  topology: {
    kind: 'dumbbell',
    bottleneckRate: 20e6,
    bottleneckDelay: 0.005,
    accessRate: 100e6,
    accessDelayMin: 0.01,
    accessDelayMax: 0.02,
  },
  queue: { kind: 'codel', buffer: 500 },
  flows: { count: 4, tcp: 'sack', cc: 'cubic' },
};
const asObject = (argv) => Object.fromEntries(argv.map((a) => a.slice(2).split('=')));

test('ns-3 mapping: units, defaults and one group of overrides', () => {
  const a = asObject(
    ns3Args({
      ...base,
      flows: { ...base.flows, cc: 'aimd' },
      flowOverrides: [
        { flow: 0, cc: 'cubic' },
        { flow: 2, cc: 'cubic' },
      ],
    }),
  );
  assert.equal(a.rate, '20'); // Mb/s
  assert.equal(a.delay, '5'); // ms
  assert.equal(a.accessDelayMax, '20');
  assert.equal(a.queue, 'codel');
  assert.equal(a.buffer, '500');
  assert.equal(a.cc, 'newreno');
  assert.equal(a.cc2, 'cubic');
  assert.equal(a.cc2Flows, '0,2');
  assert.equal(a.seed, '3');
  assert.equal(a.sack, '1');
  assert.equal(a.initialCwnd, '2'); // the core's default
  assert.equal(a.minRto, '0.2');
  assert.equal(a.packetSize, '1000');
  assert.equal(a.hystart, '0');
  assert.equal(a.timestamps, '0');
  assert.equal(asObject(ns3Args({ ...base, headerSize: 52 })).timestamps, '1'); // TCP/IP + timestamps
});

test('ns-3 mapping: the step queue threshold counts the device queue, DCTCP flows are ECN-capable', () => {
  const a = asObject(
    ns3Args({ ...base, queue: { kind: 'step', K: 20, buffer: 400 }, flows: { ...base.flows, cc: 'dctcp', ecn: true } }),
  );
  assert.equal(a.queue, 'step');
  assert.equal(a.K, '19');
  assert.equal(a.cc, 'dctcp');
  assert.equal(a.ecn, '1');
  assert.equal(a.cc2Flows, undefined);
});

test('ns-3 mapping: what cannot be mapped is an error naming it', () => {
  assert.throws(() => ns3Args({ ...base, flows: { ...base.flows, cc: 'vegas' } }), /flows\.cc vegas/);
  assert.throws(() => ns3Args({ ...base, queue: { kind: 'codel', target: 0.01 } }), /queue\.target/);
  assert.throws(() => ns3Args({ ...base, queue: { kind: 'xqm' } }), /queue\.kind xqm/);
  assert.throws(() => ns3Args({ ...base, headerSize: 48 }), /headerSize 48/);
  assert.throws(() => ns3Args({ ...base, flowOverrides: [{ flow: 0, weight: 2 }] }), /flowOverrides\[\]\.weight/);
  assert.throws(
    () =>
      ns3Args({
        ...base,
        flowOverrides: [
          { flow: 0, cc: 'bbr' },
          { flow: 1, cc: 'aimd' },
        ],
      }),
    /one cc/,
  );
});

test('ns-3 program: its sources are the .cc and the local files it includes, followed through', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-ns3src-'));
  try {
    const w = (name, text) => fs.writeFileSync(path.join(dir, name), text);
    w('main.cc', '#include "a.h"\n#include <vector>\n#include "ns3/core-module.h"\n  # include "b.h"\n');
    w('a.h', '#include "c.h"\n#include "main.cc"\n');
    w('b.h', '');
    w('c.h', '// #include "d.h" (a comment: not followed)\n#include "missing.h"\n');
    w('d.h', '');
    const got = ns3Sources(path.join(dir, 'main.cc')).map((f) => path.basename(f));
    assert.deepEqual(got.sort(), ['a.h', 'b.h', 'c.h', 'main.cc']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const built =
  fs.existsSync(ns3Binary) && ns3Sources().every((f) => fs.statSync(ns3Binary).mtimeMs >= fs.statSync(f).mtimeMs);
test(
  'ns-3 program: DCTCP through the step queue is marked, not dropped',
  { skip: built ? false : 'build/ns3-dumbbell is not built (node scripts/validate-ns3.mjs builds it)' },
  async () => {
    const r = await runNs3({
      ...base,
      queue: { kind: 'step', K: 10, buffer: 400 },
      flows: { count: 2, tcp: 'sack', cc: 'dctcp', ecn: true },
    });
    const x = r.result;
    assert.equal(x.drops, 0);
    assert.ok(x.marks > 10, `marks ${x.marks}`);
    // K = 10 is far below this path's BDP (about 175 packets): two DCTCP flows leave the link
    // partly idle, as DCTCP's K > C x RTT / 7 guideline predicts; the link still carries them.
    assert.ok(x.util > 0.3, `utilisation ${x.util}`);
    assert.equal(x.flows.length, 2);
    assert.equal(x.flows[0].cc, 'dctcp');
  },
);
