// Maps a packet-level scenario to the parameters of the fluid model (bl_fluid, docs/fluid-model.md)
// and reads its result back in the packet-level charts' units. Pure functions: no worker, no DOM.
//
// What maps, for a dumbbell with DropTail or RED and exogenous loss none / bernoulli / schedule:
// - m = the flow count; C = bottleneckRate / (8 x packetSize) packets/s;
// - D_i = each flow's propagation RTT as the summary reports it (else the mean RTT of the
//   topology's delays); alpha_i = sender-to-bottleneck share of the RTT, from the mean access
//   delay (the access delays are drawn per flow, the summary does not say which);
// - buffer and RED's minTh / maxTh / maxP / weight; the loss schedule (plus live changes of
//   the exogenous loss of all flows, at the times they were applied); the duration.
// Flow start times the model does not have. A run it does not describe is refused with the reason:
// another topology, queue or loss model, or flows other than m identical AIMD flows (another
// window rule, an aggregate, other traffic: otherThanModelFlows).
import type { Json, ParamSpec, Scenario } from '../params/types';
import { findSpec, kindFieldOf, kindsOfGroup, limitOf, specsOfGroup } from '../params/specs';
import { getPath, isPlainObject } from '../../../wasm-core/js/paths.mjs';

/** The bottleneck queue of a fluid document: its kind and the parameters both models have. */
export type FluidQueue = { kind: string; buffer: number } & Record<string, number | string>;

/** The part of bl_fluid's parameter document the app fills in. */
export interface FluidParams {
  flows: number;
  capacity: number;
  propDelays?: number[];
  propDelay?: number;
  propDelayMax?: null;
  alpha: number;
  alphaMax: null;
  queue: FluidQueue;
  exoLoss: [number, number][];
  duration: number;
  samplePeriod: number;
}

export type FluidMapping = { ok: true; params: FluidParams; packetSize: number } | { ok: false; reason: string };

/** A change of the exogenous loss of every flow applied while running (entity "flows"). */
export interface ExoChange {
  t: number;
  value: number;
}

/**
 * The scenario fields the model's capacity and delays come from (each a path of the scenario's
 * specs; fluidParams.test.ts checks that against the describe document). The queue's fields are
 * not listed: each parameter of the fluid model's queue kind is read from the scenario's queue
 * field of the same name.
 */
export const FROM_SCENARIO = {
  rate: 'topology.bottleneckRate',
  packetSize: 'packetSize',
  bottleneckDelay: 'topology.bottleneckDelay',
  accessDelayMin: 'topology.accessDelayMin',
  accessDelayMax: 'topology.accessDelayMax',
  duration: 'duration',
  samplePeriod: 'samplePeriod',
} as const;

/**
 * Rows x (flows + 7) numbers the page asks for at most, as a share of the core's limit
 * (limits.maxFluidValues): room for rows rounded up to whole steps. Points per series: more than
 * any chart is wide.
 */
const VALUES_SHARE = 0.75;
const MAX_ROWS = 4000;

export interface MapInputs {
  scenario: Scenario;
  specs: readonly ParamSpec[];
  /** The fluid model's specs (normalizeFluidSpecs of the describe document). */
  fluidSpecs: readonly ParamSpec[];
  flows: number;
  /** Per-flow propagation RTTs in seconds (the summary's `rtt`), when known. */
  rtts?: readonly number[];
  /** Live changes of the exogenous loss of all flows, in time order. */
  exoChanges?: readonly ExoChange[];
}

function num(v: Json | undefined): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** The fluid model's spec of `fn.path` with a numeric range and default ("fluid.duration"). */
function bounded(fluidSpecs: readonly ParamSpec[], path: string): { min: number; max: number; def: number } | null {
  const sp = findSpec(fluidSpecs, path);
  if (!sp || sp.min === undefined || sp.max === undefined) return null;
  return { min: sp.min, max: sp.max, def: typeof sp.default === 'number' ? sp.default : sp.min };
}

