import { describe, expect, it } from 'vitest';
import { normalizeSpecs } from '../params/specs';
import {
  changeLabel,
  exoLossText,
  formatValue,
  lossText,
  liveControls,
  manifestLiveValue,
  nextSelfChange,
  scheduleMarks,
} from './liveParams';
import { firstScreenSchedule, testManifest } from '../params/manifestFixture';

// bl_describe's layout (version 2), abridged.
const buffer = {
  key: 'buffer',
  label: 'Buffer',
  unit: 'packets',
  type: 'int',
  default: 250,
  min: 1,
  max: 100000,
  live: true,
};
const specs = normalizeSpecs({
  groups: {
    queue: { selector: 'queue.kind', default: 'droptail', kinds: 'queue' },
    flows: {
      specs: [
        { key: 'weight', label: 'Weight', unit: '', type: 'number', default: 1, min: 0.01, max: 1000, live: true },
      ],
    },
  },
  kinds: {
    queue: {
      red: {
        help: '',
        specs: [
          buffer,
          {
            key: 'maxP',
            label: 'Max drop probability',
            unit: '',
            type: 'number',
            default: 0.1,
            min: 0,
            max: 1,
            live: true,
          },
          { key: 'gentle', label: 'Gentle', unit: '', type: 'bool', default: false, live: false },
        ],
      },
      droptail: {
        help: '',
        specs: [buffer],
      },
    },
  },
  live: {
    flow: [
      { key: 'exoLoss', label: 'Exogenous loss', unit: '', type: 'number', default: 0, min: 0, max: 1, live: true },
      { key: 'weight', label: 'Weight', unit: '', type: 'number', default: 1, min: 0.01, max: 1000, live: true },
      { key: 'active', label: 'Active', unit: '', type: 'bool', default: true, live: true },
    ],
    link: [
      { key: 'rate', label: 'Rate', unit: 'bit/s', type: 'number', default: 1e6, min: 1e3, max: 1e11, live: true },
    ],
  },
});

const schedule = firstScreenSchedule(0.01);
const manifest = testManifest({
  flows: 4,
  queueKind: 'red',
  queueParams: { buffer: 250, maxP: 0.2 },
  loss: schedule,
  now: 25,
});
manifest.flows[2]!.live.weight = 3;

