// A preset's story told about the scenario that runs. Stories (public/stories/presets.json) name
// the scenario's numbers by path in braces, "{flows.count} TCP flows share a
// {topology.bottleneckRate} bottleneck", and are filled from the scenario running, in human
// units, so a link that sets 30 flows reads "30 TCP flows". What a story says in words (a queue's
// kind, a flow's weight) cannot follow a change: when the run differs from its preset in a field
// the story does not fill, storyChanges names those fields so the page can say the text
// describes the preset there.
import type { Json, ParamSpec, Scenario } from '../core/types';
import { findSpec } from '../core/specs';
import { formatHuman } from '../core/units';
import { flatten, getPath, jsonEqual } from './paths.mjs';
import { kindIn } from './changeKind';
import { exoLossText } from './liveParams';

const PLACEHOLDER = /\{([A-Za-z][\w.[\]]*)\}/g;

/** `{exoLoss}`: the loss model in words ("0% -> 1% at 20 s -> 5% at 40 s", "none"). */
const EXO_LOSS = 'exoLoss';

/** The paths a story fills from the scenario (`{exoLoss}` covers the whole loss model). */
export function storyPaths(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

function specOf(specs: readonly ParamSpec[], s: Scenario, path: string): ParamSpec | undefined {
  return findSpec(specs, path, kindIn(specs, s));
}

/**
 * One value as a story says it: rates, times and probabilities with their unit ("16 Mb/s",
 * "10 ms", "2%"), counts as bare numbers ("30" TCP flows, a "250"-packet buffer).
 */
export function storyValue(specs: readonly ParamSpec[], s: Scenario, path: string): string | null {
  if (path === EXO_LOSS) return exoLossText(specs, s, undefined)?.replace(/^exogenous loss: /, '') ?? 'none';
  const spec = specOf(specs, s, path);
  const v: Json | undefined = getPath(s, path) ?? spec?.default ?? undefined;
  if (typeof v === 'number') {
    const family = spec?.display;
    return family === 'rate' || family === 'time' || family === 'fraction'
      ? formatHuman(v, spec!)
      : v.toLocaleString('en-US');
  }
  if (typeof v === 'string' || typeof v === 'boolean') return String(v);
  return null;
}

/** The story with each `{path}` filled from `s` (a path with no value is left as written). */
export function fillStory(text: string, specs: readonly ParamSpec[], s: Scenario): string {
  return text.replace(PLACEHOLDER, (whole, path: string) => storyValue(specs, s, path) ?? whole);
}

export interface StoryChange {
  path: string;
  /** As the run has it, and as the preset had it, short. */
  now: string;
  was: string;
}

function short(specs: readonly ParamSpec[], s: Scenario, path: string, v: Json | undefined): string {
  if (v === undefined) return 'default';
  if (typeof v === 'number') {
    const spec = specOf(specs, s, path);
    return spec?.display ? formatHuman(v, spec) : String(v);
  }
  const t = typeof v === 'string' ? v : JSON.stringify(v);
  return t.length > 24 ? `${t.slice(0, 23)}…` : t;
}

/**
 * Where the run differs from its preset in fields the story does not fill (its `{path}`s, and
 * the scenario's name): the story's words about those describe the preset, not this run.
 */
export function storyChanges(preset: Scenario, s: Scenario, story: string, specs: readonly ParamSpec[]): StoryChange[] {
  if (jsonEqual(preset, s)) return [];
  const filled = storyPaths(story);
  const covered = (path: string) =>
    path === 'name' ||
    path === 'version' ||
    filled.some((f) => path === f || path.startsWith(`${f}.`) || path.startsWith(`${f}[`));
  const a = flatten(preset);
  const b = flatten(s);
  const out: StoryChange[] = [];
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    if (covered(path) || jsonEqual(a.get(path), b.get(path))) continue;
    out.push({ path, now: short(specs, s, path, b.get(path)), was: short(specs, preset, path, a.get(path)) });
  }
  return out;
}
