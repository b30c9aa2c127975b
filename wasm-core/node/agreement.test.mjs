// Native and WebAssembly builds of the core must agree exactly: the same scenario gives the
// same number of events, the same drops by reason and the same packets delivered per flow.
// Also checks, in WASM, that running in slices (as the browser worker does) changes nothing,
// that two simulations in one module do not disturb each other, that the drop events in the
// metric blocks add up to the summary's counters, and that every preset is accepted.
// Needs build/native/blsim and build/wasm/blcore.* (npm test builds both first).
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

const dumbbell = (over) => ({
  version: 1,
  seed: 7,
  duration: 4,
  samplePeriod: 0.1,
  packetSize: 1000,
  topology: {
    kind: 'dumbbell',
    bottleneckRate: 16e6,
    bottleneckDelay: 0.001,
    accessRate: 100e6,
    accessDelayMin: 0.001,
    accessDelayMax: 0.004,
  },
  flows: { count: 10, tcp: 'newreno', start: 0, startSpread: 0.5 },
  ...over,
});

const scenarios = {
  'droptail, Bernoulli exogenous loss': {
    scenario: dumbbell({ queue: { kind: 'droptail', buffer: 40 }, exoLoss: { kind: 'bernoulli', rate: 0.01 } }),
    expect: (s) => {
      assert.ok(sumFlows(s, 'exogenousLosses') > 0, 'no exogenous losses happened');
      assert.ok(s.queues[0].drops.overflow > 0, 'no overflow drops happened');
    },
  },
  'RED, loss schedule': {
    scenario: dumbbell({
      seed: 3,
      flows: { count: 16, tcp: 'newreno', start: 0, startSpread: 1 },
      queue: { kind: 'red', buffer: 120, minTh: 10, maxTh: 40, maxP: 0.1, weight: 0.01, gentle: true },
      exoLoss: {
        kind: 'schedule',
        steps: [
          [0, 0],
          [2, 0.03],
        ],
      },
    }),
    expect: (s) => {
      assert.ok(s.queues[0].drops.early > 0, 'RED made no early drops');
      assert.ok(sumFlows(s, 'exogenousLosses') > 0, 'the loss schedule dropped nothing');
    },
  },
  'mixed TCPs, Gilbert loss, per-flow override': {
    scenario: dumbbell({
      seed: 11,
      duration: 3,
      flows: { count: 6, tcp: 'reno', start: 0, startSpread: 0.2 },
      flowOverrides: [
        { flow: 1, tcp: 'newreno' },
        { flow: 2, tcp: 'sack', start: 0.5 },
        { flow: 3, exoLoss: { kind: 'bernoulli', rate: 0.05 } },
      ],
      queue: { kind: 'droptail', buffer: 25 },
      exoLoss: { kind: 'gilbert', pGoodToBad: 0.01, pBadToGood: 0.3, lossGood: 0, lossBad: 0.5 },
    }),
    expect: (s) => {
      assert.ok(s.flows[3].exogenousLosses > 0, 'flow 3 lost nothing to its own loss model');
      assert.ok(
        s.flows.every((f) => f.deliveredPackets > 0),
        'a flow delivered nothing',
      );
    },
  },
};

