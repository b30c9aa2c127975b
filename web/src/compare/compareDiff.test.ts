import { describe, expect, it } from 'vitest';
import { normalizeSpecs } from '../params/specs';
import type { Scenario } from '../params/types';
import { applyDiff, diffChoices, diffText, judgeDiff, valueInA } from './compareDiff';
import { coreCheck } from '../../test/nativeCheck';
import described from '../../test/fixtures/describe.json';
import { compareRows, fmtNumber } from './compareSummary';

// bl_describe's layout (version 2), abridged.
const specs = normalizeSpecs({
  groups: {
    '': { specs: [{ key: 'seed', type: 'int', min: 0, max: 1e9, default: 1 }] },
    queue: { selector: 'queue.kind', default: 'droptail', kinds: 'queue' },
    flows: {
      specs: [
        { key: 'count', type: 'int', min: 1, max: 2000, default: 20 },
        { key: 'cc', type: 'enum', options: ['aimd', 'vegas'], default: 'aimd' },
      ],
    },
    'flows.ccParams': { selector: 'flows.cc', default: 'aimd', kinds: 'cc' },
  },
  kinds: {
    queue: {
      droptail: { help: 'FIFO', specs: [{ key: 'buffer', type: 'int', min: 1, max: 100000, default: 250 }] },
      red: {
        help: 'RED',
        specs: [
          { key: 'buffer', type: 'int', min: 1, max: 100000, default: 250 },
          { key: 'maxP', type: 'number', min: 0, max: 1, default: 0.1 },
        ],
      },
    },
    cc: { aimd: { help: '', specs: [] }, vegas: { help: '', specs: [] } },
  },
});

const a: Scenario = {
  version: 1,
  name: 'base',
  seed: 3,
  queue: { kind: 'red', buffer: 100, maxP: 0.2 },
  flows: { count: 4 },
};

describe('compare mode difference', () => {
  it('switches the queue kind keeping only the fields the new kind has', () => {
    const r = applyDiff(a, { path: 'queue.kind', value: 'droptail' }, specs);
    if (!r.ok) throw new Error(r.message);
    expect(r.scenario.queue).toEqual({ kind: 'droptail', buffer: 100 });
    expect(r.scenario.seed).toBe(3);
    expect(r.scenario.flows).toEqual({ count: 4 });
    expect(r.scenario.name).toBe('base [Queue discipline = droptail]');
    expect(a.queue).toEqual({ kind: 'red', buffer: 100, maxP: 0.2 }); // A untouched
  });

  it("changes one parameter, whose value the core's check judges", async () => {
    const check = (s: Scenario) => Promise.resolve(coreCheck(JSON.stringify(s)));
    const r = applyDiff(a, { path: 'queue.maxP', value: 0.5 }, specs);
    expect(r.ok && r.scenario.queue).toEqual({ kind: 'red', buffer: 100, maxP: 0.5 });
    if (!r.ok) throw new Error(r.message);
    expect(await judgeDiff(r.scenario, { path: 'queue.maxP', value: 0.5 }, specs, check)).toBeNull();
    // Out of range: B is built, and the core refuses it, worded as the editor words its problems.
    const bad = applyDiff(a, { path: 'queue.maxP', value: '3' }, specs);
    if (!bad.ok) throw new Error(bad.message);
    expect(bad.scenario.queue).toEqual({ kind: 'red', buffer: 100, maxP: 3 }); // read as a number
    expect(await judgeDiff(bad.scenario, { path: 'queue.maxP', value: 3 }, specs, check)).toBe(
      'compare queue.maxP: Allowed: a number from 0 to 1',
    );
    const kind = applyDiff(a, { path: 'queue.kind', value: 'fifo' }, specs);
    if (!kind.ok) throw new Error(kind.message);
    expect(await judgeDiff(kind.scenario, { path: 'queue.kind', value: 'fifo' }, specs, check)).toMatch(
      /^compare queue\.kind: "fifo" is not a kind here; known: .*\. Allowed: one of droptail, /,
    );
    expect(applyDiff(a, { path: 'queue.maxP', value: 0.2 }, specs)).toEqual({
      ok: false,
      message: 'compare queue.maxP: B would be the same as A (0.2)',
    });
    expect(applyDiff(a, { path: 'queue.nothing', value: 1 }, specs).ok).toBe(false);
  });

  it("reads A's value of a kind field from its default when the scenario leaves it out", () => {
    expect(valueInA(a, 'flows.cc', specs)).toBe('aimd');
    expect(applyDiff(a, { path: 'flows.cc', value: 'aimd' }, specs).ok).toBe(false);
    const r = applyDiff(a, { path: 'flows.cc', value: 'vegas' }, specs);
    expect(r.ok && r.scenario.flows).toEqual({ cc: 'vegas', count: 4 });
  });

  it('names the difference as the chooser does, its value in the units the page shows', () => {
    const full = normalizeSpecs(described);
    const s: Scenario = { ...a, topology: { kind: 'dumbbell', bottleneckRate: 16e6 } };
    expect(diffText(full, s, 'queue.kind', valueInA(s, 'queue.kind', full))).toBe('Queue discipline = RED');
    expect(diffText(full, s, 'flows.cc', 'vegas')).toBe('Congestion control = Vegas');
    expect(diffText(full, s, 'queue.maxP', 0.5)).toBe('Queue: Max drop probability = 50%');
    // A value read from a link ("2e6") is shown as the number it is, in its units.
    expect(diffText(full, s, 'topology.bottleneckRate', '2e6')).toBe('Topology: Bottleneck rate = 2 Mb/s');
    const r = applyDiff(s, { path: 'topology.bottleneckRate', value: 2e6 }, full);
    expect(r.ok && r.scenario.name).toBe('base [Topology: Bottleneck rate = 2 Mb/s]');
  });

  it('offers the kinds first, then the numbers of the current kinds', () => {
    const paths = diffChoices(specs, a).map((c) => c.path);
    expect(paths.slice(0, 2)).toEqual(['queue.kind', 'flows.cc']);
    expect(paths).toContain('queue.maxP');
    expect(paths).toContain('seed');
    expect(paths).toContain('flows.count');
  });
});

