// Live parameters: which bl_set_param entity/key pairs the UI offers, their current values
// and the labels of the marks a change leaves on the charts. Specs come from bl_describe; what
// the run has (its bottleneck, queue kinds, loss models, the values in force) from its manifest.
import type { Json, Manifest, ManifestLoss, ParamSpec } from '../params/types';
import { formatHuman } from '../params/units';

export interface LiveControl {
  entity: string;
  key: string;
  spec: ParamSpec;
}

/** The link whose queue the live panel offers (the run's bottleneck) and that queue's kind, from the manifest. */
export function liveTarget(m: Manifest | null): { link: string; queueKind: string } | null {
  if (!m?.bottleneck) return null;
  const l = m.links.find((x) => x.name === m.bottleneck);
  return { link: m.bottleneck, queueKind: l?.queue.kind ?? '' };
}

/** Live controls for all flows and the run's bottleneck: flow-level, queue and link parameters. */
export function liveControls(specs: readonly ParamSpec[], m: Manifest | null): LiveControl[] {
  const out: LiveControl[] = [];
  const target = liveTarget(m);
  // Every flow's exogenous loss only where each flow has a loss link of its own (a graph's flows
  // have none: the core refuses the change there, so no control offers it).
  const ownLoss = !!m && m.flows.length > 0 && m.flows.every((f) => f.lossLink !== null);
  for (const spec of specs) {
    if (!spec.live || spec.type === 'boolean') continue;
    if (!spec.key.startsWith('live.flow.')) continue;
    const key = spec.key.slice(10);
    if (key === 'exoLoss' && !ownLoss) continue;
    out.push({ entity: 'flows', key, spec });
  }
  if (!target) return out;
  for (const spec of specs) {
    if (!spec.live) continue;
    const mm = /^queue\.(\w+)\.(\w+)$/.exec(spec.key);
    if (mm && mm[1] === target.queueKind) out.push({ entity: `queue.${target.link}`, key: mm[2]!, spec });
  }
  // A link that follows a delivery trace takes its rate from the trace: the core refuses a rate
  // typed for it, so no box offers one.
  const traced = !!m?.links.find((l) => l.name === target.link)?.trace;
  for (const spec of specs) {
    if (!spec.live || !spec.key.startsWith('live.link.')) continue;
    const key = spec.key.slice(10);
    if (key === 'rate' && traced) continue;
    out.push({ entity: `link.${target.link}`, key, spec });
  }
  return out;
}

/** The per-flow live controls (entity flow.{i}); `active` is a start/stop toggle. */
export function flowLiveSpecs(specs: readonly ParamSpec[]): ParamSpec[] {
  return specs.filter((sp) => sp.live && sp.key.startsWith('live.flow.'));
}

const asNumber = (v: Json | undefined): number =>
  typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : Number.NaN;

/**
 * The value of a live parameter in force now, as the core's manifest has it (a loss schedule's
 * current step included): "flows" and a traced link's "queue.X"/"link.X" from its live values,
 * "flow.N" from that flow's, any other link from its entry. NaN when the run has none.
 */
export function manifestLiveValue(m: Manifest, entity: string, key: string): number {
  const own = m.live[entity];
  if (own && key in own) return asNumber(own[key]);
  if (entity.startsWith('flow.')) {
    const f = m.flows[Number(entity.slice(5))];
    return f ? asNumber(f.live[key as keyof typeof f.live]) : Number.NaN;
  }
  const dot = entity.indexOf('.');
  const link = m.links.find((l) => l.name === entity.slice(dot + 1));
  if (!link) return Number.NaN;
  if (entity.startsWith('queue.')) return asNumber(link.queue.params[key]);
  if (entity.startsWith('link.'))
    return key === 'rate' ? link.rate : key === 'lossRate' ? (link.loss?.rate ?? 0) : Number.NaN;
  return Number.NaN;
}

/**
 * When the run next changes a live value by itself, so that the page reads its manifest again
 * then: a loss schedule's step (the core's nextChange) or a flow's start or stop (its `active`).
 * A start or stop at the account's own time counts until the run has taken it (the first account,
 * at 0 s, comes before the flows starting at 0 s). null: nothing changes by itself any more.
 */
export function nextSelfChange(m: Manifest): number | null {
  let next = m.nextChange ?? Number.POSITIVE_INFINITY;
  for (const f of m.flows) {
    if (f.start > m.now || (f.start === m.now && !f.live.active)) next = Math.min(next, f.start);
    if (f.stop !== null && (f.stop > m.now || (f.stop === m.now && f.live.active))) next = Math.min(next, f.stop);
  }
  return Number.isFinite(next) ? next : null;
}

