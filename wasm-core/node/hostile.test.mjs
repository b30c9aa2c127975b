// Hostile input in the WebAssembly core (issues 11 and 16): what once trapped the module must
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
