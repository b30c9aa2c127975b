// The steady state of Eqs. 11-12 (bl_fluid_steady, docs/fluid-model.md) for identical flows:
// the calculator's inputs (paths of the describe document's specs) and its answer.
import type { Manifest, ParamSpec } from '../params/types';
import { fluidScopeProblem } from './fluidParams';
import { findSpec } from '../params/specs';
import { isPlainObject } from '../../../wasm-core/js/paths.mjs';

export interface SteadyInputs {
  /** m */
  flows: number;
  /** C, packets/s */
  capacity: number;
  /** round-trip propagation delay D, s */
  propDelay: number;
  /** p_e, a fraction */
  exoLoss: number;
  /** B, the bottleneck buffer in packets (the scenario's own, not the fluid model's default). */
  buffer: number;
  /** The queue's kind and its parameters, as the scenario has them (DropTail when unknown). */
  queue?: SteadyQueue;
}

export type SteadyQueue = { kind: string } & Record<string, number | string>;

type Field = Exclude<keyof SteadyInputs, 'queue'>;

/**
 * The calculator's controls, in the order shown, each the path of a spec of the describe
 * document and the label the calculator gives it: presentation only (ranges, units, defaults and
 * help are the core's). "steady.*" are bl_fluid_steady's own specs; p_e, which bl_fluid_steady
 * takes as a list, is the exogenous loss of every flow, the live parameter it is filled from.
 * steadyState.test.ts checks that each path names a spec.
 */
export const STEADY_FIELDS: readonly { input: Field; path: string; label: string; unit?: string }[] = [
  // The core counts flows without a unit; a box with a number alone does not say what it counts.
  { input: 'flows', path: 'steady.flows', label: 'Flows (m)', unit: 'flows' },
  { input: 'capacity', path: 'steady.capacity', label: 'Capacity (C)' },
  { input: 'propDelay', path: 'steady.propDelay', label: 'Round-trip time (D)' },
  { input: 'buffer', path: 'steady.queue.buffer', label: 'Buffer (B)' },
  { input: 'exoLoss', path: 'live.flow.exoLoss', label: 'Exogenous loss (p_e)' },
];

/** The spec of a calculator field, from the fluid model's specs or the scenario's (null: not described). */
export function steadySpec(
  field: (typeof STEADY_FIELDS)[number],
  fluidSpecs: readonly ParamSpec[],
  specs: readonly ParamSpec[],
): ParamSpec | null {
  const sp = field.path.startsWith('steady.')
    ? findSpec(fluidSpecs, field.path, (g) => (g === 'steady.queue' ? 'droptail' : undefined))
    : findSpec(specs, field.path);
  return sp ? { ...sp, key: field.path, label: field.label, unit: sp.unit || (field.unit ?? '') } : null;
}

/** The calculator's first inputs: each field's default as the describe document gives it. */
export function steadyDefaults(fluidSpecs: readonly ParamSpec[], specs: readonly ParamSpec[]): SteadyInputs | null {
  const out: Partial<SteadyInputs> = {};
  for (const f of STEADY_FIELDS) {
    const d = steadySpec(f, fluidSpecs, specs)?.default;
    if (typeof d !== 'number') return null;
    out[f.input] = d;
  }
  return out as SteadyInputs;
}

/** The bl_fluid_steady document for identical flows, with the scenario's buffer and queue. */
export function steadyParams(i: SteadyInputs): object {
  const queue = { ...(i.queue ?? { kind: 'droptail' }), buffer: i.buffer };
  return {
    flows: i.flows,
    capacity: i.capacity,
    propDelay: i.propDelay,
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

/**
 * Whether Eqs. 11-12 describe a run (m identical AIMD flows through one bottleneck with DropTail
 * or RED and a plain loss rate), with the reason when not: the same test as the overlay's
 * (fluidScopeProblem), of the run as its manifest has it. A chain or a graph has no one
 * bottleneck for all flows, so the answer for it is no, not numbers for one of its links.
 */
export function steadyScope(
  m: Manifest,
  specs: readonly ParamSpec[],
  fluidSpecs: readonly ParamSpec[],
): { ok: true } | { ok: false; reason: string } {
  const reason = fluidScopeProblem(m, specs, fluidSpecs);
  return reason === null ? { ok: true } : { ok: false, reason };
}
