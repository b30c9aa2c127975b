// Paths into a scenario document: dotted names with optional [i] indices ("queue.maxP",
// "flowOverrides[2].ccParams.N"). The one path library: links, lessons, embed hosts, panels and
// sweeps (wasm-core/js/grid.mjs, and through it scripts/sweep.mjs) all use it; types in
// paths.d.mts.
//
// Paths come from links, lessons and embed hosts, so they are hostile input: a segment that
// names a prototype (`__proto__`, `constructor`, `prototype`) is refused everywhere here, only
// own properties are read, and the objects setPath creates have no prototype at all. Without
// that, `#v=1&__proto__.hasOwnProperty=~` deleted Object.prototype.hasOwnProperty.

/** Path segments and JSON keys that could reach an object's prototype. */
export const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

/** Deepest nesting a value read from a link or lesson may have (the scenario needs 4). */
export const MAX_JSON_DEPTH = 8;

/**
 * The keys of a path: "a.b[2].c" -> ["a", "b", 2, "c"]. Throws on bad syntax and on a segment
 * that names a prototype, saying which.
 */
export function pathKeys(p) {
  const keys = [];
  for (const part of p.split('.')) {
    const m = /^([A-Za-z_]\w*)?((?:\[\d+\])*)$/.exec(part);
    if (!m || (!m[1] && !m[2])) throw new Error(`bad path "${p}": expected names joined by dots, with [i] indices`);
    if (m[1] && FORBIDDEN_SEGMENTS.has(m[1])) {
      throw new Error(`bad path "${p}": "${m[1]}" is not a scenario field (it would reach an object's prototype)`);
    }
    if (m[1]) keys.push(m[1]);
    for (const ix of m[2].matchAll(/\[(\d+)\]/g)) keys.push(Number(ix[1]));
  }
  return keys;
}

/** The keys of a path, or null when it is malformed or names a prototype. */
function keysOf(p) {
  try {
    return pathKeys(p);
  } catch {
    return null;
  }
}

/** The first segment of a dotted path that names a prototype, or undefined. */
export function forbiddenSegment(path) {
  return path.split(/[.[\]]/).find((p) => FORBIDDEN_SEGMENTS.has(p));
}

/**
 * Why a JSON value from outside may not enter a scenario: a key naming a prototype (JSON.parse
 * makes `"__proto__"` an own key, harmless until some code copies it with `=`), or nesting
 * deeper than `maxDepth`. undefined: fine.
 */
export function jsonProblem(v, maxDepth = MAX_JSON_DEPTH) {
  const walk = (x, depth) => {
    if (typeof x !== 'object' || x === null) return undefined;
    if (depth >= maxDepth) return `nested deeper than ${maxDepth} levels`;
    if (Array.isArray(x)) {
      for (const e of x) {
        const p = walk(e, depth + 1);
        if (p) return p;
      }
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

function own(obj, key) {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

export function isPlainObject(v) {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const isSegment = (k) => /^[A-Za-z_]\w*$/.test(k) && !FORBIDDEN_SEGMENTS.has(k);

/** Leaf values by dotted path, in document order (arrays are leaves). */
export function flatten(obj, prefix = '', out = new Map()) {
  for (const [k, v] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${k}` : k;
    // An object whose keys are not all path segments stays one JSON leaf, so the path reads back.
    if (isPlainObject(v) && Object.keys(v).length > 0 && Object.keys(v).every(isSegment)) flatten(v, path, out);
    else out.set(path, v);
  }
  return out;
}

/** The value at a path (own properties only), or undefined. */
export function getPath(obj, path) {
  const keys = keysOf(path);
  if (!keys) return undefined;
  let cur = obj;
  for (const k of keys) {
    if (typeof k === 'number' ? !Array.isArray(cur) : !isPlainObject(cur)) return undefined;
    cur = own(cur, k);
  }
  return cur;
}

/**
 * Sets a leaf, creating objects (without prototypes) and, before an [i] index, arrays on the way.
 * Returns false if the path is malformed, names a prototype, or a value of another kind is in
 * the way (nothing is changed then).
 */
export function setPath(obj, path, value) {
  const keys = keysOf(path);
  if (!keys) return false;
  let cur = obj;
  for (let i = 0; i < keys.length - 1; i++) {
    const k = keys[i];
    const next = own(cur, k);
    if (next === undefined || next === null) cur[k] = typeof keys[i + 1] === 'number' ? [] : Object.create(null);
    else if (typeof keys[i + 1] === 'number' ? !Array.isArray(next) : !isPlainObject(next)) return false;
    cur = cur[k];
  }
  cur[keys[keys.length - 1]] = value;
  return true;
}

/** Removes a leaf (and objects left empty by it). Returns whether something was removed. */
export function deletePath(obj, path) {
  const keys = keysOf(path);
  if (!keys || keys.some((k) => typeof k === 'number')) return false;
  const chain = [obj];
  for (let i = 0; i < keys.length - 1; i++) {
    const next = own(chain[i], keys[i]);
    if (!isPlainObject(next)) return false;
    chain.push(next);
  }
  const last = chain[chain.length - 1];
  const leaf = keys[keys.length - 1];
  if (!Object.prototype.hasOwnProperty.call(last, leaf)) return false;
  delete last[leaf];
  for (let i = chain.length - 1; i > 0; i--) {
    if (Object.keys(chain[i]).length === 0) delete chain[i - 1][keys[i - 1]];
    else break;
  }
  return true;
}

export function jsonEqual(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
