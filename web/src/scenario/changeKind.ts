// Switching a group's kind (queue droptail -> red, flows.cc aimd -> vegas): the group keeps
// the fields the new kind also has (a buffer stays) and loses the others (RED's maxP).
import type { Json, JsonObject, ParamSpec, Scenario } from '../params/types';
import { kindFieldOf, kindGroups, kindParamsOf, specsOfGroup } from '../params/specs';
import { getPath, isPlainObject } from '../../../wasm-core/js/paths.mjs';

export function withKind(s: Scenario, specs: readonly ParamSpec[], group: string, kind: string): Scenario {
  // A fresh copy (not presets' cloneScenario: this module is also read outside the page, by e2e tests).
  const n = structuredClone(s);
  const field = kindFieldOf(specs, group);
  const old = getPath(n, group);
  const keep = new Set(specsOfGroup(specs, group, kind).map((sp) => sp.key.slice(group.length + 1)));
  const next: Record<string, Json> = { [field]: kind };
  const sub = kindParamsOf(specs, group);
  if (isPlainObject(old)) {
    for (const [k, v] of Object.entries(old)) {
      if (k === field) continue;
      if (sub && k === sub && isPlainObject(v)) {
        // The rule's own parameters: keep those the new rule also has (lasd's N is not kept for sd).
        const own = Object.fromEntries(Object.entries(v).filter(([leaf]) => keep.has(`${sub}.${leaf}`)));
        if (Object.keys(own).length) next[k] = own;
      } else if (keep.has(k)) next[k] = v;
    }
  }
  n[group] = next;
  return n;
}

/** The group whose kind field `path` is ("queue.kind" -> "queue", "flows.cc" -> "flows"), or null. */
export function kindGroupOf(specs: readonly ParamSpec[], path: string): string | null {
  const hit = kindGroups(specs).find(([group, field]) => `${group}.${field}` === path);
  return hit ? hit[0] : null;
}

/**
 * The kind of each group in a scenario ("queue" -> "red"), read at the field the core says
 * selects it; when the scenario leaves it out, the core's default (or undefined with
 * `withDefault` false).
 */
export function kindIn(specs: readonly ParamSpec[], s: Scenario | JsonObject, withDefault = true) {
  return (group: string): string | undefined => {
    const field = `${group}.${kindFieldOf(specs, group)}`;
    const v = getPath(s, field);
    if (typeof v === 'string') return v;
    const d = withDefault ? specs.find((sp) => sp.key === field)?.default : undefined;
    return typeof d === 'string' ? d : undefined;
  };
}
