// One flow's own settings (its `flowOverrides` entry): what an entry can set, read from the
// core's specs of the flow group, and how an edited entry goes back into the scenario.
import type { Json, JsonObject, ParamSpec, Scenario } from '../core/types';
import { findSpec, kindsOfGroup, specsOfGroup } from '../core/specs';
import { getPath, isPlainObject } from './paths.mjs';
import { cloneScenario } from './presets';

/** Flow-group fields an override cannot set: the count, and the spread of start times (defaults only). */
const NOT_PER_FLOW = new Set(['count', 'startSpread']);

export interface OverrideField {
  /** Path inside the entry: "start", "ccParams.N". */
  path: string;
  /** The spec, keyed by the scenario-wide path ("flows.start", "flows.ccParams.N"). */
  spec: ParamSpec;
}

/** The window-rule field of the flow group ("flows.cc"), with the rules the core has. */
export function ccSpec(specs: readonly ParamSpec[]): ParamSpec | undefined {
  const sp = findSpec(specs, 'flows.cc');
  if (!sp) return undefined;
  return sp.options ? sp : { ...sp, type: 'enum', options: kindsOfGroup(specs, 'flows') };
}

/**
 * What a flow's entry can set besides its window rule, under rule `cc`: the flow fields that are
 * not live (weight and deadline are set live in the flow table), then the rule's own parameters.
 */
export function overrideFields(specs: readonly ParamSpec[], cc: string | undefined): OverrideField[] {
  const out: OverrideField[] = [];
  for (const spec of specsOfGroup(specs, 'flows', cc)) {
    const path = spec.key.slice('flows.'.length);
    if (NOT_PER_FLOW.has(path) || spec.live || spec.type === 'json') continue;
    out.push({ path, spec });
  }
  return out;
}

/** Flow `flow`'s entry without its index ({} when it has none). */
export function overrideOf(s: Scenario, flow: number): JsonObject {
  const list = getPath(s, 'flowOverrides');
  const own = Array.isArray(list) ? list.find((o) => isPlainObject(o) && o.flow === flow) : undefined;
  if (!isPlainObject(own)) return {};
  const { flow: _index, ...rest } = own;
  return structuredClone(rest);
}

/** A value of flow `flow` as it runs: its own, else the scenario's flow default, else the spec's. */
export function flowValue(s: Scenario, entry: JsonObject, path: string, spec: ParamSpec): Json | undefined {
  return getPath(entry, path) ?? getPath(s, `flows.${path}`) ?? spec.default;
}

/** The window rule flow `flow` runs. */
export function ccOf(s: Scenario, entry: JsonObject, specs: readonly ParamSpec[]): string | undefined {
  const sp = ccSpec(specs);
  const v = sp ? flowValue(s, entry, 'cc', sp) : getPath(entry, 'cc');
  return typeof v === 'string' ? v : undefined;
}

/**
 * Each flow's window rule ("bbr", "cubic"), by flow index, when the run's flows do not all run the
 * same one (null when they do, or there are none): the legends name them, so a chart of BBR
 * against CUBIC says which line is which. A graph's flow may name its own rule.
 */
export function flowRules(specs: readonly ParamSpec[], s: Scenario, flowCount: number): string[] | null {
  const rules: string[] = [];
  for (let i = 0; i < flowCount; i++) {
    const own = getPath(s, `topology.flows[${i}].cc`);
    rules.push(typeof own === 'string' ? own : (ccOf(s, overrideOf(s, i), specs) ?? '?'));
  }
  return rules.length > 1 && rules.some((r) => r !== rules[0]) ? rules : null;
}

/**
 * The scenario with flow `flow`'s entry replaced by `entry` (an empty entry removes it, and an
 * empty list the key). Other flows' entries keep their place.
 */
export function withOverride(s: Scenario, flow: number, entry: JsonObject): Scenario {
  const n = cloneScenario(s);
  const list = (Array.isArray(n.flowOverrides) ? n.flowOverrides : []).filter(
    (o) => !(isPlainObject(o) && o.flow === flow),
  );
  const at = Array.isArray(n.flowOverrides)
    ? n.flowOverrides.findIndex((o) => isPlainObject(o) && o.flow === flow)
    : -1;
  if (Object.keys(entry).length) {
    const own: JsonObject = { flow, ...entry };
    if (at >= 0) list.splice(at, 0, own);
    else list.push(own);
  }
  if (list.length) n.flowOverrides = list;
  else delete n.flowOverrides;
  return n;
}
