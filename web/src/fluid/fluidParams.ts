// Maps a packet-level run to the parameters of the fluid model (bl_fluid, docs/fluid-model.md)
// and reads its result back in the packet-level charts' units. Pure functions: no worker, no DOM.
// What the run is comes from its manifest (bl_manifest: the network as built, the values in force
// and the live changes so far), never from the page's own reading of the scenario document.
//
// What maps, for a dumbbell with DropTail or RED and exogenous loss none / bernoulli / schedule:
// - m = the flow count; C = the bottleneck's rate now / (8 x packetSize) packets/s;
// - D_i = each flow's round-trip propagation delay as built; alpha = the share of the round trip
//   from the senders to the bottleneck (the delays of the links before it on each flow's path);
// - the bottleneck's buffer and RED's minTh / maxTh / maxP / weight as they stand; the flows' loss
//   model as built, with the live changes of every flow's exogenous loss at the times they were
//   applied; the duration and sample period as resolved.
// Flow start times the model does not have. A run it does not describe is refused with the reason,
// in the page's words (labels, never keys): another topology, queue or loss model, or flows other
// than m identical AIMD flows (another window rule, an aggregate, other traffic: otherThanModelFlows).
import type { Json, Manifest, ManifestLoss, ParamSpec } from '../params/types';
import { findSpec, kindFieldOf, kindsOfGroup, limitOf, specsOfGroup } from '../params/specs';
import { sharedFlowLoss } from '../scenario/liveParams';
import { isPlainObject } from '../../../wasm-core/js/paths.mjs';

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

/**
 * Rows x (flows + 7) numbers the page asks for at most, as a share of the core's limit
 * (limits.maxFluidValues): room for rows rounded up to whole steps. Points per series: more than
 * any chart is wide.
 */
const VALUES_SHARE = 0.75;
const MAX_ROWS = 4000;