describe('compare summary rows', () => {
  it("puts the two runs' numbers side by side", () => {
    const sum = (jain: number, thr: number[]) => ({
      simSeconds: 10,
      wallSeconds: 1,
      events: 1,
      jain,
      weightedJain: jain,
      utilization: 0.9,
      eventsDropped: 0,
      links: [],
      linkNames: [],
      measureFrom: 0,
      queues: [{ id: 'bottleneck', kind: 'droptail', meanLength: 12, drops: { overflow: 3, early: 4 }, marks: 0 }],
      flows: thr.map((t, id) => ({
        id,
        deliveredPackets: 0,
        sentPackets: 0,
        throughputBps: t,
        goodputBps: t,
        congestionLosses: 0,
        exogenousLosses: 0,
        retransmits: 1,
        timeouts: 2,
        fastRetransmits: 0,
        markedPackets: 0,
        ecnReductions: 0,
        weight: 1,
        rtt: 0.01,
      })),
    });
    const rows = compareRows({ ...sum(0.5, [1e6, 3e6]), measureFrom: 2 }, { ...sum(0.9, [2e6, 2e6]), measureFrom: 2 });
    const row = (l: string) => rows.find((r) => r.label === l)!;
    // The summary's index is over the measured window, named so (the chart's is per interval).
    expect(row("Jain's index over the measured window (from 2 s)")).toMatchObject({ a: 0.5, b: 0.9 });
    expect(row("Weighted Jain's index over the measured window (from 2 s)")).toMatchObject({ a: 0.5, b: 0.9 });
    expect(rows.some((r) => r.label === "Jain's index")).toBe(false);
    expect(row('Total throughput')).toMatchObject({ a: 4, b: 4 });
    expect(row('Packets dropped at the queue').a).toBe(7);
    // A difference that rounds to zero has no sign: utilisations 0.9 and 0.8996 differ by "0.0", not "-0.0".
    expect(fmtNumber(89.96 - 90, 1)).toBe('0.0');
    expect(fmtNumber(-0.26, 1)).toBe('-0.3');
    expect(row('Timeouts').b).toBe(4);
  });
});