// Issue 13's models: CUBIC through FQ-CoDel, DCTCP with ECN through step marking, CUBIC with
// HyStart++ through PIE (de-randomised, ECN), BBR beside paced Reno through CoDel.
Object.assign(scenarios, {
  'CUBIC through FQ-CoDel': {
    scenario: dumbbell({
      seed: 5,
      flows: { count: 10, cc: 'cubic', tcp: 'sack', start: 0, startSpread: 0.5 },
      queue: { kind: 'fq_codel', buffer: 300 },
    }),
    expect: (s) => assert.ok(s.queues[0].drops.early + s.queues[0].marks > 0, 'FQ-CoDel neither dropped nor marked'),
  },
  'DCTCP with ECN, step marking': {
    scenario: dumbbell({
      seed: 6,
      flows: { count: 6, cc: 'dctcp', ecn: true, start: 0, startSpread: 0.2 },
      queue: { kind: 'step', K: 15, buffer: 200 },
    }),
    expect: (s) => assert.ok(s.queues[0].marks > 0 && sumFlows(s, 'ecnReductions') > 0, 'no marks or no reductions'),
  },
  'CUBIC HyStart++ through PIE with ECN': {
    scenario: dumbbell({
      seed: 7,
      flows: { count: 8, cc: 'cubic', ccParams: { hystart: true }, ecn: true, start: 0, startSpread: 0.5 },
      queue: { kind: 'pie', buffer: 300, derandomize: true, ecn: true },
    }),
    expect: (s) =>
      assert.ok(
        s.flows.every((f) => f.deliveredPackets > 0),
        'a flow delivered nothing',
      ),
  },
  'TCP Prague and CUBIC through DualPI2 (the l4s-dualpi2 preset, shortened)': {
    scenario: {
      ...JSON.parse(fs.readFileSync(path.join(root, 'public/presets/l4s-dualpi2.json'), 'utf8')),
      duration: 4,
      measureFrom: 1,
    },
    expect: (s) => {
      assert.ok(s.queues[0].marks > 0 && s.flows[0].ecnReductions > 0, 'Prague saw no marks');
      assert.deepEqual(
        s.queues[0].classes.map((c) => c.name),
        ['l4s', 'classic'],
      );
      assert.ok(
        s.queues[0].classes.every((c) => c.packets > 0),
        'a DualPI2 queue carried nothing',
      );
    },
  },
  ...Object.fromEntries(
    ['lte-video-call', 'lte-video-call-codel', 'lte-video-call-bbr'].map((id) => [
      `one flow over the shipped LTE trace, both directions (the ${id} preset, shortened)`,
      {
        scenario: {
          ...JSON.parse(fs.readFileSync(path.join(root, `public/presets/${id}.json`), 'utf8')),
          duration: 8,
          measureFrom: 2,
        },
        expect: (s) => assert.ok(s.flows[0].deliveredPackets > 0, 'the flow delivered nothing'),
      },
    ]),
  ),
  'BBR beside paced Reno through CoDel': {
    scenario: dumbbell({
      seed: 8,
      flows: { count: 4, tcp: 'sack', pacing: true, start: 0, startSpread: 0.5 },
      flowOverrides: [
        { flow: 0, cc: 'bbr' },
        { flow: 1, cc: 'bbr' },
      ],
      queue: { kind: 'codel', buffer: 300 },
    }),
    expect: (s) =>
      assert.ok(
        s.flows.every((f) => f.deliveredPackets > 0),
        'a flow delivered nothing',
      ),
  },
});

const sumFlows = (s, key) => s.flows.reduce((a, f) => a + f[key], 0);

// What must be identical: every count. Floating-point aggregates must agree to 1e-9.
const COUNTS = [
  'deliveredPackets',
  'sentPackets',
  'congestionLosses',
  'exogenousLosses',
  'retransmits',
  'timeouts',
  'fastRetransmits',
  'markedPackets',
  'ecnReductions',
];
function assertAgree(native, wasm) {
  assert.equal(wasm.events, native.events, 'events processed');
  assert.equal(wasm.simSeconds, native.simSeconds, 'simulated seconds');
  assert.equal(wasm.eventsDropped, native.eventsDropped, 'eventsDropped');
  assert.deepEqual(
    wasm.queues.map((q) => q.drops),
    native.queues.map((q) => q.drops),
    'drops by reason',
  );
  assert.deepEqual(
    wasm.queues.map((q) => q.marks),
    native.queues.map((q) => q.marks),
    'ECN marks',
  );
  assert.deepEqual(
    wasm.queues.map((q) => q.p95Delay),
    native.queues.map((q) => q.p95Delay),
    'p95 sojourn',
  );
  assert.equal(wasm.flows.length, native.flows.length, 'flow count');
  for (const [i, f] of native.flows.entries()) {
    for (const k of COUNTS) assert.equal(wasm.flows[i][k], f[k], `flow ${i} ${k}`);
  }
  for (const k of ['jain', 'utilization']) {
    assert.ok(
      Math.abs(wasm[k] - native[k]) <= 1e-9 * Math.max(1, Math.abs(native[k])),
      `${k}: native ${native[k]}, wasm ${wasm[k]}`,
    );
  }
}

