// The steady state of Eqs. 11-12 (bl_fluid_steady, docs/fluid-model.md) for identical flows:
// the calculator's inputs, their allowed ranges (the fluid model's own), and its answer.
import type { ParamSpec } from '../core/types';
import { displayFamily } from '../core/units';
import { isPlainObject } from '../scenario/paths.mjs';

export interface SteadyInputs {
  /** m */
  flows: number;
  /** C, packets/s */
  capacity: number;
  /** round-trip propagation delay D, ms */
  rttMs: number;
  /** p_e, a fraction */
  exoLoss: number;
  /** B, the bottleneck buffer in packets (the scenario's own, not the fluid model's default 250). */
  buffer: number;
  /** The queue's kind and RED's thresholds, as the scenario has them (DropTail when unknown). */
  queue?: SteadyQueue;
}

export interface SteadyQueue {
  kind: 'droptail' | 'red';
  minTh?: number;
  maxTh?: number;
  maxP?: number;
  weight?: number;
}

const spec = (
  key: keyof SteadyInputs,
  label: string,
  unit: string,
  type: 'number' | 'integer',
  min: number,
  max: number,
  def: number,
  help: string,
): ParamSpec => {
  const sp: ParamSpec = { key: `steady.${key}`, label, unit, type, min, max, default: def, help, live: false };
  // Shown and typed in human units like the scenario's controls (a loss in %).
  const display = displayFamily(sp);
  return display ? { ...sp, display } : sp;
};

/** One control each; the ranges are bl_fluid_steady's (RTT in ms instead of s). */
export const STEADY_SPECS: Record<Exclude<keyof SteadyInputs, 'queue'>, ParamSpec> = {
  flows: spec(
    'flows',
    'Flows (m)',
    'flows',
    'integer',
    1,
    1000,
    20,
    'Number of identical TCP flows sharing the bottleneck.',
  ),
  capacity: spec(
    'capacity',
    'Capacity (C)',
    'packets/s',
    'number',
    1,
    1e7,
    2000,
    'Bottleneck capacity in packets per second (bit rate / (8 x packet size)).',
  ),
  rttMs: spec(
    'rttMs',
    'Round-trip time (D)',
    'ms',
    'number',
    0.1,
    10000,
    100,
    'Round-trip propagation delay of every flow, without queueing.',
  ),
  exoLoss: spec(
    'exoLoss',
    'Exogenous loss (p_e)',
    '',
    'number',
    0,
    1,
    0.01,
    'Rate of losses not caused by the bottleneck queue, in % of packets.',
  ),
  buffer: spec(
    'buffer',
    'Buffer (B)',
    'packets',
    'integer',
    1,
    1e6,
    250,
    'Packets the bottleneck queue holds (filled from the scenario).',
  ),
};

export const DEFAULT_STEADY: SteadyInputs = { flows: 20, capacity: 2000, rttMs: 100, exoLoss: 0.01, buffer: 250 };

/** The bl_fluid_steady document for identical flows, with the scenario's buffer and queue. */
export function steadyParams(i: SteadyInputs): object {
  const queue = { ...(i.queue ?? { kind: 'droptail' }), buffer: i.buffer };
  return {
    flows: i.flows,
    capacity: i.capacity,
    propDelay: i.rttMs / 1000,
    propDelayMax: null,
    pe: [i.exoLoss],
    backlog: 0,
    queue,
  };
}

export interface SteadyAnswer {
  /** Quiescent loss that holds every flow at its fair share C/m (queue empty). */
  qFair: number;
  /** Exogenous loss at which the loop opens (the queue empties). */
  peOpen: number;
  fairShare: number;
  /** The equilibrium at the given exogenous loss. */
  regime: string;
  backlog: number;
  xMean: number;
  utilization: number;
}

export function readSteady(result: unknown): SteadyAnswer {
  if (!isPlainObject(result as never)) throw new Error('steady state: no result');
  const r = result as Record<string, unknown>;
  if (typeof r.error === 'string') throw new Error(r.error);
  const q = Array.isArray(r.qFair) ? (r.qFair as unknown[]).map(Number) : [];
  const p =
    Array.isArray(r.points) && isPlainObject(r.points[0] as never) ? (r.points[0] as Record<string, unknown>) : {};
  if (!q.length || typeof r.peOpen !== 'number') throw new Error('steady state: result without qFair or peOpen');
  return {
    qFair: q.reduce((a, b) => a + b, 0) / q.length,
    peOpen: r.peOpen,
    fairShare: Number(r.fairShare),
    regime: typeof p.regime === 'string' ? p.regime : '?',
    backlog: Number(p.backlog),
    xMean: Number(p.xMean),
    utilization: Number(p.utilization),
  };
}

/** 0.0196078 -> "1.96 %" */
export function percent(v: number): string {
  return Number.isFinite(v) ? `${(v * 100).toFixed(2)} %` : '-';
}
