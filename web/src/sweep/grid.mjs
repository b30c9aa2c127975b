// Parameter grids over a scenario document: indexed paths ("flowOverrides[0].ccParams.N"),
// value parsing and the cartesian product of axes. Shared by the app's sweeps
// (sweepConfig.ts) and the CLI runner (scripts/sweep.mjs); plain JavaScript, types in grid.d.mts.

/** A value as typed on a command line or in a field: JSON when it parses (numbers, true), else text. */
export function parseValue(s) {
  const t = s.trim();
  try { return JSON.parse(t); } catch { return t; }
}

/** The keys of a dotted path with [i] indices: "a.b[2].c" -> ["a", "b", 2, "c"]. Throws on bad syntax. */
export function pathKeys(p) {
  const keys = [];
  for (const part of p.split('.')) {
    const m = /^([A-Za-z_]\w*)?((?:\[\d+\])*)$/.exec(part);
    if (!m || (!m[1] && !m[2])) throw new Error(`bad path "${p}": expected names joined by dots, with [i] indices`);
    if (m[1] === '__proto__' || m[1] === 'constructor' || m[1] === 'prototype') {
      throw new Error(`bad path "${p}": "${m[1]}" is not a scenario field (it would reach an object's prototype)`);
    }
    if (m[1]) keys.push(m[1]);
    for (const ix of m[2].matchAll(/\[(\d+)\]/g)) keys.push(Number(ix[1]));
  }
  return keys;
}

/**
 * Sets doc[path] = v, creating objects and arrays on the way. A flowOverrides[i] entry it
 * creates gets `flow: i` (the override of flow i), as docs/scenario.md asks.
 */
export function setPath(doc, p, v) {
  const keys = pathKeys(p);
  let o = doc;
  for (let k = 0; k < keys.length - 1; ++k) {
    const cur = o[keys[k]];
    if (cur === undefined || cur === null) o[keys[k]] = typeof keys[k + 1] === 'number' ? [] : {};
    else if (typeof cur !== 'object') throw new Error(`path "${p}": ${keys.slice(0, k + 1).join('.')} is not an object`);
    o = o[keys[k]];
  }
  o[keys[keys.length - 1]] = v;
  if (keys[0] === 'flowOverrides' && typeof keys[1] === 'number') {
    const entry = doc.flowOverrides[keys[1]];
    if (entry && typeof entry === 'object' && entry.flow === undefined) entry.flow = keys[1];
  }
}

/** Every combination of the axes' values, the first axis varying slowest. */
export function cartesian(axes) {
  let combos = [[]];
  for (const vals of axes) combos = combos.flatMap((c) => vals.map((v) => [...c, v]));
  return combos;
}
