// A scenario the core refuses is repaired by the core's own check (bl_check): every problem
// comes with the path of its field, and leaving a field out gives it its default. So each field
// named is removed, and the notice says which field, what was wrong and what is allowed.
import type { CheckProblem, CheckResult } from '../../../wasm-core/js/binding.mjs';
import type { Json, JsonObject, ParamSpec } from '../params/types';
import { problemText } from '../params/specs';
import { deletePath, getPath, jsonEqual, pathKeys, setPath } from '../../../wasm-core/js/paths.mjs';
import { fieldName, fieldSpec, fieldValue } from './fieldNames';

/**
 * Removes the field at a path ("queue.maxP", "flowOverrides[2].weight") or the array element
 * ("flowOverrides[1]", "topology.rates[0]"). The document itself and its version are never
 * removed. Returns whether something was removed.
 */
export function dropPath(scenario: JsonObject, path: string): boolean {
  if (!path || path === 'version') return false;
  let keys: (string | number)[];
  try {
    keys = pathKeys(path) as (string | number)[];
  } catch {
    return false;
  }
  const last = keys[keys.length - 1];
  if (last === undefined) return false;
  if (typeof last !== 'number') {
    const dot = path.lastIndexOf('.');
    if (!keys.some((k) => typeof k === 'number')) return deletePath(scenario, path);
    const parent = getPath(scenario, path.slice(0, dot)) as unknown;
    if (!parent || typeof parent !== 'object' || Array.isArray(parent) || !Object.hasOwn(parent, last)) return false;
    delete (parent as Record<string, unknown>)[last];
    return true;
  }
  const arr = getPath(scenario, path.slice(0, path.lastIndexOf('['))) as unknown;
  if (!Array.isArray(arr) || last >= arr.length) return false;
  arr.splice(last, 1);
  return true;
}

/** The JSON type names of the core's messages in the words a student reads ("got string" -> "got text"). */
const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'on or off',
  object: 'a group of fields',
  array: 'a list',
  null: 'nothing',
};

/**
 * What the core says of a field, in the page's words: a number out of range as "300% is out of
 * range; allowed 0% to 100%" (the field's units), a type as "expected a number, got text".
 */
function problemWords(p: CheckProblem, specs: readonly ParamSpec[], doc: JsonObject | null): string {
  const spec = p.path ? fieldSpec(specs, doc, p.path) : undefined;
  if (p.range && typeof p.value === 'number') {
    const allowed = problemText(p, spec).replace(/^Allowed: /, 'allowed ');
    return `${fieldValue(specs, doc, p.path, p.value)} is out of range; ${allowed}`;
  }
  const msg = p.message
    .replace(/\bgot (string|number|boolean|object|array|null)\b/g, (_m, t: string) => `got ${TYPE_WORDS[t]}`)
    .replace(/\bexpected an array\b/, 'expected a list')
    .replace(/\bexpected an object\b/, 'expected a group of fields');
  // A choice: the options by their labels (the core's message lists their keys).
  if (p.options?.length && spec?.optionLabels)
    return `${msg.replace(/; (known|allowed one of):? .*$/, '')}; allowed one of ${p.options.map((o) => spec.optionLabels?.[o] ?? o).join(', ')}`;
  return msg;
}

/**
 * "Max drop probability: 700% is out of range; allowed 0% to 100%; reset to its default 10%": a
 * refused field by its label, in its units (`doc`: the scenario the field was read in).
 */
export function problemNotice(
  p: CheckProblem,
  specs: readonly ParamSpec[] = [],
  doc: JsonObject | null = null,
): string {
  const where = p.path ? `${fieldName(specs, doc, p.path)}: ` : '';
  const reset =
    p.default === null || p.default === undefined
      ? p.path
        ? '; left out'
        : ''
      : `; reset to its default ${fieldValue(specs, doc, p.path, p.default as Json)}`;
  return `${where}${problemWords(p, specs, doc)}${reset}`;
}

export type Repair = { ok: true; notices: string[] } | { ok: false; error: string; notices: string[] };

/**
 * Checks `scenario` with `check` and removes every field a problem names, until it passes or
 * `maxRounds` rounds were tried (a field's removal may uncover a rule between fields). With a
 * `base` (the preset a link starts from), a field the base has a different value for is set back
 * to that value instead, so a link's bad value gives the preset's, as before the check. Fails
 * when a problem names nothing that can be removed (the document, its version, a missing field).
 * Changes `scenario` in place.
 */
export function repairScenario(
  scenario: JsonObject,
  check: (json: string) => CheckResult,
  maxRounds: number,
  base?: JsonObject,
  specs: readonly ParamSpec[] = [],
): Repair {
  const notices: string[] = [];
  // What each removed field was refused for: a later round's problem at a removed field is
  // only the hole the removal left ("dst: give the name of a node" after dst was removed), so
  // a failure there names the field's own problem instead.
  const removed = new Map<string, string>();
  const say = (p: CheckProblem) =>
    p.path ? `${fieldName(specs, scenario, p.path)}: ${problemWords(p, specs, scenario)}` : p.message;
  const failure = (p: CheckProblem) => removed.get(p.path) ?? say(p);
  for (let round = 0; ; round++) {
    const r = check(JSON.stringify(scenario));
    if (r.ok) return { ok: true, notices };
    if (round >= maxRounds) return { ok: false, error: failure(r.problems[0]!), notices };
    // Last first: removing an array element must not shift the ones still to come. A check
    // the others left without a meaning (code "unchecked": the work budget of a network with
    // a flow missing) names nothing to mend; it is made again once they are mended.
    const said: string[] = [];
    const mendable = r.problems.filter((p) => p.code !== 'unchecked');
    if (mendable.length === 0) return { ok: false, error: failure(r.problems[0]!), notices };
    for (const p of mendable.reverse()) {
      const prior = base && p.path ? (getPath(base, p.path) as Json | undefined) : undefined;
      if (
        prior !== undefined &&
        !jsonEqual(prior, getPath(scenario, p.path) as Json) &&
        setPath(scenario, p.path, structuredClone(prior))
      ) {
        said.unshift(
          `${fieldName(specs, scenario, p.path)}: ${problemWords(p, specs, scenario)}; reset to the preset's ${fieldValue(specs, scenario, p.path, prior)}`,
        );
        continue;
      }
      // Worded before the field goes (its entry names it: "Flow 2: Weight").
      const notice = problemNotice(p, specs, scenario);
      const own = say(p);
      if (!dropPath(scenario, p.path)) return { ok: false, error: failure(p), notices };
      if (!removed.has(p.path)) removed.set(p.path, own);
      said.unshift(notice);
    }
    notices.push(...said);
  }
}
