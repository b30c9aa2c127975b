// Hostile input in the WebAssembly core (issues 11, 16 and 28): what once trapped the module must
// now be refused with a message, or answered, and the module must stay usable afterwards.
// Needs build/wasm/blcore.* (npm test builds it first).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { loadBlCore, BL_RUN } from './blcore.mjs';

let core;
before(async () => {
  core = await loadBlCore();
});

const refused = (scenario) => {
  try {
    core.create(scenario).destroy();
  } catch (e) {
    return e.blError;
  }
  assert.fail(`accepted: ${JSON.stringify(scenario).slice(0, 200)}`);
};

// The module still works after a refusal (a trap would leave it unusable).
const stillWorks = () => {
  const sim = core.create({ version: 1, duration: 1, flows: { count: 2 } });
  sim.runToEnd();
  assert.ok(sim.summary().flows[0].deliveredPackets > 0);
  sim.destroy();
};

test('a graph flow whose src equals its dst is refused naming flows[i].src/dst (it trapped)', () => {
  const err = refused({
    version: 1,
    duration: 1,
    topology: {
      kind: 'graph',
      nodes: ['a', 'b'],
      links: [{ name: 'x', from: 'a', to: 'b' }],
      flows: [{ src: 'a', dst: 'a' }],
    },
  });
  assert.match(err, /topology\.flows\[0\]\.src/);
  assert.match(err, /topology\.flows\[0\]\.dst/);
  stillWorks();
});

test('bl_summary before measureFrom gives an empty measured window (it trapped)', () => {
  const sim = core.create({ version: 1, duration: 30, measureFrom: 10, flows: { count: 3 } });
  assert.equal(sim.runUntil(2), BL_RUN.REACHED);
  const s = sim.summary();
  assert.equal(s.simSeconds, 2);
  assert.equal(s.measureFrom, 10);
  assert.equal(s.utilization, 0);
  assert.equal(s.flows.length, 3);
  for (const f of s.flows) assert.equal(f.throughputBps, 0);
  assert.ok(s.flows.reduce((a, f) => a + f.deliveredPackets, 0) > 0);
  sim.runUntil(20);
  assert.ok(sim.summary().utilization > 0.5);
  sim.destroy();
  stillWorks();
});

test('strict JSON in WASM: leading zeros, lone surrogates and NUL are refused with the whole message', () => {
  assert.match(refused('{"version":1,"duration":01}'), /leading zero/);
  assert.match(refused('{"version":1,"name":"\\ud800"}'), /lone UTF-16 high surrogate/);
  assert.match(refused('{"version":1,"name":"a\\u0000b"}'), /\(NUL\) in a string is not allowed/);
  stillWorks();
});

test('a route of 65,536 hops is refused, not wrapped around', () => {
  const k = 65537;
  const nodes = Array.from({ length: k }, (_, i) => `n${i}`);
  const links = nodes.slice(1).map((n, i) => ({ name: `l${i}`, from: nodes[i], to: n, rate: 1e11, delay: 0 }));
  const err = refused({
    version: 1,
    duration: 1,
    topology: { kind: 'graph', nodes, links, flows: [{ src: 'n0', dst: `n${k - 1}` }] },
  });
  assert.match(err, /has 65536 hops; at most 65535/);
  stillWorks();
});

// The work budget (docs/scenario.md, "Guard rails"): the browser's is 1 billion events, a
// twentieth of the command line's. One CBR source at 100 Gb/s over one link makes 25 M events
// a second (a send and an arrival per 1000-byte packet): 40 s is exactly the budget.
test('the browser work budget: 40 s of 25 M events a second is accepted, 40.001 s refused naming the fields', () => {
  const cbr = (duration) => ({
    version: 1,
    duration,
    samplePeriod: 1,
    topology: {
      kind: 'graph',
      nodes: ['a', 'b'],
      links: [{ from: 'a', to: 'b', rate: 1e11, delay: 0 }],
      flows: [{ src: 'a', dst: 'b', start: duration }],
    },
    traffic: [{ kind: 'cbr', rate: 1e11, from: 'a', to: 'b' }],
  });
  core.create(cbr(40)).destroy();
  const err = refused(cbr(40.001));
  assert.match(err, /^duration: 40\.001 s at these rates is about 1 billion events of work/);
  assert.match(err, /most from traffic\[0\]/);
  assert.match(err, /the work budget is 1 billion events \(browser 1 billion, command line 20 billion\)/);
  assert.match(err, /shorten duration to at most 40 s/);
  // What the command line accepts is past the browser's budget.
  assert.match(refused(cbr(800)), /the work budget is 1 billion events/);
  stillWorks();
});

// Issue 28: a scenario the check accepted trapped the module in one bl_run_until call, a 44 MB
// loss schedule trapped bl_check, times past int64 nanoseconds ran nothing, and a live change
// could take a run far past the work budget.
test("the issue's scenario (2,000 flows sampled every ms for 2,000 s) is refused by check and create, naming samplePeriod", () => {
  const scenario = {
    version: 1,
    duration: 2000,
    samplePeriod: 0.001,
    flows: { count: 2000, start: 1999, startSpread: 0 },
  };
  const r = core.check(scenario);
  assert.equal(r.ok, false);
  const p = r.problems.find((x) => x.path === 'samplePeriod');
  assert.ok(p, JSON.stringify(r.problems).slice(0, 400));
  assert.match(
    p.message,
    /gives 2000000 sample rows of 18013 columns \(2000 flows\), 36026000000 numbers; at most 400000000/,
  );
  assert.match(p.message, /use a sample period of at least 0\.0901 s, or shorten duration, or lower flows\.count/);
  assert.throws(() => core.create(scenario), /samplePeriod: 0\.001 s over 2000 s/);
  stillWorks();
});

