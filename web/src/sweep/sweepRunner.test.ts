// The sweep runner with fake workers: jobs spread over the workers, a failed run does not stop
// the others, a worker that cannot load fails its runs, cancel terminates everything.
import { describe, expect, it } from 'vitest';
import type { FlowSummary, Scenario, Summary } from '../params/types';
import type { FromWorker, ToWorker } from '../worker/protocol';
import { SweepRunner } from './sweepRunner';
import type { SweepJob } from './sweepConfig';

const flow = (id: number, thr: number): FlowSummary => ({
  id,
  deliveredPackets: 0,
  throughputBps: thr,
  goodputBps: thr,
  sentPackets: 100,
  congestionLosses: 1,
  exogenousLosses: 0,
  retransmits: 1,
  timeouts: 0,
  fastRetransmits: 1,
  markedPackets: 0,
  ecnReductions: 0,
  weight: 1,
  rtt: 0.1,
});
const summary = (ratio: number): Summary => ({
  simSeconds: 10,
  wallSeconds: 0,
  events: 0,
  flows: [flow(0, ratio), flow(1, 1)],
  queues: [],
  links: [],
  linkNames: [],
  measureFrom: 0,
  jain: 1,
  weightedJain: 1,
  utilization: 1,
  eventsDropped: 0,
});

/** A worker that answers each headless run on the next tick: the summary of flow 0 at x (ratio x), or an error for x < 0. */
class FakeWorker {
  static all: FakeWorker[] = [];
  onmessage: ((ev: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  terminated = false;
  /** The x of each run asked for. */
  received: number[] = [];
  constructor(private readonly broken = false) {
    FakeWorker.all.push(this);
  }
  postMessage(msg: ToWorker): void {
    if (msg.type !== 'call' || msg.call.op !== 'headless') return;
    const x = (msg.call.scenario as Scenario & { x: number }).x;
    this.received.push(x);
    const reply: FromWorker = this.broken
      ? { type: 'fatal', stage: 'load', error: 'could not load the simulator: no wasm' }
      : x < 0
        ? {
            type: 'reply',
            id: msg.id,
            op: 'headless',
            ok: false,
            error: `flowOverrides[0].weight: ${x} is out of range; allowed [0.01, 1000]`,
          }
        : { type: 'reply', id: msg.id, op: 'headless', ok: true, value: { summary: summary(x), ms: 1 } };
    setTimeout(() => {
      if (!this.terminated) this.onmessage?.(new MessageEvent('message', { data: reply }));
    }, 0);
  }
  terminate(): void {
    this.terminated = true;
  }
}

const jobs = (xs: number[]): SweepJob[] =>
  xs.map((x, index) => ({ index, series: 's', x, seed: 1, scenario: { version: 1, x } as Scenario }));
const defaults = { bottleneckRate: 1e7, packetSize: 1000, zeta: 0.001 };
const settle = (r: SweepRunner) =>
  new Promise<void>((resolve) => {
    const off = r.subscribe(() => {
      if (!r.getSnapshot().running) {
        off();
        resolve();
      }
    });
  });

describe('SweepRunner', () => {
  it('runs every job on the workers; a refused value fails alone', async () => {
    FakeWorker.all = [];
    const r = new SweepRunner(() => new FakeWorker() as unknown as Worker);
    const done = settle(r);
    r.start(jobs([1, 2, -5, 4, 8]), 2, 0, defaults);
    expect(r.getSnapshot()).toMatchObject({ total: 5, done: 0, running: true, workers: 2 });
    await done;
    const s = r.getSnapshot();
    expect(s.done).toBe(5);
    expect(s.results.map((q) => [q.x, q.m.ratio]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [1, 1],
      [2, 2],
      [4, 4],
      [8, 8],
    ]);
    expect(s.failures).toEqual([
      {
        index: 2,
        series: 's',
        x: -5,
        seed: 1,
        error: 'flowOverrides[0].weight: -5 is out of range; allowed [0.01, 1000]',
      },
    ]);
    expect(FakeWorker.all).toHaveLength(2);
    expect(FakeWorker.all.flatMap((w) => w.received).sort((a, b) => a - b)).toEqual([-5, 1, 2, 4, 8]);
    expect(FakeWorker.all.every((w) => w.terminated && w.received.length >= 2)).toBe(true);
  });

  it('a measured flow the run does not have fails that run with its reason', async () => {
    const r = new SweepRunner(() => new FakeWorker() as unknown as Worker);
    const done = settle(r);
    r.start(jobs([1]), 1, 7, defaults);
    await done;
    expect(r.getSnapshot().failures[0]!.error).toBe('measured flow 7: the run has flows 0 to 1');
  });

  it('workers that cannot load fail every run with the reason', async () => {
    const r = new SweepRunner(() => new FakeWorker(true) as unknown as Worker);
    const done = settle(r);
    r.start(jobs([1, 2, 3]), 2, 0, defaults);
    await done;
    const s = r.getSnapshot();
    expect(s.done).toBe(3);
    expect(s.failures.map((f) => f.error)).toEqual(Array(3).fill('could not load the simulator: no wasm'));
  });

  it('cancel terminates the workers; late answers are ignored', async () => {
    FakeWorker.all = [];
    const r = new SweepRunner(() => new FakeWorker() as unknown as Worker);
    r.start(jobs([1, 2, 3, 4]), 2, 0, defaults);
    r.cancel();
    await new Promise((res) => setTimeout(res, 5));
    expect(r.getSnapshot()).toMatchObject({ running: false, cancelled: true, done: 0, results: [] });
    expect(FakeWorker.all.every((w) => w.terminated)).toBe(true);
  });
});
