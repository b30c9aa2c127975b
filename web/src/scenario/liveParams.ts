// Live parameters: which bl_set_param entity/key pairs the UI offers, their current values
// and the labels of the marks a change leaves on the charts. Specs come from bl_describe.
import type { Json, ParamSpec, Scenario } from '../core/types';
import { findSpec } from '../core/specs';
import { kindIn } from './changeKind';
import { formatHuman } from '../core/units';
import { getPath, isPlainObject } from './paths.mjs';

export interface LiveControl {
  entity: string;
  key: string;
  spec: ParamSpec;
}

/** The link whose queue is "the" queue of the scenario (docs/scenario.md link names). */
export function bottleneckLink(s: Scenario): string {
  const kind = getPath(s, 'topology.kind');
  if (kind === 'chain') return 'AB';
  if (kind === 'graph') {
    const links = getPath(s, 'topology.links');
    const first = Array.isArray(links)
      ? (links.find((l) => isPlainObject(l) && isPlainObject(l.queue)) ?? links[0])
      : undefined;
    return isPlainObject(first) && typeof first.name === 'string' ? first.name : 'bottleneck';
  }
  return 'bottleneck';
}

/** The queue object of a graph topology's link by name (undefined for other topologies). */
function graphQueue(s: Scenario, link: string): Record<string, Json> | undefined {
  if (getPath(s, 'topology.kind') !== 'graph') return undefined;
  const links = getPath(s, 'topology.links');
  const l = Array.isArray(links) ? links.find((x) => isPlainObject(x) && x.name === link) : undefined;
  return isPlainObject(l) && isPlainObject(l.queue) ? l.queue : undefined;
}

/** Live controls for all flows and the bottleneck: flow-level, queue and link parameters. */
export function liveControls(specs: readonly ParamSpec[], s: Scenario): LiveControl[] {
  const out: LiveControl[] = [];
  const link = bottleneckLink(s);
  const queueKind = kindIn(specs, s)('queue');
  for (const spec of specs) {
    if (!spec.live || spec.type === 'boolean') continue;
    if (spec.key.startsWith('live.flow.')) out.push({ entity: 'flows', key: spec.key.slice(10), spec });
  }
  for (const spec of specs) {
    if (!spec.live) continue;
    const m = /^queue\.(\w+)\.(\w+)$/.exec(spec.key);
    if (m && m[1] === queueKind) out.push({ entity: `queue.${link}`, key: m[2]!, spec });
  }
  for (const spec of specs) {
    if (spec.live && spec.key.startsWith('live.link.'))
      out.push({ entity: `link.${link}`, key: spec.key.slice(10), spec });
  }
  return out;
}

/** The per-flow live controls (entity flow.{i}); `active` is a start/stop toggle. */
export function flowLiveSpecs(specs: readonly ParamSpec[]): ParamSpec[] {
  return specs.filter((sp) => sp.live && sp.key.startsWith('live.flow.'));
}

function scheduleRate(steps: Json | undefined, t: number): number {
  let rate = 0;
  if (Array.isArray(steps)) {
    for (const st of steps)
      if (Array.isArray(st) && typeof st[0] === 'number' && typeof st[1] === 'number' && st[0] <= t) rate = st[1];
  }
  return rate;
}

/** Exogenous loss rate of the scenario's loss model at time t (NaN if not a plain rate). */
export function exoLossAt(s: Scenario, t: number): number {
  const kind = getPath(s, 'exoLoss.kind') ?? 'none';
  if (kind === 'none') return 0;
  if (kind === 'bernoulli') {
    const r = getPath(s, 'exoLoss.rate');
    return typeof r === 'number' ? r : 0;
  }
  if (kind === 'schedule') return scheduleRate(getPath(s, 'exoLoss.steps'), t);
  return Number.NaN;
}

/** The value a live parameter has in the scenario as written, at simulated time t. */
export function initialLiveValue(
  specs: readonly ParamSpec[],
  s: Scenario,
  entity: string,
  key: string,
  t: number,
): number {
  const num = (v: Json | undefined): number | undefined =>
    typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : undefined;
  const liveDefault = num(
    specs.find((sp) => sp.key === `live.${entity.split('.')[0] === 'link' ? 'link' : 'flow'}.${key}`)?.default,
  );
  if (entity === 'flows' || entity.startsWith('flow.')) {
    if (key === 'exoLoss') return exoLossAt(s, t);
    const i = Number(entity.slice(5));
    const ov = getPath(s, 'flowOverrides');
    const o = entity === 'flows' || !Array.isArray(ov) ? undefined : ov.find((x) => isPlainObject(x) && x.flow === i);
    return num(isPlainObject(o) ? o[key] : undefined) ?? num(getPath(s, `flows.${key}`)) ?? liveDefault ?? Number.NaN;
  }
  if (entity.startsWith('queue.')) {
    // A graph's link carries its own queue; other topologies share the scenario's `queue`.
    const own = graphQueue(s, entity.slice('queue.'.length));
    const kinds = own
      ? (g: string) => (g === 'queue' && typeof own.kind === 'string' ? own.kind : kindIn(specs, s)(g))
      : kindIn(specs, s);
    const spec = findSpec(specs, `queue.${key}`, kinds);
    return num(own ? own[key] : getPath(s, `queue.${key}`)) ?? num(spec?.default) ?? Number.NaN;
  }
  if (entity.startsWith('link.')) {
    if (key === 'rate') return linkRate(specs, s, entity.slice('link.'.length));
    if (key === 'lossRate') return 0;
  }
  return liveDefault ?? Number.NaN;
}

const CHAIN_LINKS = ['AB', 'BC', 'CD'];