test('one bl_run_until call makes at most a 32 MB block; the run goes on in calls that each stay under it', () => {
  // 2,000 flows sampled every ms for 1 s: 1,000 rows of 18,013 numbers (144 MB) asked in one call.
  // It returns after 233 rows (ceil(32 MiB / 144,104 bytes)) with EVENT_LIMIT, four times, then
  // finishes with the last 68.
  const sim = core.create({
    version: 1,
    duration: 1,
    samplePeriod: 0.001,
    flows: { count: 2000, start: 1, startSpread: 0 },
  });
  const rows = [];
  for (let st = BL_RUN.EVENT_LIMIT, calls = 0; st !== BL_RUN.FINISHED; calls++) {
    assert.ok(calls < 10);
    st = sim.runUntil(1, 0);
    const b = sim.drain();
    assert.ok(b.bytes.byteLength <= 32 * 1024 * 1024 + 18013 * 8, `block of ${b.bytes.byteLength} bytes`);
    rows.push(b.rows);
  }
  assert.deepEqual(rows, [233, 233, 233, 233, 68]);
  sim.destroy();
  stillWorks();
});

/** A loss schedule of n steps a quarter second apart: [[0,0.01],[0.25,0.01],...]. */
const schedule = (n) => {
  const parts = [];
  for (let i = 0; i < n; i++) parts.push(`[${i / 4},0.01]`);
  return `{"version":1,"exoLoss":{"kind":"schedule","steps":[${parts.join(',')}]}}`;
};

test("bl_check on a loss schedule of 2,000,000 steps (about 30 MB; the issue's was 44 MB) is a clean refusal, not a trap, in bounded memory", () => {
  const big = schedule(2_000_000);
  assert.ok(big.length > 30e6, `${big.length} bytes`);
  const before = core.memoryBytes();
  const r = core.check(big);
  assert.equal(r.ok, false);
  assert.equal(
    r.problems[0].message,
    `the scenario is ${big.length} bytes; at most 16777216 (16 MB): shorten its lists (topology.links, loss schedule steps, flowOverrides)`,
  );
  assert.throws(() => core.create(big), /the scenario is \d+ bytes; at most 16777216/);
  // The text itself is copied into the module once (44 MB); nothing in proportion to its steps.
  const grown = core.memoryBytes() - before;
  assert.ok(grown <= 2 * big.length, `memory grew by ${grown} bytes for a ${big.length}-byte document`);
  stillWorks();
});

test('a schedule within the document limit: 10,001 steps are refused naming the limit, 10,000 run for 20 flows', () => {
  const r = core.check(schedule(10_001));
  assert.equal(r.ok, false);
  assert.equal(r.problems[0].path, 'exoLoss.steps');
  assert.match(r.problems[0].message, /10001 steps; at most 10000/);
  const before = core.memoryBytes();
  const sim = core.create(schedule(10_000).replace('"version":1', '"version":1,"duration":2'));
  sim.runToEnd();
  sim.destroy();
  // 20 flows share one copy of the steps (16 bytes each: 160 KB), not one each.
  const grown = core.memoryBytes() - before;
  assert.ok(grown < 16 * 1024 * 1024, `memory grew by ${grown} bytes`);
  stillWorks();
});

test('bl_run_until: 9.3e9 s and Infinity run to the end; NaN, -Infinity and -1 are refused with an error', () => {
  for (const until of [9.3e9, 1e300, Infinity]) {
    const sim = core.create({ version: 1, duration: 1.5, flows: { count: 2 } });
    assert.equal(sim.runUntil(until), BL_RUN.FINISHED, String(until));
    assert.equal(sim.now(), 1.5);
    sim.destroy();
  }
  const sim = core.create({ version: 1, duration: 1.5, flows: { count: 2 } });
  for (const [until, shown] of [
    [NaN, 'NaN'],
    [-Infinity, '-Infinity'],
    [-1, '-1'],
  ]) {
    assert.throws(
      () => sim.runUntil(until),
      (e) => {
        assert.match(e.message, new RegExp(`bl_run_until: until ${shown} is not a time; give seconds, 0 or more`));
        return true;
      },
    );
    assert.equal(sim.now(), 0);
  }
  sim.destroy();
  stillWorks();
});

test('a live change that takes the run past the browser budget is refused with code budget, and not applied', () => {
  // 2,000 flows through 1 kb/s, then 100 Gb/s at t = 0: 270 billion events for the hour.
  const slow = {
    version: 1,
    duration: 3600,
    samplePeriod: 10,
    flows: { count: 2000 },
    topology: { bottleneckRate: 1000 },
  };
  const sim = core.create(slow);
  assert.throws(
    () => sim.setParam('link.bottleneck', 'rate', 1e11),
    /work budget: with this change the run would take about 270 billion events .*the work budget is 1 billion events/,
  );
  assert.equal(core.binding.setParamProblem().code, 'budget');
  // Not applied: event for event the run without the attempt.
  const same = core.create(slow);
  assert.equal(sim.runUntil(100), BL_RUN.REACHED);
  assert.equal(same.runUntil(100), BL_RUN.REACHED);
  assert.equal(sim.events(), same.events());
  same.destroy();
  sim.destroy();
  // PI at 1 MHz for an hour: 3.6 billion timer events, past the browser's budget at create.
  assert.throws(
    () => core.create({ version: 1, duration: 3600, queue: { kind: 'pi', frequency: 1e6 } }),
    /queue timers 3\.6 billion; most from the queue timers/,
  );
  stillWorks();
});
