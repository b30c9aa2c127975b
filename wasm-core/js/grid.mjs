// Parameter grids over a scenario document: indexed paths ("flowOverrides[0].ccParams.N"),
// value parsing and the cartesian product of axes. Shared by the app's sweeps
// (sweepConfig.ts) and the CLI runner (scripts/sweep.mjs); plain JavaScript, types in grid.d.mts.
// Paths are the scenario path library's (wasm-core/js/paths.mjs).
import { pathKeys, setPath as setScenarioPath } from './paths.mjs';

/** A value as typed on a command line or in a field: JSON when it parses (numbers, true), else text. */
export function parseValue(s) {
  const t = s.trim();
  try {
    return JSON.parse(t);
  } catch {
    return t;
  }
}

export { pathKeys };

/**
 * Sets doc[path] = v, creating objects and arrays on the way (the scenario path library's
 * setPath), and throws, naming the path, where it cannot. A flowOverrides[i] entry it creates
 * gets `flow: i` (the override of flow i), as docs/scenario.md asks.
 */
export function setPath(doc, p, v) {
  const keys = pathKeys(p); // throws on bad syntax, naming the path
  if (!setScenarioPath(doc, p, v)) throw new Error(`path "${p}": a value that is not an object or array is in the way`);
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
