// Compare mode's one difference: B is A with one scenario field changed (the queue kind, the
// window rule, loss recovery, or one parameter from the specs). Same seed, same everything else.
// Whether B's value is allowed is the core's to say (bl_check, judgeDiff), as for the scenario
// editor: the page only reads the value in its field's type and builds B.
import type { Json, ParamSpec, Scenario } from '../params/types';
import type { CheckResult } from '../../../wasm-core/js/binding.mjs';
import {
  coerceValue,
  findSpec,
  kindFieldOf,
  kindsOfGroup,
  problemLine,
  problemText,
  specsOfGroup,
} from '../params/specs';
import { paramText } from '../params/units';
import { getPath, jsonEqual, setPath } from '../../../wasm-core/js/paths.mjs';
import { cloneScenario } from '../scenario/presets';
import { kindGroupOf, kindIn, withKind } from '../scenario/changeKind';
import type { CompareDiff } from '../url/teachingUrl';

const kindOf = (s: Scenario, specs: readonly ParamSpec[]) => kindIn(specs, s);

/** The spec that judges a difference (null if the scenario has no such field). */
export function diffSpec(specs: readonly ParamSpec[], s: Scenario, path: string): ParamSpec | null {
  const group = kindGroupOf(specs, path);
  if (group) {
    const options = kindsOfGroup(specs, group);
    const sp = specs.find((x) => x.key === path);
    if (sp) return sp;
    return options.length
      ? {
          key: path,
          label: `${group} ${kindFieldOf(specs, group)}`,
          unit: '',
          type: 'enum',
          default: options[0]!,
          options,
          help: '',
          live: false,
        }
      : null;
  }
  return findSpec(specs, path, kindOf(s, specs)) ?? null;
}

/**
 * The scenario of side B, or why it cannot be made (no such field, the same as A). Its value is
 * not judged here: judgeDiff asks the core.
 */
export function applyDiff(
  a: Scenario,
  diff: CompareDiff,
  specs: readonly ParamSpec[],
): { ok: true; scenario: Scenario } | { ok: false; message: string } {
  const spec = diffSpec(specs, a, diff.path);
  if (!spec) return { ok: false, message: `compare ${diff.path}: not a field of this scenario` };
  const r = { value: coerceValue(spec, diff.value) as Json };
  const current =
    getPath(a, diff.path) ??
    (kindGroupOf(specs, diff.path) ? kindOf(a, specs)(kindGroupOf(specs, diff.path)!) : spec.default);
  if (jsonEqual(current, r.value))
    return { ok: false, message: `compare ${diff.path}: B would be the same as A (${String(r.value)})` };
  const group = kindGroupOf(specs, diff.path);
  let b: Scenario;
  if (group) b = withKind(a, specs, group, String(r.value));
  else {
    b = cloneScenario(a);
    if (!setPath(b, diff.path, r.value))
      return { ok: false, message: `compare ${diff.path}: conflicts with another field` };
  }
  const name = typeof a.name === 'string' ? a.name : 'scenario';
  b.name = `${name} [${diffText(specs, a, diff.path, r.value)}]`;
  return { ok: true, scenario: b };
}

/**
 * The core's word on side B (bl_check through `check`): null when it accepts B, else why not,
 * the problem at the field that differs worded in that field's units as the scenario editor
 * words it ("compare queue.maxP: Allowed: a number from 0 to 1"), or the first problem.
 */
export async function judgeDiff(
  b: Scenario,
  diff: CompareDiff,
  specs: readonly ParamSpec[],
  check: (s: Scenario) => Promise<CheckResult>,
): Promise<string | null> {
  const r = await check(b);
  if (r.ok) return null;
  const p = r.problems.find((x) => x.path === diff.path) ?? r.problems[0]!;
  const spec = diffSpec(specs, b, diff.path);
  return p.path === diff.path ? `compare ${p.path}: ${problemText(p, spec ?? undefined)}` : `compare ${problemLine(p)}`;
}

/** The difference by its path, for the test probe ("queue.kind = red"); the page shows diffText. */
export function diffLabel(d: CompareDiff): string {
  return `${d.path} = ${typeof d.value === 'string' ? d.value : JSON.stringify(d.value)}`;
}

/**
 * One side's value of the field that differs, as the student reads it: the field as the
 * chooser names it and the value in the field's units ("Queue discipline = red",
 * "queue: Max drop probability = 50%"), not the scenario path and SI value.
 */
export function diffText(specs: readonly ParamSpec[], s: Scenario, path: string, value: Json): string {
  const spec = diffSpec(specs, s, path);
  const label = diffChoices(specs, s).find((c) => c.path === path)?.label ?? spec?.label ?? path;
  return `${label} = ${paramText(spec ? (coerceValue(spec, value) as Json) : value, spec ?? undefined)}`;
}

/** The value side A has for the field that differs (for labels: "droptail" vs "red"). */
export function valueInA(a: Scenario, path: string, specs: readonly ParamSpec[]): Json {
  const group = kindGroupOf(specs, path);
  if (group) return kindOf(a, specs)(group) ?? null;
  return getPath(a, path) ?? diffSpec(specs, a, path)?.default ?? null;
}

export interface DiffChoice {
  path: string;
  label: string;
  spec: ParamSpec;
}

/**
 * What B may differ in, for the chooser: the kinds (queue, window rule), loss recovery, and each
 * number of the scenario's specs under its current kinds (top level, topology, queue, loss, flows).
 */
export function diffChoices(specs: readonly ParamSpec[], a: Scenario): DiffChoice[] {
  const out: DiffChoice[] = [];
  const add = (path: string, label: string) => {
    const spec = diffSpec(specs, a, path);
    if (spec && !out.some((c) => c.path === path)) out.push({ path, label, spec });
  };
  add('queue.kind', 'Queue discipline');
  add('flows.cc', 'Congestion control');
  add('flows.tcp', 'TCP loss recovery');
  const kind = kindOf(a, specs);
  const numeric = (sp: ParamSpec) => sp.type === 'number' || sp.type === 'integer';
  for (const sp of specs) if (!sp.key.includes('.') && numeric(sp) && sp.key !== 'version') add(sp.key, sp.label);
  // Each group's fields under the group's name as the page says it, not its scenario key.
  const GROUPS: [string, string][] = [
    ['topology', 'Topology'],
    ['queue', 'Queue'],
    ['exoLoss', 'Exogenous loss'],
    ['flows', 'Flows'],
  ];
  for (const [group, name] of GROUPS) {
    for (const sp of specsOfGroup(specs, group, kind(group)))
      if (numeric(sp) || sp.type === 'boolean') add(sp.key, `${name}: ${sp.label}`);
  }
  return out;
}
