// One flow's own settings (its `flowOverrides` entry): what an entry can set, read from the
// core's specs of the flow group, and how an edited entry goes back into the scenario.
import type { Json, JsonObject, ParamSpec, Scenario } from '../params/types';
import { findSpec, kindsOfGroup, specsOfGroup } from '../params/specs';
import { getPath, isPlainObject } from '../../../wasm-core/js/paths.mjs';
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

/**
 * The objects flow `flow` takes what its entry does not set from, most specific first, read from
 * describe's fallback for the entry's window rule ("topology.flows[flow].cc", then "flows.cc"):
 * each path without its last key, "[flow]" made the flow's index. A graph flow's own entry in
 * topology.flows, then the scenario's flow defaults; a dumbbell has only the defaults. The
 * builders merge a flow's options in this order (wasm-core/src/sim/topology_graph.cpp).
 */
export function inheritedOf(s: Scenario, flow: number, specs: readonly ParamSpec[]): JsonObject[] {
  const paths = findSpec(specs, 'flowOverrides[].cc')?.fallback ?? ['flows.cc'];
  const out: JsonObject[] = [];
  for (const p of paths) {
    const dot = p.lastIndexOf('.');
    const at = dot > 0 ? getPath(s, p.slice(0, dot).replaceAll('[flow]', `[${flow}]`)) : undefined;
    if (isPlainObject(at)) out.push(at);
  }
  return out;
}

/**
 * A value of a flow as it runs: from its entry, else from the first object of `inherited` that
 * sets the field's first key, else the spec's default. The first key decides, as the builders
 * merge whole keys: an entry's ccParams replace the inherited ccParams, they are not mixed.
 */
export function flowValue(
  inherited: readonly JsonObject[],
  entry: JsonObject,
  path: string,
  spec: ParamSpec,
): Json | undefined {
  const top = path.split(/[.[]/)[0]!;
  const from = [entry, ...inherited].find((o) => o[top] !== undefined);
  return (from ? getPath(from, path) : undefined) ?? spec.default;
}

/**
 * Where field `path` of a flow comes from once its entry no longer sets it: "graph" when a graph
 * flow's own entry in topology.flows sets it (the first object of `inherited` that is not the
 * scenario's flow defaults), else "scenario" (the defaults, or the spec's default). The editor's
 * Default button says which, so it does not promise the scenario's value where the flow keeps its own.
 */
export function defaultSource(s: Scenario, inherited: readonly JsonObject[], path: string): 'graph' | 'scenario' {
  const top = path.split(/[.[]/)[0]!;
  const from = inherited.find((o) => o[top] !== undefined);
  return from !== undefined && from !== getPath(s, 'flows') ? 'graph' : 'scenario';
}

/** The window rule a flow runs, given what it inherits (inheritedOf) and its entry. */
export function ccOf(
  inherited: readonly JsonObject[],
  entry: JsonObject,
  specs: readonly ParamSpec[],
): string | undefined {
  const sp = ccSpec(specs);
  const v = sp ? flowValue(inherited, entry, 'cc', sp) : getPath(entry, 'cc');
  return typeof v === 'string' ? v : undefined;
}

/**
 * The entry with window rule `rule` (undefined: the one the flow inherits). The old rule's own
 * parameters go with it. The builders take ccParams whole from the most specific place that has
 * them, so when the flow would inherit ccParams (made for the inherited rule) and `rule` is
 * another, an empty ccParams stands in their place; without it the core would judge the new rule
 * with the old rule's parameters and refuse the entry.
 */
export function withRule(
  entry: JsonObject,
  rule: string | undefined,
  inherited: readonly JsonObject[],
  specs: readonly ParamSpec[],
): JsonObject {
  const { cc: _cc, ccParams: _params, ...rest } = entry;
  if (rule === undefined) return structuredClone(rest);
  const other = rule !== ccOf(inherited, {}, specs) && inherited.some((o) => o.ccParams !== undefined);
  return { ...structuredClone(rest), cc: rule, ...(other ? { ccParams: {} } : {}) };
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
