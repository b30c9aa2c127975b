// When the core refuses a scenario, its error names the field first ("queue.maxP: 7 is out of
// range; allowed [0, 1]"). Removing that field and trying again loads what can be loaded.
import type { Json, JsonObject } from '../core/types';
import { deletePath, isPlainObject } from './paths.mjs';

/** The field path an error message starts with, if any ("flowOverrides[2].weight"). */
export function fieldOfError(message: string): string | null {
  const m = /^\s*([A-Za-z_][\w]*(?:\[\d+\]|\.[A-Za-z_][\w]*)*)\s*:/.exec(message);
  return m ? m[1]! : null;
}

/**
 * Removes the field an error names from the scenario. An indexed path removes the deepest
 * named key inside the array element, or the element itself. Returns the removed path or null.
 */
export function dropFieldNamedInError(scenario: JsonObject, message: string): string | null {
  const path = fieldOfError(message);
  if (!path || path === 'version' || path === 'scenario') return null;
  const m = /^(.*?)\[(\d+)\](?:\.(.+))?$/.exec(path);
  if (!m) return deletePath(scenario, path) ? path : null;
  const [, arrPath, idxText, rest] = m;
  let arr: Json | undefined = scenario;
  for (const part of arrPath!.split('.')) arr = isPlainObject(arr) ? arr[part] : undefined;
  const idx = Number(idxText);
  if (!Array.isArray(arr) || idx >= arr.length) return null;
  const el = arr[idx];
  if (rest && isPlainObject(el) && deletePath(el, rest)) return path;
  arr.splice(idx, 1);
  return `${arrPath}[${idx}]`;
}
