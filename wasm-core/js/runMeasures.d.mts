// Types of runMeasures.mjs.

/** The fields of a summary's flow row these measures read (docs/scenario.md, "Summary"). */
export interface MeasuredFlow {
  id: number;
  sentPackets: number;
  fastRetransmits: number;
  timeouts: number;
  congestionLosses: number;
  throughputBps: number;
  weight: number;
  rtt: number;
}
/** The fields of a summary these measures read. */
export interface MeasuredSummary {
  flows: MeasuredFlow[];
  utilization: number;
  jain: number;
  weightedJain: number;
}

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
export function lossEventRate(f: MeasuredFlow): number;
export function runMeasures(summary: MeasuredSummary, k?: number, members?: number[]): RunMeasures;
