// Result aggregation: what a run measures, where it lands on each plot, the means over seeds,
// and the overlays drawn from the closed forms.
import { describe, expect, it } from 'vitest';
import type { FlowSummary, Scenario, Summary } from '../params/types';
import { runMeasures } from '../../../wasm-core/js/runMeasures.mjs';
import { type SweepResult, aggregate, membersOf, modelInputs, plotPoint } from './aggregate';
import { overlayLines } from './overlays';

const flow = (id: number, thr: number, p: Partial<FlowSummary> = {}): FlowSummary => ({
  id,
  deliveredPackets: 0,
  throughputBps: thr,
  goodputBps: thr,
  sentPackets: 1000,
  congestionLosses: 10,
  exogenousLosses: 0,
  retransmits: 10,
  timeouts: 1,
  fastRetransmits: 4,
  markedPackets: 0,
  ecnReductions: 0,
  weight: 1,
  rtt: 0.24,
  ...p,
});
const summary = (flows: FlowSummary[]): Summary => ({
  simSeconds: 60,
  wallSeconds: 0.1,
  events: 1,
  flows,
  queues: [],
  links: [],
  linkNames: [],
  measureFrom: 0,
  jain: 0.5,
  weightedJain: 0.9,
  utilization: 0.8,
  eventsDropped: 0,
});

describe('runMeasures', () => {
  const s = summary([
    flow(0, 8e6, { weight: 10, timeouts: 7, fastRetransmits: 13, sentPackets: 2000, congestionLosses: 100 }),
    flow(1, 1e6),
    flow(2, 3e6),
  ]);
  it('flow k against the mean of the others; loss and loss-event rates', () => {
    const m = runMeasures(s, 0);
    expect(m.ratio).toBe(4); // 8 / mean(1, 3)
    expect(m.thrOthers).toBe(2e6);
    expect(m.timeouts).toBe(7);
    expect(m.loss).toBe(0.05); // 100 / 2000
    expect(m.lossEvent).toBe(0.01); // (13 + 7) / 2000
    expect(m.lossEventOthers).toBe(0.005); // (4 + 1) / 1000 each
    expect(m.lossEventAll).toBe(30 / 4000);
    expect(m.sumWeights).toBe(12);
    expect(m.jain).toBe(0.5);
  });
  it('members of k\'s aggregate are not "the others"; a missing flow is named', () => {
    expect(runMeasures(s, 0, [0, 1]).ratio).toBeCloseTo(8 / 3, 12);
    expect(() => runMeasures(s, 5)).toThrow('measured flow 5: the run has flows 0 to 2');
  });
});

const scenario: Scenario = {
  version: 1,
  packetSize: 1000,
  topology: { kind: 'dumbbell', bottleneckRate: 10e6 },
  flows: { count: 10, cc: 'lasd', ccParams: { zeta: 0.002 } },
  flowOverrides: [{ flow: 0, weight: 10 }],
  aggregates: [{ flows: [3, 4] }],
};
const defaults = { bottleneckRate: 16e6, packetSize: 1500, zeta: 0.001 };

describe('model inputs', () => {
  it("the measured flow's rule and parameters, and C~ = RTT x capacity in packets", () => {
    expect(modelInputs(scenario, 0, 0.24, defaults)).toEqual({
      cc: 'lasd',
      f: 'equal',
      zeta: 0.002,
      ctilde: 300,
      packetSize: 1000,
    });
    const over: Scenario = {
      version: 1,
      flows: { cc: 'aimd' },
      flowOverrides: [{ flow: 1, cc: 'sd', ccParams: { f: 'inc' } }],
    };
    expect(modelInputs(over, 1, 0.12, defaults)).toEqual({
      cc: 'sd',
      f: 'inc',
      zeta: 0.001,
      ctilde: 160,
      packetSize: 1500,
    });
  });
  it('an MPAT member is measured with its aggregate', () => {
    expect(membersOf(scenario, 4)).toEqual([3, 4]);
    expect(membersOf(scenario, 0)).toEqual([0]);
  });
});

