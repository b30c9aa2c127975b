// What charts and compare mode publish for window.__bl (app/testHook.ts) to read: kept here,
// below the charts, so that drawing code never imports the app.
import type { Summary } from '../params/types';

export interface ChartStat {
  draws: number;
  points: number;
  /** Wall time of the last redraw and of its decimation, in ms. */ ms?: number;
  layoutMs?: number;
  /** Redraws of every pixel (the others only redrew the columns new data changed). */
  fullDraws?: number;
  /** Points drawn per line (by column, e.g. "flow.0.thr", "fluid.thr"). */
  series?: Record<string, number>;
}

/** Filled by the charts as they draw (read by tests to see that charts really draw). */
export const chartStats: Record<string, ChartStat> = {};

/** Compare mode (window.__bl.compare()): both runs, driven in lockstep. */
export interface CompareHook {
  /** Both runs to simulated time t in lockstep; resolves with the time each reached, [A, B]. */
  runUntil(simSeconds: number): Promise<number[]>;
  /** Simulated time of the data each side holds, [A, B]. */
  now(): number[];
  status(): string;
  /** Times both sides had reached at each lockstep tick so far (A and B), newest last. */
  ticks(): { a: number; b: number }[];
  series(side: 'a' | 'b', name: string): number[];
  /** One side's min/mean/max over all flows of a per-flow metric, as its charts' band draws it. */
  band(side: 'a' | 'b', metric: string): { t: number[]; min: number[]; mean: number[]; max: number[] };
  summary(side: 'a' | 'b'): Promise<Summary>;
  /** What B changes ("queue.kind = red"). */
  diff(): string;
}

let compareHook: CompareHook | null = null;
export function setCompareHook(h: CompareHook | null): void {
  compareHook = h;
}
export function getCompareHook(): CompareHook | null {
  return compareHook;
}
