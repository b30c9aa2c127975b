// window.__bl: a typed hook for browser tests, so they wait on simulated time, not on clocks.
import type { ParamChange, Summary } from '../core/types';
import type { SimController } from './simController';
import type { RunStatus } from '../worker/protocol';

export interface ChartStat {
  draws: number; points: number; /** Wall time of the last redraw and of its decimation, in ms. */ ms?: number; layoutMs?: number;
  /** Redraws of every pixel (the others only redrew the columns new data changed). */
  fullDraws?: number;
  /** Points drawn per line (by column, e.g. "flow.0.thr", "fluid.thr"). */
  series?: Record<string, number>;
}

/** Filled by the charts as they draw (read by tests to see that charts really draw). */
export const chartStats: Record<string, ChartStat> = {};

export interface BlTestHook {
  /** Resolves once the simulator is loaded and a run has been created. */
  ready(): Promise<void>;
  /** Runs as fast as possible to simulated time t, then pauses; resolves with the time reached. */
  runUntil(simSeconds: number): Promise<number>;
  /** Waits (without changing speed) until the run reached simulated time t. */
  waitFor(simSeconds: number): Promise<number>;
  now(): number;
  status(): RunStatus;
  runId(): number;
  columns(): string[];
  /** All values of one column kept so far (e.g. "t", "flow.0.thr", "jain"). */
  series(name: string): number[];
  /** Mean of a column over [t0, t1] of simulated time. */
  mean(name: string, t0: number, t1: number): number;
  summary(): Promise<Summary>;
  setParam(entity: string, key: string, value: number): Promise<number>;
  marks(): ParamChange[];
  charts(): Record<string, ChartStat>;
  /** What the URL/scenario loading dropped, as shown in the notice. */
  notices(): string[];
}

declare global {
  interface Window { __bl?: BlTestHook }
}

export function installTestHook(sim: SimController, notices: () => string[]): void {
  window.__bl = {
    ready: async () => {
      await sim.whenReady();
      await new Promise<void>((resolve) => {
        const check = () => { if (sim.getSnapshot().scenario && sim.store.columns.length) { off(); resolve(); } };
        const off = sim.subscribe(check);
        check();
      });
    },
    runUntil: (t) => sim.runUntil(t),
    waitFor: (t) => sim.waitFor(t),
    now: () => sim.store.now,
    status: () => sim.getSnapshot().status,
    runId: () => sim.getSnapshot().runId,
    columns: () => [...sim.store.columns],
    series: (name) => sim.store.values(name),
    mean: (name, t0, t1) => sim.store.mean(name, t0, t1),
    summary: () => sim.summary(),
    setParam: (e, k, v) => sim.setParam(e, k, v),
    marks: () => sim.store.marks.map((m) => ({ ...m })),
    charts: () => structuredClone(chartStats),
    notices,
  };
}
