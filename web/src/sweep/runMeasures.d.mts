// Types of runMeasures.mjs.
import type { FlowSummary, Summary } from '../core/types';

export interface RunMeasures {
  ratio: number;
  thr: number;
  thrOthers: number;
  timeouts: number;
  fastRetx: number;
  loss: number;
  lossEvent: number;
  lossEventOthers: number;
  lossEventAll: number;
  timeoutsOthers: number;
  weight: number;
  sumWeights: number;
  rtt: number;
  util: number;
  jain: number;
  wjain: number;
}
export function lossEventRate(f: FlowSummary): number;
export function runMeasures(summary: Summary, k?: number, members?: number[]): RunMeasures;
