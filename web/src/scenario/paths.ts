// Dotted paths into a scenario document ("queue.maxP", "topology.kind"). Plain objects are
// walked into; arrays and scalars are leaves.
import type { Json, JsonObject } from '../core/types';

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
  let cur: Json | undefined = obj;
  for (const part of path.split('.')) {
    if (!isPlainObject(cur)) return undefined;
    cur = cur[part];
  }
  return cur;
}

/** Sets a leaf, creating objects on the way. Returns false if a non-object is in the way. */
export function setPath(obj: JsonObject, path: string, value: Json): boolean {
  const parts = path.split('.');
  let cur: JsonObject = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!;
    const next: Json | undefined = cur[part];
    if (next === undefined) cur[part] = {};
    else if (!isPlainObject(next)) return false;
    cur = cur[part] as JsonObject;
  }
  cur[parts[parts.length - 1]!] = value;
  return true;
}

/** Removes a leaf (and objects left empty by it). Returns whether something was removed. */
export function deletePath(obj: JsonObject, path: string): boolean {
  const parts = path.split('.');
  const chain: JsonObject[] = [obj];
  for (let i = 0; i < parts.length - 1; i++) {
    const next = chain[i]![parts[i]!];
    if (!isPlainObject(next)) return false;
    chain.push(next);
  }
  const last = chain[chain.length - 1]!;
  const leaf = parts[parts.length - 1]!;
  if (!(leaf in last)) return false;
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