export interface MapInputs {
  /** The run now (bl_manifest). */
  manifest: Manifest;
  /**
   * The run's first manifest, with its loss model as built: once a live change has replaced the
   * flows' loss model, the schedule before that change is read from it (default: `manifest`).
   */
  built?: Manifest | null;
  specs: readonly ParamSpec[];
  /** The fluid model's specs (normalizeFluidSpecs of the describe document). */
  fluidSpecs: readonly ParamSpec[];
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

/** A kind's name as the page shows it ("DropTail", "Reno (AIMD)"), from the core's labels. */
export function kindName(specs: readonly ParamSpec[], selector: string, kind: string): string {
  return specs.find((sp) => sp.key === selector)?.optionLabels?.[kind] ?? kind;
}

/** "A, B or C" */
function either(names: readonly string[], word: 'and' | 'or'): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${word} ${names.at(-1)}`;
}

/** The fluid model's loss models: a plain rate per flow, constant or stepped. */
const FLUID_LOSS = ['none', 'bernoulli', 'schedule'] as const;

/**
 * Why the fluid model (and so the steady state of Eqs. 11-12) does not describe this run, in the
 * page's words, or null when it does: one bottleneck every flow crosses (a dumbbell) with a queue
 * the model has, m identical AIMD flows within the model's range, one loss rate for all flows.
 */
export function fluidScopeProblem(
  m: Manifest,
  specs: readonly ParamSpec[],
  fluidSpecs: readonly ParamSpec[],
): string | null {
  const flowRange = bounded(fluidSpecs, 'fluid.flows');
  if (!flowRange) return 'the core did not describe the fluid model';
  if (m.topology !== 'dumbbell')
    return `the fluid model is one bottleneck shared by every flow (a ${kindName(specs, 'topology.kind', 'dumbbell')}), not a ${kindName(specs, 'topology.kind', m.topology)} topology`;
  const others = otherThanModelFlows(m, specs);
  if (others) return others;
  const b = m.links.find((l) => l.name === m.bottleneck);
  if (!b) return 'the run has no bottleneck link';
  const fluidQueues = kindsOfGroup(fluidSpecs, 'fluid.queue');
  if (!fluidQueues.includes(b.queue.kind)) {
    const names = fluidQueues.map((k) => kindName(specs, 'queue.kind', k));
    return `the fluid model has ${either(names, 'and')} queues, not ${kindName(specs, 'queue.kind', b.queue.kind)}`;
  }
  const n = m.flows.length;
  if (!(n >= flowRange.min && n <= flowRange.max))
    return `the fluid model takes ${flowRange.min} to ${flowRange.max} flows, not ${n}`;
  if (b.loss && b.loss.kind !== 'none')
    return "the bottleneck link itself loses packets; the fluid model's only loss is each flow's exogenous loss";
  return lossProblem(m, specs);
}

/** Why the flows' loss is not one plain rate for all (null: it is, or there is none). */
function lossProblem(m: Manifest, specs: readonly ParamSpec[]): string | null {
  const shared = sharedFlowLoss(m);
  if (!shared) {
    const any = m.flows.some((f) => f.lossLink && m.links.find((l) => l.name === f.lossLink)?.loss);
    return any ? 'the flows have different exogenous loss; the fluid model has one loss rate for all flows' : null;
  }
  if ((FLUID_LOSS as readonly string[]).includes(shared.kind)) return null;
  const names = FLUID_LOSS.map((k) => kindName(specs, 'exoLoss.kind', k));
  return `the fluid model takes exogenous loss ${either(names, 'or')}, not ${kindName(specs, 'exoLoss.kind', shared.kind)}`;
}

export function mapRunToFluid({ manifest: m, built, specs, fluidSpecs }: MapInputs): FluidMapping {
  const durationRange = bounded(fluidSpecs, 'fluid.duration');
  const delayRange = bounded(fluidSpecs, 'fluid.propDelay');
  const step = bounded(fluidSpecs, 'fluid.dt');
  const samples = bounded(fluidSpecs, 'fluid.samplePeriod');
  const alpha = bounded(fluidSpecs, 'fluid.alpha');
  const maxValues = limitOf(specs, 'maxFluidValues');
  if (!durationRange || !delayRange || !step || !samples || !alpha || maxValues === undefined)
    return { ok: false, reason: 'the core did not describe the fluid model' };
  const problem = fluidScopeProblem(m, specs, fluidSpecs);
  if (problem) return { ok: false, reason: problem };
  const b = m.links.find((l) => l.name === m.bottleneck)!;
  const flows = m.flows.length;

  const exoLoss = lossHistory(m, built);
  const packetSize = num(m.run.packetSize);
  if (packetSize === undefined || !(b.rate > 0))
    return { ok: false, reason: "the run does not say the bottleneck's rate or the packet size" };
  const capacity = b.rate / (8 * packetSize);

  // Each parameter of the fluid model's queue kind that the bottleneck's queue has too, by name.
  const queue: Record<string, number | string> = { kind: b.queue.kind, buffer: b.buffer };
  const selector = kindFieldOf(fluidSpecs, 'fluid.queue');
  for (const sp of specsOfGroup(fluidSpecs, 'fluid.queue', b.queue.kind)) {
    const leaf = sp.key.slice('fluid.queue.'.length);
    if (leaf === selector || leaf === 'buffer') continue;
    const v = b.queue.params[leaf];
    if (typeof v === 'number' || typeof v === 'string') queue[leaf] = v;
  }

  // Round trips as built, and the share of each from the sender to the bottleneck.
  const delay = new Map(m.links.map((l) => [l.name, l.delay]));
  const rtts = m.flows.map((f) => f.rtt);
  const upstream = m.flows.map((f) => {
    const at = f.path.indexOf(b.name);
    return f.path.slice(0, Math.max(0, at)).reduce((a, name) => a + (delay.get(name) ?? 0), 0);
  });
  const sumRtt = rtts.reduce((a, x) => a + x, 0);
  const meanRtt = sumRtt / flows;

  const duration = Math.min(durationRange.max, num(m.run.duration) ?? durationRange.def);
  const sp = num(m.run.samplePeriod) ?? samples.def;
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
    alpha: sumRtt > 0 ? Math.min(alpha.max, upstream.reduce((a, x) => a + x, 0) / sumRtt) : alpha.def,
    alphaMax: null,
    queue: queue as FluidQueue,
    exoLoss,
    duration,
    samplePeriod,
  };
  if (rtts.every((r) => r >= delayRange.min && r <= delayRange.max)) params.propDelays = rtts;
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
 * What in a run the fluid model's m identical AIMD flows do not have (null: nothing), in the
 * page's words: a flow with another window rule, flows that pool their windows (an aggregate), or
 * non-TCP traffic.
 */
export function otherThanModelFlows(m: Manifest, specs: readonly ParamSpec[]): string | null {
  const rule = (cc: string) => kindName(specs, 'flows.cc', cc);
  const other = m.flows.filter((f) => f.cc !== FLUID_CC);
  if (other.length === m.flows.length && other.length > 0 && other.every((f) => f.cc === other[0]!.cc))
    return `its flows run ${rule(other[0]!.cc)}; the fluid model's flows follow ${rule(FLUID_CC)} (one more packet per round trip, half on a loss)`;
  if (other.length)
    return `flow ${other[0]!.index} runs ${rule(other[0]!.cc)}; the fluid model's flows are identical, all ${rule(FLUID_CC)}`;
  if (m.flows.some((f) => f.aggregate !== null && f.aggregate !== undefined))
    return 'some flows pool their windows in an aggregate; the fluid model has independent, identical flows';
  if (m.sources > 0) return 'other traffic than the TCP flows shares the link; the fluid model has TCP flows only';
  return null;
}

/** A loss model's rate over time, [[t, p_e], ...] from 0 on (none: [[0, 0]]). */
function lossSteps(l: ManifestLoss | null): [number, number][] {
  if (!l || l.kind === 'none') return [[0, 0]];
  if (l.kind === 'bernoulli') return [[0, num(l.params.rate) ?? l.rate]];
  const steps: [number, number][] = [];
  const raw = l.params.steps;
  if (Array.isArray(raw))
    for (const st of raw)
      if (Array.isArray(st) && typeof st[0] === 'number' && typeof st[1] === 'number') steps.push([st[0], st[1]]);
  steps.sort((a, b) => a[0] - b[0]);
  if (!steps.length || steps[0]![0] > 0) steps.unshift([0, 0]);
  return steps;
}

/**
 * Every flow's exogenous loss over the run, [[t, p_e], ...]: the loss model as built (from
 * `built`, the run's first manifest, once a live change has replaced it) with the live changes of
 * every flow's exogenous loss merged in at their times (a change replaces the model from then on).
 */
export function lossHistory(m: Manifest, built?: Manifest | null): [number, number][] {
  const now = sharedFlowLoss(m);
  const first = now?.source === 'live' ? (built ? sharedFlowLoss(built) : null) : now;
  const steps = lossSteps(first?.source === 'live' ? null : first);
  const changes = m.changes.filter((c) => c.entity === 'flows' && c.key === 'exoLoss').sort((a, b) => a.t - b.t);
  // Steps are in time order and so are the changes: drop from the end, never rescan.
  for (const c of changes) {
    while (steps.length && steps[steps.length - 1]![0] >= c.t) steps.pop();
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