/** The loss model all flows share (the scenario's exoLoss, as built), or null when they have none or differ. */
export function sharedFlowLoss(m: Manifest): ManifestLoss | null {
  let shared: ManifestLoss | null = null;
  for (const f of m.flows) {
    const l = f.lossLink ? (m.links.find((x) => x.name === f.lossLink)?.loss ?? null) : null;
    if (!l || l.source !== (shared?.source ?? l.source) || l.kind !== (shared?.kind ?? l.kind)) return null;
    shared = l;
  }
  return shared;
}

/** A loss schedule's steps, [[t, rate], ...] (empty for other models). */
export function scheduleSteps(l: ManifestLoss | null): [number, number][] {
  const steps = l?.kind === 'schedule' ? l.params.steps : undefined;
  if (!Array.isArray(steps)) return [];
  return steps.filter(
    (st): st is [number, number] => Array.isArray(st) && typeof st[0] === 'number' && typeof st[1] === 'number',
  );
}

function scheduleRate(steps: [number, number][], t: number): number {
  let rate = 0;
  for (const [at, r] of steps) if (at <= t) rate = r;
  return rate;
}

/** A value for people: an on/off flag as on or off, probabilities as percentages, rates in Mb/s, else with the unit. */
export function formatValue(
  v: number,
  spec: (Pick<ParamSpec, 'unit' | 'max' | 'key' | 'display'> & { type?: ParamSpec['type'] }) | undefined,
): string {
  if (Number.isNaN(v)) return '?';
  if (spec?.type === 'boolean') return v !== 0 ? 'on' : 'off';
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

/** The spec of a live entity/key pair (a queue's from the kind the run built at that link). */
export function specForLive(
  specs: readonly ParamSpec[],
  m: Manifest | null,
  entity: string,
  key: string,
): ParamSpec | undefined {
  if (entity === 'flows' || entity.startsWith('flow.')) return specs.find((sp) => sp.key === `live.flow.${key}`);
  if (entity.startsWith('link.')) return specs.find((sp) => sp.key === `live.link.${key}`);
  if (entity.startsWith('queue.')) {
    const kind = m?.links.find((l) => l.name === entity.slice('queue.'.length))?.queue.kind;
    return kind ? specs.find((sp) => sp.key === `queue.${kind}.${key}`) : undefined;
  }
  return undefined;
}

/** Marks for the steps of the flows' loss schedule, as the run has it ("exogenous loss 0% -> 1%" at 20 s). */
export function scheduleMarks(specs: readonly ParamSpec[], m: Manifest): { t: number; label: string }[] {
  const steps = scheduleSteps(sharedFlowLoss(m));
  const spec = specs.find((sp) => sp.key === 'live.flow.exoLoss');
  const out: { t: number; label: string }[] = [];
  for (const [t, r] of steps) {
    if (t <= 0) continue;
    const before = scheduleRate(steps, t - 1e-9);
    if (before !== r) out.push({ t, label: changeLabel(spec, 'flows', 'exoLoss', before, r) });
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
 * A loss model in words, true to what the run does: the live value once a live change replaced
 * the model ("2% (set live)"), a schedule's steps ("0% -> 1% at 20 s -> 5% at 40 s", with the
 * step in force now when `now` is asked for), a rate; null for no loss.
 */
export function lossText(specs: readonly ParamSpec[], l: ManifestLoss | null, now = false): string | null {
  if (!l) return null;
  const spec = specs.find((sp) => sp.key === 'live.flow.exoLoss');
  const fmt = (v: number) => formatValue(v, spec ?? { unit: '', max: 1, key: 'loss' });
  if (l.source === 'live') return `${fmt(l.rate)} (set live)`;
  const steps = scheduleSteps(l);
  if (steps.length) {
    const parts: string[] = [fmt(scheduleRate(steps, 0))];
    for (const [t, r] of steps) if (t > 0) parts.push(`${fmt(r)} at ${t} s`);
    return parts.join(' -> ') + (now && Number.isFinite(l.rate) ? ` (now ${fmt(l.rate)})` : '');
  }
  const rate = asNumber(l.kind === 'bernoulli' ? (l.params.rate ?? l.rate) : l.rate);
  if (l.kind === 'bernoulli') return rate > 0 ? fmt(rate) : null;
  if (l.kind === 'none') return null;
  return Number.isFinite(rate) ? `${fmt(rate)} on average, in bursts` : 'in bursts';
}

/** The topology's loss label from the manifest ("exogenous loss: 0% -> 1% at 20 s -> 5% at 40 s"); null: none. */
export function exoLossText(specs: readonly ParamSpec[], m: Manifest): string | null {
  const t = lossText(specs, sharedFlowLoss(m));
  return t ? `exogenous loss: ${t}` : null;
}