function runNative(scenario) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-agree-'));
  const file = path.join(dir, 'scenario.json');
  fs.writeFileSync(file, JSON.stringify(scenario));
  const r = spawnSync(blsim, ['--scenario', file], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  assert.equal(r.status, 0, `blsim failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

function runWasm(scenario, { slice = Infinity, maxEvents = 0 } = {}) {
  const sim = core.create(scenario);
  const events = [];
  try {
    for (let t = slice; ; t += slice) {
      const st = sim.runUntil(t, maxEvents);
      events.push(...sim.drain().events);
      if (st === BL_RUN.FINISHED) break;
      if (st === BL_RUN.REACHED) assert.ok(sim.now() <= t + 1e-12, 'ran past `until`');
      if (st === BL_RUN.EVENT_LIMIT) t -= slice; // same target again
    }
    return { summary: sim.summary(), events };
  } finally {
    sim.destroy();
  }
}

let core;
before(async () => {
  assert.ok(fs.existsSync(blsim), `${blsim} is missing: run npm run build:native`);
  core = await loadBlCore();
});

for (const [name, { scenario, expect }] of Object.entries(scenarios)) {
  test(`native and WASM agree: ${name}`, () => {
    const native = runNative(scenario);
    const { summary: wasm } = runWasm(scenario);
    expect(native);
    assertAgree(native, wasm);
  });
}

test('WASM: slices and event limits change nothing', () => {
  const { scenario } = scenarios['droptail, Bernoulli exogenous loss'];
  const whole = runWasm(scenario).summary;
  const sliced = runWasm(scenario, { slice: 0.037, maxEvents: 5000 }).summary;
  assertAgree(whole, sliced);
});

test('WASM: two simulations side by side do not disturb each other', () => {
  const a = scenarios['droptail, Bernoulli exogenous loss'].scenario;
  const b = scenarios['RED, loss schedule'].scenario;
  const alone = [runWasm(a).summary, runWasm(b).summary];
  const sims = [core.create(a), core.create(b)];
  const done = [false, false];
  for (let t = 0.05; !done.every(Boolean); t += 0.05) {
    sims.forEach((s, i) => {
      if (!done[i]) done[i] = s.runUntil(t) === BL_RUN.FINISHED;
    });
  }
  const together = sims.map((s) => s.summary());
  sims.forEach((s) => s.destroy());
  assertAgree(alone[0], together[0]);
  assertAgree(alone[1], together[1]);
});

test('WASM: drop events in the metric blocks add up to the summary', () => {
  const { scenario } = scenarios['RED, loss schedule'];
  const { summary, events } = runWasm(scenario, { slice: 0.5 });
  assert.equal(summary.eventsDropped, 0, 'events were dropped; the counts cannot be compared');
  const drops = events.filter((e) => e.kind === 1);
  const count = (pred) => drops.filter(pred).length;
  const bottleneck = summary.linkNames.indexOf('bottleneck');
  assert.ok(bottleneck >= 0, 'no link named bottleneck');
  assert.equal(
    count((e) => e.reason === 4),
    sumFlows(summary, 'exogenousLosses'),
    'exogenous drops',
  );
  assert.equal(
    count((e) => e.reason === 2 && e.link === bottleneck),
    summary.queues[0].drops.early,
    'early drops',
  );
  assert.equal(
    count((e) => e.reason === 1 && e.link === bottleneck),
    summary.queues[0].drops.overflow,
    'overflow drops',
  );
  assert.ok(
    drops.every((e) => e.t >= 0 && e.t <= scenario.duration),
    'drop time outside the run',
  );
});

test('WASM: every preset in public/presets is accepted', () => {
  const dir = path.join(root, 'public/presets');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
  assert.ok(files.length > 0, 'no presets');
  for (const f of files) {
    const sim = core.create(fs.readFileSync(path.join(dir, f), 'utf8'));
    assert.equal(sim.runUntil(0.5), BL_RUN.REACHED, `${f} did not run`);
    sim.destroy();
  }
});

test('WASM: bl_check lists every problem with its path and range, as native blsim --check does', () => {
  const bad = {
    version: 1,
    duration: -5,
    queue: { kind: 'red', maxP: 7 },
    flowOverrides: [{ flow: 1, weight: 0 }],
    topology: { kind: 'chain', rates: [1e6, 'x', 1e6] },
  };
  const r = core.check(bad);
  assert.equal(r.ok, false);
  assert.deepEqual(
    r.problems.map((p) => p.path),
    ['duration', 'queue.maxP', 'flowOverrides[0].weight', 'topology.rates[1]'],
  );
  const maxP = r.problems[1];
  assert.deepEqual([maxP.value, maxP.range.min, maxP.range.max], [7, 0, 1]);
  assert.match(maxP.message, /\[0, 1\]/);
  // The same answer natively.
  const file = path.join(os.tmpdir(), `bl-check-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(bad));
  const out = spawnSync(blsim, ['--check', file], { encoding: 'utf8' });
  fs.unlinkSync(file);
  assert.equal(out.status, 1);
  assert.deepEqual(JSON.parse(out.stdout), r);
  assert.deepEqual(core.check({ version: 1 }), { ok: true, problems: [] });
});

test('WASM: a bad scenario is refused with a message naming the field', () => {
  assert.throws(() => core.create({ version: 1, queue: { kind: 'red', maxP: 7 } }), /queue\.maxP/);
  assert.throws(() => core.create('{"version": 1, '), /bl_create/);
});
