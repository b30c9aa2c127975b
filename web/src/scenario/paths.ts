// Dotted paths into a scenario document ("queue.maxP", "topology.kind"). Plain objects are
// walked into; arrays and scalars are leaves.
//
// Paths come from links, lessons and embed hosts, so they are hostile input: a segment that
// names a prototype (`__proto__`, `constructor`, `prototype`) is refused everywhere here, only
// own properties are read, and the objects setPath creates have no prototype at all. Without
// that, `#v=1&__proto__.hasOwnProperty=~` deleted Object.prototype.hasOwnProperty.
import type { Json, JsonObject } from '../core/types';

/** Path segments and JSON keys that could reach an object's prototype. */
export const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The first segment of a dotted path that names a prototype, or undefined. */
export function forbiddenSegment(path: string): string | undefined {
  return path.split('.').find((p) => FORBIDDEN_SEGMENTS.has(p));
}

/** Deepest nesting a value read from a link or lesson may have (the scenario needs 4). */
export const MAX_JSON_DEPTH = 8;

/**
 * Why a JSON value from outside may not enter a scenario: a key naming a prototype (JSON.parse
 * makes `"__proto__"` an own key, harmless until some code copies it with `=`), or nesting
 * deeper than `maxDepth`. undefined: fine.
 */
export function jsonProblem(v: unknown, maxDepth = MAX_JSON_DEPTH): string | undefined {
  const walk = (x: unknown, depth: number): string | undefined => {
    if (typeof x !== 'object' || x === null) return undefined;
    if (depth >= maxDepth) return `nested deeper than ${maxDepth} levels`;
    if (Array.isArray(x)) {
      for (const e of x) { const p = walk(e, depth + 1); if (p) return p; }
      return undefined;
    }
    for (const [k, e] of Object.entries(x)) {
      if (FORBIDDEN_SEGMENTS.has(k)) return `key "${k}" is not allowed (it would reach an object's prototype)`;
      const p = walk(e, depth + 1);
      if (p) return p;
    }
    return undefined;
  };
  return walk(v, 0);
}

function own(obj: JsonObject, key: string): Json | undefined {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

export function isPlainObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Leaf values by dotted path, in document order. */
export function flatten(obj: JsonObject, prefix = '', out: Map<string, Json> = new Map()): Map<string, Json> {
  for (const [k, v] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (isPlainObject(v) && Object.keys(v).length > 0) flatten(v, path, out);
    else out.set(path, v);
  }
  return out;
}

export function getPath(obj: JsonObject, path: string): Json | undefined {
  if (forbiddenSegment(path) !== undefined) return undefined;
  let cur: Json | undefined = obj;
  for (const part of path.split('.')) {
    if (!isPlainObject(cur)) return undefined;
    cur = own(cur, part);
  }
  return cur;
}

/**
 * Sets a leaf, creating objects (without prototypes) on the way. Returns false if a non-object
 * is in the way or a segment names a prototype (see forbiddenSegment).
 */
export function setPath(obj: JsonObject, path: string, value: Json): boolean {
  if (forbiddenSegment(path) !== undefined) return false;
  const parts = path.split('.');
  let cur: JsonObject = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!;
    const next: Json | undefined = own(cur, part);
    if (next === undefined) cur[part] = Object.create(null) as JsonObject;
    else if (!isPlainObject(next)) return false;
    cur = cur[part] as JsonObject;
  }
  cur[parts[parts.length - 1]!] = value;
  return true;
}

/** Removes a leaf (and objects left empty by it). Returns whether something was removed. */
export function deletePath(obj: JsonObject, path: string): boolean {
  if (forbiddenSegment(path) !== undefined) return false;
  const parts = path.split('.');
  const chain: JsonObject[] = [obj];
  for (let i = 0; i < parts.length - 1; i++) {
    const next = own(chain[i]!, parts[i]!);
    if (!isPlainObject(next)) return false;
    chain.push(next);
  }
  const last = chain[chain.length - 1]!;
  const leaf = parts[parts.length - 1]!;
  if (!Object.prototype.hasOwnProperty.call(last, leaf)) return false;
  delete last[leaf];
  for (let i = chain.length - 1; i > 0; i--) {
    if (Object.keys(chain[i]!).length === 0) delete chain[i - 1]![parts[i - 1]!];
    else break;
  }
  return true;
}

export function jsonEqual(a: Json | undefined, b: Json | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
