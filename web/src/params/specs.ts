// Parameter specs: bl_describe() output, normalised, and the one validation rule every
// control, URL key and message uses. Nothing here knows a particular parameter.
import type { Json, ParamSpec } from './types';
import type { CheckProblem } from '../../../wasm-core/js/binding.mjs';
import { displayFamily, humanRange } from './units';

function str(v: unknown, fallback = ''): string {
  return typeof v === 'string' ? v : fallback;
}
function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function normType(t: unknown, options: string[] | undefined, def: unknown): ParamSpec['type'] {
  const s = str(t).toLowerCase();
  if (['int', 'integer', 'uint', 'count', 'u32', 'i32'].includes(s)) return 'integer';
  if (['bool', 'boolean', 'flag'].includes(s)) return 'boolean';
  if (['enum', 'choice', 'select', 'kind'].includes(s) || (options && options.length > 0)) return 'enum';
  if (['string', 'str', 'text'].includes(s)) return 'string';
  if (['array', 'object', 'json'].includes(s)) return 'json';
  if (s === '' && typeof def === 'boolean') return 'boolean';
  if (s === '' && typeof def === 'string') return 'string';
  return 'number';
}

function normOne(raw: Record<string, unknown>, prefix: string): ParamSpec | null {
  const keyPart = str(raw.key) || str(raw.name) || str(raw.path) || str(raw.id);
  if (!keyPart) return null;
  const key = prefix && !keyPart.startsWith(prefix + '.') ? `${prefix}.${keyPart}` : keyPart;
  const optionsRaw = raw.options ?? raw.values ?? raw.choices;
  const options = Array.isArray(optionsRaw)
    ? optionsRaw.map((o) => (typeof o === 'string' ? o : str((o as Record<string, unknown>)?.value, String(o))))
    : undefined;
  const kindsRaw = raw.kinds ?? raw.appliesTo ?? raw.for;
  const kinds = Array.isArray(kindsRaw)
    ? kindsRaw.filter((k): k is string => typeof k === 'string')
    : typeof kindsRaw === 'string'
      ? [kindsRaw]
      : undefined;
  const spec: ParamSpec = {
    key,
    label: str(raw.label) || keyPart.split('.').pop() || keyPart,
    unit: str(raw.unit),
    type: normType(raw.type, options, raw.default),
    default: (raw.default ?? null) as Json,
    help: str(raw.help) || str(raw.description),
    live: raw.live === true || raw.live === 1,
  };
  if (raw.nullable === true) spec.nullable = true;
  const min = num(raw.min);
  const max = num(raw.max);
  if (min !== undefined) spec.min = min;
  if (max !== undefined) spec.max = max;
  if (options) spec.options = options;
  // Each option's name for people, as the core declares it ("newreno" -> "NewReno").
  const labelsRaw = raw.optionLabels;
  if (options && labelsRaw && typeof labelsRaw === 'object' && !Array.isArray(labelsRaw)) {
    const labels = Object.fromEntries(
      Object.entries(labelsRaw as Rec).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    if (Object.keys(labels).length) spec.optionLabels = labels;
  }
  if (kinds && kinds.length) spec.kinds = kinds;
  if (typeof raw.selects === 'string') spec.selects = raw.selects;
  if (typeof raw.entity === 'string') spec.entity = raw.entity;
  if (typeof raw.liveKey === 'string') spec.liveKey = raw.liveKey;
  const display = displayFamily(spec);
  if (display) spec.display = display;
  return spec;
}

/**
 * Each spec list's selector fields by group, found once per list: kindFieldOf runs inside loops
 * over the specs (specsOfGroup, for every control), and scanning the list of about 300 specs
 * each time took about a second of the page's first render on the development machine under
 * load (npm run bench:start). A spec list is not changed once made (normalizeSpecs).
 */
const selectorFields = new WeakMap<readonly ParamSpec[], Map<string, string>>();

/**
 * The field that selects a group's kind ("queue" -> "kind", "flows" -> "cc"), from the selector
 * spec the core states (normalizeSpecs marks it with `selects`); "kind" if none is known.
 */
export function kindFieldOf(specs: readonly ParamSpec[], group: string): string {
  let fields = selectorFields.get(specs);
  if (!fields) {
    fields = new Map();
    for (const s of specs)
      if (s.selects !== undefined) {
        const g = s.key.slice(0, s.key.lastIndexOf('.'));
        if (!fields.has(g)) fields.set(g, s.key.slice(g.length + 1));
      }
    selectorFields.set(specs, fields);
  }
  return fields.get(group) ?? 'kind';
}

/**
 * Where a kind's own parameters sit, relative to the group that selects the kind: "ccParams" for
 * "flows" (the core's group "flows.ccParams", selector "flows.cc"), "" for "queue".
 */
export function kindParamsOf(specs: readonly ParamSpec[], group: string): string {
  // The selector's key once, not once per spec: this runs for every key of a link (issue 28).
  const key = `${group}.${kindFieldOf(specs, group)}`;
  const sel = specs.find((s) => s.key === key && s.selects !== undefined);
  return sel && sel.selects !== group ? sel.selects!.slice(group.length + 1) : '';
}

/** The groups whose kind a field selects: [group, field] pairs ("queue", "kind"), ("flows", "cc"). */
export function kindGroups(specs: readonly ParamSpec[]): [string, string][] {
  return specs
    .filter((s) => s.selects !== undefined)
    .map((s) => [s.key.slice(0, s.key.lastIndexOf('.')), s.key.slice(s.key.lastIndexOf('.') + 1)]);
}

/** The scenario path of a kind's parameter: ("flows", "N") -> "flows.ccParams.N", ("queue", "maxP") -> "queue.maxP". */
export function kindParamPath(specs: readonly ParamSpec[], group: string, leaf: string): string {
  const sub = kindParamsOf(specs, group);
  return sub ? `${group}.${sub}.${leaf}` : `${group}.${leaf}`;
}

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});

