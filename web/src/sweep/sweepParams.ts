// Which scenario paths a sweep can vary, from the core's parameter specs: every number of the
// flows (for one flow k through its flowOverrides entry, or for all flows), of the window
// rules' ccParams, of a queue / loss model / topology kind, and of the scenario itself.
import type { Manifest, ParamSpec, Scenario } from '../params/types';
import { findSpec, kindFieldOf, kindGroups, rangeText } from '../params/specs';
import { flowRule } from './aggregate';
import { DEFAULT_SWEEP, type SweepConfig } from './sweepConfig';

export interface SweepParam {
  path: string;
  label: string;
  spec: ParamSpec;
  /** What the path needs as a fixed change: a kind ("exoLoss.kind=bernoulli") or a new override entry's flow. */
  needs?: string;
}

/**
 * The flowOverrides index of flow k's entry in `base`, or a new entry's index with the change
 * that makes it flow k's (an entry's array index is not its flow number).
 */
export function overrideSlot(base: Scenario, flow: number): { index: number; needs?: string } {
  const list = Array.isArray(base.flowOverrides) ? base.flowOverrides : [];
  const i = list.findIndex((o) => o !== null && typeof o === 'object' && !Array.isArray(o) && o.flow === flow);
  if (i >= 0) return { index: i };
  return list.length === flow
    ? { index: flow }
    : { index: list.length, needs: `flowOverrides[${list.length}].flow=${flow}` };
}

/** Scenario-wide keys the sweep form sets by itself, or that make no sense to sweep. */
const OWN = new Set(['version', 'seed', 'duration', 'measureFrom']);

export function sweepableParams(specs: readonly ParamSpec[], flow: number, base: Scenario): SweepParam[] {
  const out: SweepParam[] = [];
  const slot = overrideSlot(base, flow);
  const own = (rest: string) => `flowOverrides[${slot.index}].${rest}`;
  const needs = slot.needs ? { needs: slot.needs } : {};
  // ccParams of the rule flow k (and of all flows) uses in the base: lasd's N is not multcp's N.
  const ownCc = flowRule(base, flow).cc;
  const allCc = flowRule(base, null).cc;
  for (const spec of specs) {
    if (spec.type !== 'number' && spec.type !== 'integer') continue;
    const parts = spec.key.split('.');
    if (parts.length === 1) {
      if (!OWN.has(spec.key)) out.push({ path: spec.key, label: spec.label, spec });
    } else if (parts[0] === 'flows' && parts.length === 2) {
      out.push({ path: own(parts[1]!), label: `flow ${flow}: ${spec.label}`, spec, ...needs });
      out.push({ path: spec.key, label: `all flows: ${spec.label}`, spec });
    } else if (parts[0] === 'flows' && parts.length === 3) {
      const [, cc, leaf] = parts;
      if (cc === ownCc)
        out.push({ path: own(`ccParams.${leaf}`), label: `flow ${flow}: ${cc} ${spec.label}`, spec, ...needs });
      if (cc === allCc) out.push({ path: `flows.ccParams.${leaf}`, label: `all flows: ${cc} ${spec.label}`, spec });
    } else if (parts.length === 3 && kindGroups(specs).some(([g]) => g === parts[0])) {
      const [group, kind, leaf] = parts as [string, string, string];
      out.push({
        path: `${group}.${leaf}`,
        label: `${group} (${kind}): ${spec.label}`,
        spec,
        needs: `${group}.${kindFieldOf(specs, group)}=${kind}`,
      });
    }
  }
  return out;
}

/** The spec line shown under the swept path: label, unit and allowed range. */
export function describeParam(p: SweepParam | undefined): string {
  if (!p) return 'no parameter spec for this path: the core checks each value when its run is created';
  return `${p.spec.label}${p.spec.unit ? ` (${p.spec.unit})` : ''}: ${rangeText(p.spec)}. ${p.spec.help}`;
}

/** Swept values of the default buffer sweep: this many, from a tenth of the buffer to four times it. */
const BUFFER_POINTS = 6;

/**
 * The sweep the Sweep button opens, for the run on screen: its scenario as the base, and, as the
 * run's manifest has them (`m`; the scenario's own values before the run exists), its duration,
 * measured window, window rule, queue kind and buffer (a live change included), and a question
 * that makes sense for it. Weighted and
 * loss-adaptive AIMD (sd, lasd) get the papers' sweep: flow k's weight, sd against lasd. Any
 * other run sweeps its own queue's buffer (that queue discipline, from a tenth of the buffer
 * to four times it) and plots Jain's index over the measured window.
 */
export function sweepFor(base: Scenario, specs: readonly ParamSpec[], m: Manifest | null = null): SweepConfig {
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  const specDefault = (key: string, d: number) => num(findSpec(specs, key)?.default, d);
  // What the run is, from its manifest (as built, live changes included); the scenario only
  // before the run exists.
  const b = m?.links.find((l) => l.name === m.bottleneck);
  const duration = num(m?.run.duration, num(base.duration, specDefault('duration', DEFAULT_SWEEP.duration)));
  const from = num(m?.run.measureFrom, num(base.measureFrom, 0));
  const common = { ...DEFAULT_SWEEP, base: 'current', duration, measureFrom: from < duration ? from : 0, flow: 0 };
  const cc = m?.flows[0]?.cc ?? flowRule(base, null).cc;
  if (cc === 'sd' || cc === 'lasd') {
    const slot = overrideSlot(base, 0);
    return { ...common, param: `flowOverrides[${slot.index}].weight`, fixed: slot.needs ?? '' };
  }
  const field = kindFieldOf(specs, 'queue');
  const q = base.queue !== null && typeof base.queue === 'object' && !Array.isArray(base.queue) ? base.queue : {};
  const kindDefault = findSpec(specs, `queue.${field}`)?.default;
  const kind =
    b?.queue.kind ??
    (typeof q[field] === 'string' ? q[field] : typeof kindDefault === 'string' ? kindDefault : 'droptail');
  const bufferSpec = findSpec(specs, `queue.${kind}.buffer`) ?? findSpec(specs, 'queue.buffer');
  const buffer = num(b?.buffer, num(q.buffer, num(bufferSpec?.default, 100)));
  const lo = Math.max(bufferSpec?.min ?? 1, Math.round(buffer / 10));
  const hi = Math.min(bufferSpec?.max ?? Number.POSITIVE_INFINITY, Math.round(buffer * 4));
  return {
    ...common,
    param: 'queue.buffer',
    values: `${lo}:${hi}:${BUFFER_POINTS}`,
    log: true,
    series: '',
    seriesValues: '',
    fixed: `queue.${field}=${kind}`,
    measure: 'jain',
  };
}
