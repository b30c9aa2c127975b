// window.__bl: a typed hook for browser tests, so they wait on simulated time, not on clocks.
import type { Manifest, ParamChange, Summary } from '../params/types';
import type { SimController } from '../run/simController';
import type { RunStatus } from '../worker/protocol';
import { type SweepProgress, sweeps } from '../sweep/sweepRunner';
import { lessonProbe } from '../lessons/useLesson';
import { chartAnnotations } from '../charts/annotations';
import { bandValues } from '../store/flowBand';
import { type ChartStat, type CompareHook, chartStats, getCompareHook } from '../ui/probes';

export type { ChartStat, CompareHook };

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
  /** What the run has now, as the page last heard it from the core (bl_manifest). */
  manifest(): Manifest | null;
  setParam(entity: string, key: string, value: number): Promise<number>;
  marks(): ParamChange[];
  charts(): Record<string, ChartStat>;
  /** The min/mean/max over all flows of a per-flow metric, row by row, as the charts' band draws it. */
  band(metric: string): { t: number[]; min: number[]; mean: number[]; max: number[] };
  /** What the URL/scenario loading dropped, as shown in the notice. */
  notices(): string[];
  /** The sweep panel's runner: progress and every finished run's measures and failures. */
  sweep(): SweepProgress;
  /** Compare mode's two runs, or null outside compare mode. */
  compare(): CompareHook | null;
  /** What was refused (locked parameters, bad host messages), as shown in the notice. */
  errors(): string[];
  /** The lesson followed (1-based step), or null outside lessons. */
  lesson(): { id: string; step: number; steps: number; offPath: boolean } | null;
  /** The speed the run plays at (simulated s per wall s; 0 = as fast as possible). */
  speed(): number;
  /** The current step's chart notes, with whether each is due at the run's time. */
  annotations(): { chart: string; t: number; text: string; due: boolean }[];
}

declare global {
  interface Window {
    __bl?: BlTestHook;
  }
}

export function installTestHook(sim: SimController, notices: () => string[], errors: () => string[] = () => []): void {
  window.__bl = {
    ready: async () => {
      await sim.whenReady();
      await new Promise<void>((resolve) => {
        const check = () => {
          // The current run's data: just after a new run is asked for, the store (and the
          // manifest) still hold the run before it until its 'created' arrives.
          if (sim.getSnapshot().scenario && sim.store.columns.length && sim.storeIsCurrent) {
            off();
            resolve();
          }
        };
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
    manifest: () => structuredClone(sim.getSnapshot().manifest),
    setParam: (e, k, v) => sim.setParam(e, k, v),
    marks: () => sim.store.marks.map((m) => ({ ...m })),
    charts: () => structuredClone(chartStats),
    band: (metric) => bandValues(sim.store, metric),
    notices,
    sweep: () => structuredClone(sweeps.getSnapshot()),
    compare: () => getCompareHook(),
    errors,
    lesson: () => (lessonProbe.current ? { ...lessonProbe.current } : null),
    speed: () => sim.getSpeed(),
    annotations: () =>
      chartAnnotations.all().map((a) => ({ chart: a.chart, t: a.t, text: a.text, due: a.t <= sim.store.now + 1e-9 })),
  };
}