/**
 * Normalises bl_describe() output (version 2, wasm-core/src/sim/schema.cpp): `{ groups: { "queue":
 * {selector: "queue.kind", default, kinds: "queue"}, "flows": {specs: [...]}, ... }, kinds: { "queue":
 * {"red": {help, specs}} }, live: {flow, link} }`. Groups are scenario paths. A plain group's
 * specs are keyed by their path ("flows.weight"); a kind's parameters by the group that selects the
 * kind, the kind and the key ("queue.red.maxP", "flows.multcp.N" for the path "flows.ccParams.N"),
 * and the selecting field gets an enum spec (marked `selects`) listing the kinds. Groups inside
 * arrays ("traffic[]", "topology.links[]") have no one scenario path and are left out, but for the
 * `fallback` list of a selector there ("flowOverrides[].cc", see pushFallback); live
 * parameters are keyed "live.flow.X" and "live.link.X". A flat list of specs is accepted as well.
 */
export function normalizeSpecs(raw: unknown): ParamSpec[] {
  const out: ParamSpec[] = [];
  if (Array.isArray(raw)) {
    for (const item of raw)
      if (item && typeof item === 'object') {
        const sp = normOne(item as Rec, '');
        if (sp) out.push(sp);
      }
    return out;
  }
  const doc = rec(raw);
  pushGroups(doc, '', out);
  const live = rec(doc.live);
  pushSpecs(live.flow, 'live.flow', out);
  pushSpecs(live.link, 'live.link', out);
  // The guard rails: "limits.maxFlows", an integer whose default is the limit.
  for (const [name, lRaw] of Object.entries(rec(doc.limits))) {
    const l = rec(lRaw);
    const value = num(l.value);
    if (value === undefined) continue;
    out.push({
      key: `limits.${name}`,
      label: name,
      unit: str(l.unit),
      type: Number.isInteger(value) ? 'integer' : 'number',
      default: value,
      help: str(l.help),
      live: false,
    });
  }
  return out;
}

function pushSpecs(list: unknown, prefix: string, out: ParamSpec[]): void {
  if (!Array.isArray(list)) return;
  for (const item of list) {
    const sp = item && typeof item === 'object' ? normOne(item as Rec, prefix) : null;
    if (sp) out.push(sp);
  }
}

