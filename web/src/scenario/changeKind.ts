// Switching a group's kind (queue droptail -> red, flows.cc aimd -> vegas): the group keeps
// the fields the new kind also has (a buffer stays) and loses the others (RED's maxP).
import type { Json, ParamSpec, Scenario } from '../core/types';
import { KIND_FIELD, KIND_PARAMS, specsOfGroup } from '../core/specs';
import { getPath, isPlainObject } from './paths.mjs';
import { cloneScenario } from './presets';

export function withKind(s: Scenario, specs: readonly ParamSpec[], group: string, kind: string): Scenario {
  const n = cloneScenario(s);
  const field = KIND_FIELD[group] ?? 'kind';
  const old = getPath(n, group);
  const keep = new Set(specsOfGroup(specs, group, kind).map((sp) => sp.key.slice(group.length + 1)));
  const next: Record<string, Json> = { [field]: kind };
  const sub = KIND_PARAMS[group];
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
export function kindGroupOf(path: string): string | null {
  const [group, field, ...rest] = path.split('.');
  return group && !rest.length && KIND_FIELD[group] === field ? group : null;
}
