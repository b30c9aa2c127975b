// A scenario field and its value as a student reads them: by the page's label and in human
// units ("Bottleneck rate", "16 Mb/s", "NewReno"), never by its path and SI number
// ("topology.bottleneckRate", 16000000, "newreno"). Notices (a repaired link, a lock), the print
// summary and host-message refusals word fields through here; raw JSON and exports keep the keys.
import type { Json, JsonObject, ParamSpec } from '../params/types';
import { findSpec, kindFieldOf } from '../params/specs';
import { paramText } from '../params/units';
import { getPath, isPlainObject, pathKeys } from '../../../wasm-core/js/paths.mjs';

/** A scenario, or any document being repaired (read only). */
type Doc = JsonObject;

/** Where in a scenario an indexed entry's fields are described, and how the entry is named. */
interface Entry {
  /** The group whose specs describe the entry's fields ("flows" for a flowOverrides entry). */
  group: string;
  /** "Flow 3", "Link AB", "Traffic source 1". */
  name: string;
}

function entryOf(s: Doc | null, keys: (string | number)[]): { entry: Entry; rest: (string | number)[] } | null {
  const [a, b, c] = keys;
  const at = (path: (string | number)[]) => (s ? getPath(s, pathText(path)) : undefined);
  if (a === 'flowOverrides' && typeof b === 'number') {
    const own = at([a, b]);
    const flow = isPlainObject(own) ? own.flow : undefined;
    const which =
      typeof flow === 'number' ? `Flow ${flow}` : Array.isArray(flow) ? `Flows ${flow.join(', ')}` : 'A flow';
    return { entry: { group: 'flows', name: which }, rest: keys.slice(2) };
  }
  if (a === 'topology' && b === 'flows' && typeof c === 'number')
    return { entry: { group: 'flows', name: `Flow ${c}` }, rest: keys.slice(3) };
  if (a === 'topology' && b === 'links' && typeof c === 'number') {
    const own = at([a, b, c]);
    const name = isPlainObject(own) && typeof own.name === 'string' ? own.name : String(c + 1);
    return { entry: { group: 'topology.links', name: `Link ${name}` }, rest: keys.slice(3) };
  }
  if (a === 'traffic' && typeof b === 'number')
    return { entry: { group: 'traffic', name: `Traffic source ${b + 1}` }, rest: keys.slice(2) };
  if (a === 'aggregates' && typeof b === 'number')
    return { entry: { group: 'aggregates', name: `Aggregate ${b + 1}` }, rest: keys.slice(2) };
  return null;
}

function pathText(keys: (string | number)[]): string {
  let out = '';
  for (const k of keys) out += typeof k === 'number' ? `[${k}]` : out ? `.${k}` : k;
  return out;
}

/**
 * The spec of a scenario path, the kinds read where the path's entry has them (a flowOverrides
 * entry's own cc, else the scenario's), array indices looked through ("topology.rates[1]").
 */
export function fieldSpec(specs: readonly ParamSpec[], s: Doc | null, path: string): ParamSpec | undefined {
  let keys: (string | number)[];
  try {
    keys = pathKeys(path) as (string | number)[];
  } catch {
    return undefined;
  }
  const kindOf = (base: (string | number)[], group: string) => {
    const field = kindFieldOf(specs, group);
    const own = s ? getPath(s, pathText([...base, field])) : undefined;
    const top = s ? getPath(s, `${group}.${field}`) : undefined;
    const v = own ?? top ?? specs.find((sp) => sp.key === `${group}.${field}`)?.default;
    return typeof v === 'string' ? v : undefined;
  };
  const hit = entryOf(s, keys);
  if (hit) {
    const base = keys.slice(0, keys.length - hit.rest.length);
    // A link's queue and loss are the scenario's queue and exoLoss groups.
    let group = hit.entry.group;
    let rest = hit.rest.filter((k): k is string => typeof k === 'string');
    if (group === 'topology.links' && (rest[0] === 'queue' || rest[0] === 'loss')) {
      group = rest[0] === 'queue' ? 'queue' : 'exoLoss';
      base.push(rest[0]);
      rest = rest.slice(1);
    }
    const full = `${group}.${rest.join('.')}`;
    return findSpec(specs, full, (g) => (g === group ? kindOf(base, group) : kindOf([g], g)));
  }
  const plain = keys.filter((k): k is string => typeof k === 'string').join('.');
  return findSpec(specs, plain, (g) => kindOf(g.split('.'), g));
}

/** A field by the page's label: "Bottleneck rate", "Flow 2: Weight", "Link AB: Buffer", "Link rates (hop 2)". */
export function fieldName(specs: readonly ParamSpec[], s: Doc | null, path: string): string {
  let keys: (string | number)[];
  try {
    keys = pathKeys(path) as (string | number)[];
  } catch {
    return path;
  }
  if (!keys.length) return 'The scenario';
  const spec = fieldSpec(specs, s, path);
  const hit = entryOf(s, keys);
  // A field no spec describes (a key the link made up) keeps the name it was written with.
  if (hit) return hit.rest.length ? `${hit.entry.name}: ${spec?.label ?? pathText(hit.rest)}` : hit.entry.name;
  if (!spec) return path;
  const last = keys[keys.length - 1];
  return typeof last === 'number' ? `${spec.label} (${last + 1}${ordinal(last + 1)})` : spec.label;
}

function ordinal(n: number): string {
  const t = n % 100;
  if (t >= 11 && t <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

/** A field's value as the page shows it: "16 Mb/s", "NewReno", "on"; a list or object as JSON cut short. */
export function fieldValue(specs: readonly ParamSpec[], s: Doc | null, path: string, v: Json): string {
  const spec = fieldSpec(specs, s, path);
  // A loss schedule ([s, rate] pairs) as the page writes it: "0% at 0 s -> 1% at 20 s".
  if (spec?.unit === '[s, rate]' && Array.isArray(v) && v.every((x) => Array.isArray(x) && x.length === 2))
    return (v as [Json, Json][])
      .map(([t, r]) => `${+(Number(r) * 100).toPrecision(4)}% at ${String(t)} s`)
      .join(' -> ');
  return paramText(v, spec, 60);
}