/** A group with no spec of its own in words: "topology.underlayQueue" -> "Underlay queue". */
function ownerWords(owner: string): string {
  const w = (owner.split('.').pop() ?? owner).replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** The groups and kinds of a describe document (or of one of its fluid functions), keys under `prefix`. */
function pushGroups(doc: Rec, prefix: string, out: ParamSpec[]): void {
  const sets = rec(doc.kinds);
  const at = (path: string) => (prefix && path ? `${prefix}.${path}` : prefix || path);
  for (const [path, gRaw] of Object.entries(rec(doc.groups))) {
    const g = rec(gRaw);
    const selector = str(g.selector);
    if (path.includes('[]') || selector.includes('[]')) {
      pushFallback(g, selector, at, out);
      continue;
    }
    if (!selector) {
      pushSpecs(g.specs, at(path), out);
      continue;
    }
    const owner = selector.slice(0, Math.max(0, selector.lastIndexOf('.')));
    const kinds = rec(sets[str(g.kinds)]);
    for (const [kind, k] of Object.entries(kinds)) pushSpecs(rec(k).specs, at(owner ? `${owner}.${kind}` : kind), out);
    const names = Object.keys(kinds);
    const labels = Object.fromEntries(names.map((n) => [n, str(rec(kinds[n]).label) || n]));
    const existing = out.find((sp) => sp.key === at(selector));
    // "Exogenous loss kind": the owner as its own spec labels it ("exoLoss"), not as a key.
    const ownerLabel = out.find((sp) => sp.key === at(owner))?.label;
    const sel: ParamSpec = existing ?? {
      key: at(selector),
      label: `${ownerLabel ?? (owner ? ownerWords(owner) : 'Document')} kind`,
      unit: '',
      type: 'enum',
      default: str(g.default) || (names[0] ?? ''),
      options: names,
      live: false,
      help: names.map((n) => `${labels[n]}: ${str(rec(kinds[n]).help)}`).join('\n'),
    };
    sel.optionLabels = labels;
    sel.optionHelp = Object.fromEntries(names.map((n) => [n, str(rec(kinds[n]).help)]));
    sel.selects = at(path);
    if (!existing) out.push(sel);
  }
}

/**
 * A kind's selector inside an array ("flowOverrides[].cc") that says where its value is read when
 * absent: a spec under the selector's path holding only that list (`fallback`), so the page reads
 * a flow's rule in the order the core does. It selects nothing a control shows.
 */
function pushFallback(g: Rec, selector: string, at: (path: string) => string, out: ParamSpec[]): void {
  const list = Array.isArray(g.fallback) ? g.fallback.filter((x): x is string => typeof x === 'string') : [];
  if (!selector || !list.length) return;
  out.push({
    key: at(selector),
    label: selector.slice(selector.lastIndexOf('.') + 1),
    unit: '',
    type: 'string',
    default: str(g.default),
    help: '',
    live: false,
    fallback: list,
  });
}

/** The fluid model's functions, by the name the worker calls them (FluidFn). */
export type FluidFnName = 'fluid' | 'steady';

/**
 * The fluid model's specs from a describe document's `fluid` section (bl_fluid, bl_fluid_steady),
 * keyed by function and path: "fluid.duration", "steady.capacity", "steady.queue.red.minTh", with
 * "steady.queue.kind" selecting the queue's kind. Kept apart from the scenario's specs: these
 * are parameters of a fluid-model document, not scenario paths.
 */
export function normalizeFluidSpecs(raw: unknown): ParamSpec[] {
  const out: ParamSpec[] = [];
  for (const [name, fRaw] of Object.entries(rec(rec(raw).fluid))) {
    const fn = name === 'bl_fluid' ? 'fluid' : name === 'bl_fluid_steady' ? 'steady' : name;
    pushGroups(rec(fRaw), fn, out);
  }
  return out;
}

/** A guard rail of the core by name ("maxFlows"), from normalizeSpecs' "limits.*" entries. */
export function limitOf(specs: readonly ParamSpec[], name: string): number | undefined {
  const d = specs.find((s) => s.key === `limits.${name}`)?.default;
  return typeof d === 'number' ? d : undefined;
}

export type Validation = { ok: true; value: Json } | { ok: false; message: string };

export function rangeText(spec: ParamSpec): string {
  if (spec.type === 'enum' && spec.options) return `one of ${spec.options.join(', ')}`;
  if (spec.type === 'boolean') return 'true or false';
  const unit = spec.unit ? ` ${spec.unit}` : '';
  const kind = spec.type === 'integer' ? 'a whole number' : 'a number';
  if (spec.min !== undefined && spec.max !== undefined) return `${kind} from ${spec.min} to ${spec.max}${unit}`;
  if (spec.min !== undefined) return `${kind} of at least ${spec.min}${unit}`;
  if (spec.max !== undefined) return `${kind} of at most ${spec.max}${unit}`;
  return kind;
}

/**
 * A value read from text (a URL, an input box) in its spec's type: "true"/"1" for a boolean, a
 * number kept as text for a text field. What cannot be read is returned unchanged: the core's
 * check (bl_check) judges values and ranges, and names what is wrong.
 */
export function coerceValue(spec: ParamSpec, value: unknown): unknown {
  switch (spec.type) {
    case 'boolean':
      if (value === 'true' || value === 1 || value === '1') return true;
      if (value === 'false' || value === 0 || value === '0') return false;
      return value;
    case 'enum':
    case 'string':
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    case 'json':
      return value;
    default: {
      if (value === null || typeof value !== 'string' || value.trim() === '') return value;
      const n = Number(value);
      return Number.isFinite(n) ? n : value;
    }
  }
}

/**
 * Checks (and coerces, for text input) a value against its spec, on the page. Scenario values
 * are the core's to judge (bl_check, bl_set_param's problem); this is for settings the core
 * never judges as such: the sweep form's, read from a link (url/sweepUrl.ts says why).
 */
export function validateValue(spec: ParamSpec, value: unknown): Validation {
  const bad = (): Validation => ({
    ok: false,
    message: `${spec.key}: ${JSON.stringify(value)} is not allowed; expected ${rangeText(spec)}`,
  });
  const v = coerceValue(spec, value);
  switch (spec.type) {
    case 'boolean':
      return typeof v === 'boolean' ? { ok: true, value: v } : bad();
    case 'enum':
      return typeof v === 'string' && (!spec.options || spec.options.includes(v)) ? { ok: true, value: v } : bad();
    case 'string':
      return typeof v === 'string' ? { ok: true, value: v } : bad();
    case 'json':
      return v !== undefined ? { ok: true, value: v as Json } : bad();
    default: {
      if (v === null && (spec.nullable || spec.default === null)) return { ok: true, value: null };
      if (typeof v !== 'number' || !Number.isFinite(v)) return bad();
      if (spec.type === 'integer' && !Number.isInteger(v)) return bad();
      if (spec.min !== undefined && v < spec.min) return bad();
      if (spec.max !== undefined && v > spec.max) return bad();
      return { ok: true, value: v };
    }
  }
}

/**
 * What the page says about a problem the core's check (bl_check) found at a field: the range
 * the core gives, in the field's human units when its spec has them ("Allowed: a number from 0 s
 * to 3600 s"), after the core's own words when the value was not even a number; the options
 * the core lists; else the core's message as it is.
 */
export function problemText(p: CheckProblem, spec?: ParamSpec): string {
  if (p.range) {
    const integer = p.range.integer === true || spec?.type === 'integer';
    const ranged: ParamSpec = {
      ...(spec ?? { key: p.path, label: p.path, default: null, help: '', live: false }),
      unit: spec?.unit ?? p.range.unit,
      type: integer ? 'integer' : 'number',
      min: p.range.min,
      max: p.range.max,
    };
    const allowed = `Allowed: ${ranged.display ? humanRange(ranged) : rangeText(ranged)}`;
    return typeof p.value === 'number' ? allowed : `${p.message}. ${allowed}`;
  }
  if (p.options?.length) return `${p.message}. Allowed: one of ${p.options.join(', ')}`;
  return p.message;
}

/**
 * What a control says when the core refuses a value it was given (a live change): the core's
 * problem (bl_set_param_problem, carried by the refusal) worded by problemText, so in the
 * control's own units as the scenario editor words bl_check's; else the core's words as they are.
 */
export function refusalText(e: Error & { problem?: CheckProblem | null }, spec: ParamSpec): string {
  return e.problem ? problemText(e.problem, spec) : e.message;
}

/** A problem of a field no control shows, as one line: "path: what the core says". */
export function problemLine(p: CheckProblem): string {
  return p.path ? `${p.path}: ${problemText(p)}` : problemText(p);
}

/**
 * Finds the spec of a scenario path. A spec key may name the path directly ("queue.maxP") or
 * with the kind in it ("queue.red.maxP"); `kindOf(prefix)` gives the current kind of a group.
 */
export function findSpec(
  specs: readonly ParamSpec[],
  path: string,
  kindOf?: (group: string) => string | undefined,
): ParamSpec | undefined {
  const direct = specs.filter((s) => s.key === path);
  if (direct.length <= 1 || !kindOf) {
    if (direct.length >= 1) return direct[0];
  }
  const dot = path.lastIndexOf('.');
  let group = dot > 0 ? path.slice(0, dot) : '';
  const leaf = path.slice(dot + 1);
  // "flows.ccParams.N": a parameter of the group's kind, kept in an object of its own.
  const [g0, sub, ...more] = group.split('.');
  const inSub = !!(g0 && sub && !more.length && kindParamsOf(specs, g0) === sub);
  if (inSub) group = g0!;
  else if (kindParamsOf(specs, group) && direct.length === 0) return undefined; // "flows.N" is not where the rule's N lives
  // A top-level field (group "") has no kind to look up.
  const kind = group ? kindOf?.(group) : undefined;
  if (direct.length > 1)
    return direct.find((s) => !s.kinds || (kind !== undefined && s.kinds.includes(kind))) ?? direct[0];
  if (kind !== undefined) return specs.find((s) => s.key === `${group}.${kind}.${leaf}`);
  return undefined;
}

/**
 * The specs that belong to a group ("queue") under its current kind, keyed by their scenario
 * path: "queue.maxP", and for the window rule's own parameters "flows.ccParams.N" (the object
 * "flows.ccParams" itself is left out: its fields are listed one by one).
 */
/**
 * The spec of a kind's parameter under its scenario path, made once per spec and path: a
 * control keeps what is being typed until its spec changes, so a new object on each render
 * (a panel re-rendered by a check's answer) would throw away a value half typed.
 */
const atPath = new WeakMap<ParamSpec, Map<string, ParamSpec>>();
function specAtPath(s: ParamSpec, key: string): ParamSpec {
  let byKey = atPath.get(s);
  if (!byKey) atPath.set(s, (byKey = new Map()));
  let made = byKey.get(key);
  if (!made) byKey.set(key, (made = { ...s, key }));
  return made;
}

export function specsOfGroup(specs: readonly ParamSpec[], group: string, kind: string | undefined): ParamSpec[] {
  const out: ParamSpec[] = [];
  const sub = kindParamsOf(specs, group);
  const selector = `${group}.${kindFieldOf(specs, group)}`;
  for (const s of specs) {
    if (s.key === selector) continue;
    if (sub && s.key === `${group}.${sub}`) continue;
    const rest = s.key.startsWith(group + '.') ? s.key.slice(group.length + 1) : null;
    if (rest === null) continue;
    if (!rest.includes('.')) {
      if (!s.kinds || (kind !== undefined && s.kinds.includes(kind))) out.push(s);
    } else if (kind !== undefined && rest.startsWith(kind + '.') && !rest.slice(kind.length + 1).includes('.')) {
      out.push(specAtPath(s, kindParamPath(specs, group, rest.slice(kind.length + 1))));
    }
  }
  return out;
}

/** The kinds a group ("queue") can take: the options of "queue.kind", else the names in "queue.<kind>.<key>". */
export function kindsOfGroup(specs: readonly ParamSpec[], group: string): string[] {
  const kindSpec = specs.find((s) => s.key === `${group}.${kindFieldOf(specs, group)}`);
  if (kindSpec?.options) return kindSpec.options;
  const kinds = new Set<string>();
  for (const s of specs) {
    if (!s.key.startsWith(group + '.')) continue;
    const parts = s.key.slice(group.length + 1).split('.');
    if (parts.length === 2 && parts[0]) kinds.add(parts[0]);
  }
  return [...kinds];
}