export function mapScenarioToFluid({
  scenario: s,
  specs,
  fluidSpecs,
  flows,
  rtts,
  exoChanges = [],
}: MapInputs): FluidMapping {
  const kindOf = (group: string): string | undefined => {
    const k = getPath(s, `${group}.kind`);
    return typeof k === 'string' ? k : undefined;
  };
  const val = (path: string): number | undefined =>
    num(getPath(s, path)) ?? num(findSpec(specs, path, kindOf)?.default);
  const flowRange = bounded(fluidSpecs, 'fluid.flows');
  const durationRange = bounded(fluidSpecs, 'fluid.duration');
  const delayRange = bounded(fluidSpecs, 'fluid.propDelay');
  const step = bounded(fluidSpecs, 'fluid.dt');
  const samples = bounded(fluidSpecs, 'fluid.samplePeriod');
  const alpha = bounded(fluidSpecs, 'fluid.alpha');
  const maxValues = limitOf(specs, 'maxFluidValues');
  if (!flowRange || !durationRange || !delayRange || !step || !samples || !alpha || maxValues === undefined)
    return { ok: false, reason: 'the core did not describe the fluid model' };

  const topo = kindOf('topology') ?? 'dumbbell';
  if (topo !== 'dumbbell')
    return { ok: false, reason: `the fluid model is one bottleneck: a dumbbell, not a ${topo} topology` };
  const others = otherThanModelFlows(s, specs);
  if (others) return { ok: false, reason: others };
  const queueKind = kindOf('queue') ?? 'droptail';
  const fluidQueues = kindsOfGroup(fluidSpecs, 'fluid.queue');
  if (!fluidQueues.includes(queueKind))
    return { ok: false, reason: `the fluid model has ${fluidQueues.join(' and ')} queues, not ${queueKind}` };
  if (!(flows >= flowRange.min && flows <= flowRange.max))
    return {
      ok: false,
      reason: `the fluid model takes ${flowRange.min} to ${flowRange.max} flows, not ${flows}`,
    };
  const overrides = getPath(s, 'flowOverrides');
  if (Array.isArray(overrides) && overrides.some((o) => isPlainObject(o) && o.exoLoss !== undefined)) {
    return { ok: false, reason: 'per-flow exogenous loss: the fluid model has one loss rate for all flows' };
  }

  const exoLoss = exoSchedule(s, exoChanges);
  if (!exoLoss)
    return {
      ok: false,
      reason: `the fluid model takes exogenous loss none, bernoulli or schedule, not ${kindOf('exoLoss')}`,
    };

  const rate = val(FROM_SCENARIO.rate);
  const packetSize = val(FROM_SCENARIO.packetSize);
  const bDelay = val(FROM_SCENARIO.bottleneckDelay);
  const aMin = val(FROM_SCENARIO.accessDelayMin);
  const aMax = val(FROM_SCENARIO.accessDelayMax);
  if (
    rate === undefined ||
    packetSize === undefined ||
    bDelay === undefined ||
    aMin === undefined ||
    aMax === undefined
  ) {
    return { ok: false, reason: 'the scenario does not say the bottleneck rate, packet size or delays' };
  }
  const access = (aMin + aMax) / 2;
  const meanRtt = 2 * (2 * access + bDelay);
  const capacity = rate / (8 * packetSize);

  // Each parameter of the fluid model's queue kind that the scenario's queue has too, by name.
  const queue: Record<string, number | string> = { kind: queueKind };
  const selector = kindFieldOf(fluidSpecs, 'fluid.queue');
  for (const sp of specsOfGroup(fluidSpecs, 'fluid.queue', queueKind)) {
    const leaf = sp.key.slice('fluid.queue.'.length);
    if (leaf === selector || !findSpec(specs, `queue.${leaf}`, kindOf)) continue;
    const v = val(`queue.${leaf}`);
    if (v === undefined) return { ok: false, reason: `${queueKind} without ${leaf}` };
    queue[leaf] = v;
  }
  if (typeof queue.buffer !== 'number') return { ok: false, reason: 'the scenario does not say the buffer' };

  const duration = Math.min(durationRange.max, val(FROM_SCENARIO.duration) ?? durationRange.def);
  const sp = val(FROM_SCENARIO.samplePeriod) ?? samples.def;
  // At least one integration step per row, and the page's own budget of rows and numbers.
  const samplePeriod = Math.max(
    step.def,
    sp,
    duration / MAX_ROWS,
    (duration * (flows + 7)) / (VALUES_SHARE * maxValues),
  );

  const params: FluidParams = {
    flows,
    capacity,
    alpha: meanRtt > 0 ? Math.min(alpha.max, access / meanRtt) : alpha.def,
    alphaMax: null,
    queue: queue as FluidQueue,
    exoLoss,
    duration,
    samplePeriod,
  };
  if (rtts && rtts.length === flows && rtts.every((r) => r >= delayRange.min && r <= delayRange.max))
    params.propDelays = [...rtts];
  else {
    params.propDelay = Math.min(delayRange.max, Math.max(delayRange.min, meanRtt));
    params.propDelayMax = null;
  }
  return { ok: true, params, packetSize };
}

/**
 * The window rule of the model's flows (Eq. 9: +1 packet per round trip, halve on a loss): the
 * congestion control the core calls "aimd". A model fact, not a parameter: other rules (CUBIC,
 * BBR, Vegas, weighted or loss-adaptive AIMD) are not what the equations describe.
 */