describe('live parameters', () => {
  it("offers the live specs of the flows, the run's bottleneck and the queue kind it built there", () => {
    const c = liveControls(specs, manifest).map((x) => `${x.entity}/${x.key}`);
    expect(c).toEqual([
      'flows/exoLoss',
      'flows/weight',
      'queue.bottleneck/buffer',
      'queue.bottleneck/maxP',
      'link.bottleneck/rate',
    ]);
    const chain = testManifest({ queueKind: 'droptail' });
    chain.bottleneck = 'AB';
    chain.links[0]!.name = 'AB';
    const cc = liveControls(specs, chain).map((x) => `${x.entity}/${x.key}`);
    expect(cc).toContain('queue.AB/buffer');
    expect(cc).not.toContain('queue.AB/maxP');
    expect(liveControls(specs, null).map((x) => x.entity)).toEqual(['flows']);
  });
  it('offers no rate for a bottleneck that follows a delivery trace (the core refuses one)', () => {
    const traced = testManifest({ queueKind: 'droptail' });
    traced.links[0]!.trace = { name: 'lte-driving (downlink)', opportunities: 45604, period: 120.002 };
    const c = liveControls(specs, traced).map((x) => `${x.entity}/${x.key}`);
    expect(c).not.toContain('link.bottleneck/rate');
    expect(c).toContain('queue.bottleneck/buffer');
  });
  it("offers every flow's exogenous loss only where each flow has a loss link of its own (not a graph's)", () => {
    const graph = testManifest({ queueKind: 'droptail' });
    for (const f of graph.flows) f.lossLink = null;
    const c = liveControls(specs, graph).map((x) => `${x.entity}/${x.key}`);
    expect(c).not.toContain('flows/exoLoss');
    expect(c).toContain('flows/weight');
  });
  it('reads the values in force from the manifest (a schedule step included)', () => {
    expect(manifestLiveValue(manifest, 'flows', 'exoLoss')).toBe(0.01);
    expect(manifestLiveValue(manifest, 'flow.2', 'weight')).toBe(3);
    expect(manifestLiveValue(manifest, 'flow.1', 'weight')).toBe(1);
    expect(manifestLiveValue(manifest, 'flow.9', 'weight')).toBeNaN();
    expect(manifestLiveValue(manifest, 'queue.bottleneck', 'maxP')).toBe(0.2);
    expect(manifestLiveValue(manifest, 'link.bottleneck', 'rate')).toBe(16e6);
    expect(manifestLiveValue(manifest, 'queue.dst.0', 'buffer')).toBe(1000);
    expect(manifestLiveValue(manifest, 'link.dst.0', 'lossRate')).toBe(0.01);
    expect(manifestLiveValue(manifest, 'link.XY', 'rate')).toBeNaN();
  });
  it('words the loss as the run has it: schedule with the step now, a live value, none', () => {
    expect(exoLossText(specs, manifest)).toBe('exogenous loss: 0% -> 1% at 20 s -> 5% at 40 s');
    const live = testManifest({ loss: { kind: 'bernoulli', params: { rate: 0.02 }, source: 'live', rate: 0.02 } });
    expect(exoLossText(specs, live)).toBe('exogenous loss: 2% (set live)');
    expect(exoLossText(specs, testManifest())).toBeNull();
    expect(lossText(specs, manifest.links[1]!.loss, true)).toBe('0% -> 1% at 20 s -> 5% at 40 s (now 1%)');
  });
  it('labels changes for the chart marks', () => {
    const exo = specs.find((s) => s.key === 'live.flow.exoLoss');
    expect(changeLabel(exo, 'flows', 'exoLoss', 0.01, 0.05)).toBe('exogenous loss 1% -> 5%');
    expect(
      changeLabel(
        specs.find((s) => s.key === 'live.flow.weight'),
        'flow.3',
        'weight',
        1,
        2,
      ),
    ).toBe('flow 3 weight 1 -> 2');
    expect(formatValue(16e6, { unit: 'bit/s', key: 'rate' })).toBe('16 Mb/s');
    // An on/off flag (the core keeps it as 1 or 0) is said as on or off.
    expect(
      changeLabel(
        specs.find((s) => s.key === 'live.flow.active'),
        'flow.2',
        'active',
        0,
        1,
      ),
    ).toBe('flow 2 active off -> on');
    expect(scheduleMarks(specs, manifest)).toEqual([
      { t: 20, label: 'exogenous loss 0% -> 1%' },
      { t: 40, label: 'exogenous loss 1% -> 5%' },
    ]);
  });
  it('says when the run next changes a live value by itself: a schedule step, a flow starting or stopping', () => {
    // The first account, before the flows starting at 0 s have started: read again at once.
    const first = testManifest({ flows: 3 });
    for (const f of first.flows) f.live.active = false;
    first.flows[1]!.start = 2.5;
    first.flows[2]!.start = 1;
    first.flows[2]!.stop = 30;
    first.nextChange = 20;
    expect(nextSelfChange(first)).toBe(0);
    // At 0 s with flow 0 started: flow 2's start; then flow 1's; then flow 2's stop; then the schedule's step.
    const m = structuredClone(first);
    m.flows[0]!.live.active = true;
    expect(nextSelfChange(m)).toBe(1);
    m.now = 1;
    m.flows[2]!.live.active = true;
    expect(nextSelfChange(m)).toBe(2.5);
    m.now = 2.5;
    m.flows[1]!.live.active = true;
    expect(nextSelfChange(m)).toBe(20);
    m.now = 20;
    m.nextChange = null;
    expect(nextSelfChange(m)).toBe(30);
    m.now = 30;
    m.flows[2]!.live.active = false;
    expect(nextSelfChange(m)).toBeNull();
  });
});