const result = (
  series: string,
  x: number,
  seed: number,
  ratio: number,
  more: Partial<SweepResult['m']> = {},
): SweepResult => ({
  index: 0,
  series,
  x,
  seed,
  ms: 1,
  m: { ...runMeasures(summary([flow(0, 1e6), flow(1, 1e6)]), 0), ratio, weight: x, ...more },
  model: { cc: series || 'sd', f: 'equal', zeta: 0.001, ctilde: 300, packetSize: 1000 },
});

describe('plot points and means', () => {
  it('each measure puts a run where its plot wants it', () => {
    const r = result('sd', 10, 1, 7, {
      lossEvent: 0.002,
      thr: 4e6,
      sumWeights: 19,
      lossEventAll: 0.01,
      timeouts: 3,
      jain: 0.6,
    });
    expect(plotPoint('ratio', r)).toEqual({ series: 'sd', key: 10, x: 10, y: 7 });
    expect(plotPoint('throughput', r)).toEqual({ series: 'sd', key: 10, x: 0.002, y: 500 }); // 4 Mb/s in 1000-byte packets
    expect(plotPoint('loss', r)).toEqual({ series: 'sd', key: 10, x: 19, y: 0.01 });
    expect(plotPoint('timeouts', r)).toMatchObject({ x: 10, y: 3 });
    expect(plotPoint('jain', r)).toMatchObject({ x: 10, y: 0.6 });
    expect(plotPoint('ratio', result('sd', 10, 1, Number.NaN))).toBeNull();
  });
  it('means, min and max over seeds per series and value, sorted by the swept value', () => {
    const pts = [result('sd', 10, 1, 6), result('sd', 1, 1, 1), result('sd', 10, 2, 8), result('lasd', 10, 1, 40)].map(
      (r) => plotPoint('ratio', r)!,
    );
    const agg = aggregate(pts);
    expect([...agg.keys()]).toEqual(['sd', 'lasd']);
    expect(agg.get('sd')).toEqual([
      { series: 'sd', key: 1, x: 1, y: 1, yMin: 1, yMax: 1, n: 1 },
      { series: 'sd', key: 10, x: 10, y: 7, yMin: 6, yMax: 8, n: 2 },
    ]);
    expect(agg.get('lasd')![0]).toMatchObject({ y: 40, n: 1 });
  });
});

describe('overlays', () => {
  it('ratio: the ideal line y = w, and Eq. 3 at w per series (the equal choice gives exactly w)', () => {
    const rs = [result('sd', 1, 1, 1, { lossEventOthers: 0.01 }), result('sd', 10, 1, 6, { lossEventOthers: 0.01 })];
    const lines = overlayLines('ratio', rs, [1, 10], { ideal: true, logX: true });
    expect(lines.map((l) => l.kind)).toEqual(['ideal', 'eq3', 'eq8']);
    expect(lines[0]!.pts).toEqual([
      [1, 1],
      [10, 10],
    ]);
    expect(lines[1]!.pts[1]![1]).toBeCloseTo(10, 9);
    expect(lines[2]!.pts[1]![1]).toBeLessThan(10);
  });
  it('loss: Eq. 5, and for LASD the lower of Eqs. 5 and 9, over the sums of weights', () => {
    const rs = [result('lasd', 10, 1, 1)];
    const lines = overlayLines('loss', rs, [10, 20], { ideal: false, logX: false });
    expect(lines.map((l) => l.kind)).toEqual(['eq5', 'eq9']);
    expect(lines[0]!.pts[0]).toEqual([10, (10 / 300) ** 2 * 1.5]);
    expect(lines[1]!.pts[0]![1]).toBeCloseTo((10 / 300) * Math.sqrt(0.0015), 12);
  });
  it('no closed forms for rules they do not describe (mulTCP, plain AIMD)', () => {
    const r = {
      ...result('', 4, 1, 3),
      model: { cc: 'multcp', f: 'equal', zeta: 0.001, ctilde: 300, packetSize: 1000 },
    };
    expect(overlayLines('ratio', [r], [1, 4], { ideal: true, logX: false }).map((l) => l.kind)).toEqual(['ideal']);
    expect(overlayLines('throughput', [r], [0.001, 0.01], { ideal: false, logX: true })).toEqual([]);
  });
});