/**
 * A link's rate as the scenario writes it: the dumbbell's bottleneck rate, a chain's hop rate
 * (`rates`, A-B first), a graph link's own `rate` (NaN when the scenario does not say).
 */
function linkRate(specs: readonly ParamSpec[], s: Scenario, link: string): number {
  const kind = getPath(s, 'topology.kind');
  if (kind === 'chain') {
    const rates = getPath(s, 'topology.rates');
    const v = Array.isArray(rates) ? rates[CHAIN_LINKS.indexOf(link)] : undefined;
    return typeof v === 'number' ? v : Number.NaN;
  }
  if (kind === 'graph') {
    const links = getPath(s, 'topology.links');
    const l = Array.isArray(links) ? links.find((x) => isPlainObject(x) && x.name === link) : undefined;
    return isPlainObject(l) && typeof l.rate === 'number' ? l.rate : Number.NaN;
  }
  const v = getPath(s, 'topology.bottleneckRate');
  if (typeof v === 'number') return v;
  const d = findSpec(specs, 'topology.bottleneckRate', kindIn(specs, s))?.default;
  return typeof d === 'number' ? d : Number.NaN;
}

/** A value for people: probabilities as percentages, rates in Mb/s, else with the unit. */
export function formatValue(v: number, spec: Pick<ParamSpec, 'unit' | 'max' | 'key' | 'display'> | undefined): string {
  if (Number.isNaN(v)) return '?';
  if (spec?.display) return formatHuman(v, spec);
  const unit = spec?.unit ?? '';
  if (unit === '' && spec?.max === 1 && /loss|rate|P$/i.test(spec.key)) return `${+(v * 100).toPrecision(3)}%`;
  if (unit === 'bit/s') return v >= 1e6 ? `${+(v / 1e6).toPrecision(4)} Mb/s` : `${+(v / 1e3).toPrecision(4)} kb/s`;
  return `${+v.toPrecision(4)}${unit ? ' ' + unit : ''}`;
}

/** "exogenous loss 1% -> 5%", "flow 3 weight 1 -> 2", "bottleneck queue maxP 0.1 -> 0.2". */
export function changeLabel(
  spec: ParamSpec | undefined,
  entity: string,
  key: string,
  from: number,
  to: number,
): string {
  const what = (spec?.label ?? key).toLowerCase();
  const where =
    entity === 'flows'
      ? ''
      : entity.startsWith('flow.')
        ? `flow ${entity.slice(5)} `
        : `${entity.split('.').slice(1).join('.')} `;
  const s = spec ?? { unit: '', key };
  return `${where}${what} ${formatValue(from, s)} -> ${formatValue(to, s)}`;
}

/** The spec of a live entity/key pair. */
export function specForLive(
  specs: readonly ParamSpec[],
  s: Scenario,
  entity: string,
  key: string,
): ParamSpec | undefined {
  if (entity === 'flows' || entity.startsWith('flow.')) return specs.find((sp) => sp.key === `live.flow.${key}`);
  if (entity.startsWith('link.')) return specs.find((sp) => sp.key === `live.link.${key}`);
  if (entity.startsWith('queue.')) return findSpec(specs, `queue.${key}`, kindIn(specs, s));
  return undefined;
}

/** Marks for the steps of a scheduled exogenous loss ("exogenous loss 0% -> 1%" at 20 s). */
export function scheduleMarks(specs: readonly ParamSpec[], s: Scenario): { t: number; label: string }[] {
  if (getPath(s, 'exoLoss.kind') !== 'schedule') return [];
  const steps = getPath(s, 'exoLoss.steps');
  if (!Array.isArray(steps)) return [];
  const spec = specs.find((sp) => sp.key === 'live.flow.exoLoss');
  const out: { t: number; label: string }[] = [];
  for (const st of steps) {
    if (!Array.isArray(st) || typeof st[0] !== 'number' || typeof st[1] !== 'number' || st[0] <= 0) continue;
    const before = scheduleRate(steps, st[0] - 1e-9);
    if (before !== st[1]) out.push({ t: st[0], label: changeLabel(spec, 'flows', 'exoLoss', before, st[1]) });
  }
  return out;
}

/** Whether a live change replaces the scenario's loss schedule (exogenous loss of all flows). */
export function replacesSchedule(entity: string, key: string): boolean {
  return entity === 'flows' && key === 'exoLoss';
}

export function isScheduleMark(m: { schedule?: boolean }): boolean {
  return m.schedule === true;
}

/**
 * The topology's loss label, true to what the run does: the live value once a live change
 * replaced the model, else the schedule's steps ("0% -> 1% at 20 s -> 5% at 40 s") or the rate.
 */
export function exoLossText(specs: readonly ParamSpec[], s: Scenario, live: number | undefined): string | null {
  const spec = specs.find((sp) => sp.key === 'live.flow.exoLoss');
  const fmt = (v: number) => formatValue(v, spec ?? { unit: '', max: 1, key: 'loss' });
  if (live !== undefined) return `exogenous loss: ${fmt(live)} (set live)`;
  const kind = getPath(s, 'exoLoss.kind');
  if (!kind || kind === 'none') return null;
  if (kind === 'schedule') {
    const steps = getPath(s, 'exoLoss.steps');
    const parts: string[] = [fmt(exoLossAt(s, 0))];
    if (Array.isArray(steps)) {
      for (const st of steps)
        if (Array.isArray(st) && typeof st[0] === 'number' && st[0] > 0 && typeof st[1] === 'number')
          parts.push(`${fmt(st[1])} at ${st[0]} s`);
    }
    return `exogenous loss: ${parts.join(' -> ')}`;
  }
  const r = exoLossAt(s, 0);
  return `exogenous loss: ${Number.isNaN(r) ? String(kind) : fmt(r)}`;
}