export const FLUID_CC = 'aimd';

/**
 * What in a scenario the fluid model's m identical AIMD flows do not have (null: nothing): a flow
 * with another window rule, flows that pool their windows (an aggregate), or non-TCP traffic.
 */
export function otherThanModelFlows(s: Scenario, specs: readonly ParamSpec[]): string | null {
  const field = kindFieldOf(specs, 'flows');
  const cc = getPath(s, `flows.${field}`) ?? findSpec(specs, `flows.${field}`)?.default ?? FLUID_CC;
  if (cc !== FLUID_CC)
    return `its flows use ${String(cc)}; the fluid model's flows follow the standard window rule (${FLUID_CC}: one more packet per round trip, half on a loss)`;
  const overrides = getPath(s, 'flowOverrides');
  const other = Array.isArray(overrides)
    ? overrides.find((o) => isPlainObject(o) && o[field] !== undefined && o[field] !== FLUID_CC)
    : undefined;
  if (isPlainObject(other))
    return `flow ${String(other.flow)} uses ${String(other[field])}; the fluid model's flows are identical, all ${FLUID_CC}`;
  const aggregates = getPath(s, 'aggregates');
  if (Array.isArray(aggregates) && aggregates.length)
    return 'some flows pool their windows in an aggregate; the fluid model has independent, identical flows';
  const traffic = getPath(s, 'traffic');
  if (Array.isArray(traffic) && traffic.length)
    return 'other traffic than the TCP flows shares the link; the fluid model has TCP flows only';
  return null;
}

/** The exogenous loss as [[t, p_e], ...] with live changes merged in; null if not a plain rate. */
export function exoSchedule(s: Scenario, changes: readonly ExoChange[] = []): [number, number][] | null {
  const kind = getPath(s, 'exoLoss.kind') ?? 'none';
  let steps: [number, number][];
  if (kind === 'none') steps = [[0, 0]];
  else if (kind === 'bernoulli') steps = [[0, num(getPath(s, 'exoLoss.rate')) ?? 0]];
  else if (kind === 'schedule') {
    const raw = getPath(s, 'exoLoss.steps');
    steps = [];
    if (Array.isArray(raw)) {
      for (const st of raw)
        if (Array.isArray(st) && typeof st[0] === 'number' && typeof st[1] === 'number') steps.push([st[0], st[1]]);
    }
    steps.sort((a, b) => a[0] - b[0]);
    if (!steps.length || steps[0]![0] > 0) steps.unshift([0, 0]);
  } else return null;
  // A live change replaces the loss model from then on (the schedule stops there).
  for (const c of [...changes].sort((a, b) => a.t - b.t)) {
    steps = steps.filter(([t]) => t < c.t);
    steps.push([c.t, c.value]);
  }
  // The fluid model wants strictly increasing times: a later step at the same time wins.
  const out: [number, number][] = [];
  for (const st of steps) {
    if (out.length && out[out.length - 1]![0] >= st[0]) out[out.length - 1] = st;
    else out.push(st);
  }
  return out;
}

/** The overlay series of one bl_fluid result, in the charts' units. */
export interface FluidSeries {
  /** Row-major [t, mean per-flow rate in bit/s, backlog in packets]. */
  rows: Float64Array;
  count: number;
}

export const FLUID_COLUMNS = ['t', 'fluid.thr', 'fluid.backlog'] as const;

/** Picks t, xMean (packets/s -> bit/s) and b out of bl_fluid's {columns, rows}. */
export function fluidSeries(result: unknown, packetSize: number): FluidSeries {
  if (!isPlainObject(result as Json)) throw new Error('fluid model: no result');
  const r = result as { columns?: unknown; rows?: unknown; error?: unknown };
  if (typeof r.error === 'string') throw new Error(r.error);
  if (!Array.isArray(r.columns) || !Array.isArray(r.rows))
    throw new Error('fluid model: result without columns and rows');
  const ct = r.columns.indexOf('t');
  const cx = r.columns.indexOf('xMean');
  const cb = r.columns.indexOf('b');
  if (ct < 0 || cx < 0 || cb < 0) throw new Error('fluid model: result without t, xMean or b');
  const rows = new Float64Array(r.rows.length * 3);
  let n = 0;
  for (const row of r.rows as unknown[]) {
    if (!Array.isArray(row)) continue;
    rows[n * 3] = Number(row[ct]);
    rows[n * 3 + 1] = Number(row[cx]) * 8 * packetSize;
    rows[n * 3 + 2] = Number(row[cb]);
    n++;
  }
  return { rows: rows.subarray(0, n * 3), count: n };
}
