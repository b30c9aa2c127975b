// A preset's story told about the scenario that runs. Stories (public/stories/presets.json) name
// the scenario's numbers by path in braces, "{flows.count} TCP flows share a
// {topology.bottleneckRate} bottleneck", and are filled from the scenario running, in human
// units, so a link that sets 30 flows reads "30 TCP flows". What a story says in words (a queue's
// kind, a flow's weight) cannot follow a change: when the run differs from its preset in a field
// the story does not fill, storyChanges names those fields so the page can say the text
// describes the preset there.
import type { Json, Manifest, ManifestLoss, ParamSpec, Scenario } from '../core/types';
import { findSpec, kindFieldOf } from '../core/specs';
import { formatHuman, paramText } from '../core/units';
import { flatten, getPath, jsonEqual } from '../../../wasm-core/js/paths.mjs';
import { kindIn } from './changeKind';
import { formatValue, lossText, sharedFlowLoss, specForLive } from './liveParams';

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
 * "10 ms", "2%"), counts as bare numbers ("30" TCP flows, a "250"-packet buffer), other numbers
 * to six digits (a RED weight below 0.001 as 1e-4, not "0"), a list of numbers as a ratio ("1:2:3").
 */
export function storyValue(
  specs: readonly ParamSpec[],
  s: Scenario,
  path: string,
  m: Manifest | null = null,
): string | null {
  if (path === EXO_LOSS) return lossText(specs, m ? sharedFlowLoss(m) : lossAsWritten(s)) ?? 'none';
  // Said only of a run (its manifest): until it exists, an ellipsis.
  if (path === RULES) return m ? rulesText(specs, m) : '…';
  if (path === QUEUE) return m ? (queueText(specs, m) ?? 'no shared queue') : '…';
  const spec = specOf(specs, s, path);
  const v: Json | undefined = (m ? fromRun(m, path) : undefined) ?? getPath(s, path) ?? spec?.default ?? undefined;
  if (typeof v === 'number') {
    const family = spec?.display;
    if (family === 'rate' || family === 'time' || family === 'fraction') return formatHuman(v, spec!);
    if (Number.isInteger(v)) return v.toLocaleString('en-US');
    // Small gains and weights as papers write them ("1.822e-5"), not as rows of zeros.
    return Math.abs(v) < 1e-3 ? (+v.toPrecision(6)).toExponential() : String(+v.toPrecision(6));
  }
  if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number')) return v.join(':');
  if (typeof v === 'string') return spec?.optionLabels?.[v] ?? v;
  if (typeof v === 'boolean') return String(v);
  return null;
}

/** `{rules}`: the window rules the run's flows run, each in its own sentence (the core's kind help). */
const RULES = 'rules';
/** `{queue}`: the bottleneck's queue as built and as it stands ("a 250-packet DropTail queue"). */
const QUEUE = 'queue';

function bottleneckOf(m: Manifest) {
  return m.links.find((l) => l.name === m.bottleneck);
}

/**
 * A story path the run itself answers (the manifest: as built, live changes included): the flow
 * count, the bottleneck's rate, delay, queue kind and parameters. Other paths are read from the
 * scenario, which the run was built from.
 */
function fromRun(m: Manifest, path: string): Json | undefined {
  const b = bottleneckOf(m);
  if (path === 'flows.count') return m.flows.length;
  if (path === 'topology.bottleneckRate') return b?.rate;
  if (path === 'topology.bottleneckDelay') return b?.delay;
  if (path === 'queue.kind') return b?.queue.kind;
  if (path.startsWith('queue.') && b) return b.queue.params[path.slice('queue.'.length)];
  return undefined;
}

function kindSpec(specs: readonly ParamSpec[], key: string): ParamSpec | undefined {
  return specs.find((sp) => sp.key === key);
}

/** "a 250-packet DropTail queue" (the bottleneck's buffer and kind now); null without one. */
export function queueText(specs: readonly ParamSpec[], m: Manifest): string | null {
  const b = bottleneckOf(m);
  if (!b) return null;
  const label = kindSpec(specs, 'queue.kind')?.optionLabels?.[b.queue.kind] ?? b.queue.kind;
  return `a ${b.buffer.toLocaleString('en-US')}-packet ${label} queue`;
}

/**
 * The window rules of the run's flows, one sentence per rule in the order flows first use it,
 * from the core's description of each rule ("Every flow runs CUBIC (RFC 9438): ..."): a new
 * rule brings its own sentence, and a run of BBR flows is never told the AIMD sawtooth.
 */
export function rulesText(specs: readonly ParamSpec[], m: Manifest): string {
  const cc = kindSpec(specs, 'flows.cc');
  const counts = new Map<string, number>();
  for (const f of m.flows) counts.set(f.cc, (counts.get(f.cc) ?? 0) + 1);
  const total = m.flows.length;
  return [...counts]
    .map(([rule, n]) => {
      const who = n === total ? (total === 1 ? 'The flow runs' : 'Every flow runs') : `${n} of the ${total} flows run`;
      const help = cc?.optionHelp?.[rule] ?? '';
      const label = cc?.optionLabels?.[rule] ?? rule;
      return `${who} ${label}${help ? `: ${help.replace(/^[^:]*: /, '')}` : '.'}`;
    })
    .join(' ');
}

/**
 * The scenario's loss model as written, for a title shown before its run exists (a preset list);
 * a run's own comes from its manifest, as built and as changed live.
 */
function lossAsWritten(s: Scenario): ManifestLoss | null {
  const l = getPath(s, EXO_LOSS);
  if (!l || typeof l !== 'object' || Array.isArray(l) || typeof l.kind !== 'string') return null;
  return { kind: l.kind, params: l, source: EXO_LOSS, rate: Number.NaN };
}

/** The story with each `{path}` filled from `s` (a path with no value is left as written); the loss from the run's manifest. */
export function fillStory(text: string, specs: readonly ParamSpec[], s: Scenario, m: Manifest | null = null): string {
  return text.replace(PLACEHOLDER, (whole, path: string) => storyValue(specs, s, path, m) ?? whole);
}

/**
 * The title the student sees for a run: a preset's title template (public/stories/presets.json,
 * `title`) filled from the run in human units, so "{flows.count} Vegas flows" reads "30 Vegas
 * flows" once the run has 30; a name of the run's own (not its preset's) as it is; else the
 * preset's title. Every place that shows a run's title uses this.
 */
export function runTitle(
  preset: { title: string; titleTemplate?: string; scenario: Scenario } | undefined,
  s: Scenario,
  specs: readonly ParamSpec[],
  m: Manifest | null = null,
): string {
  const name = typeof s.name === 'string' ? s.name : undefined;
  if (preset?.titleTemplate && (name === undefined || name === preset.scenario.name))
    return fillStory(preset.titleTemplate, specs, s, m);
  return name ?? preset?.title ?? 'Scenario';
}

export interface StoryChange {
  path: string;
  /** The field as the page labels it ("Queue kind"; the path where no spec names it). */
  label: string;
  /** As the run has it, and as the preset had it, short and in the field's units. */
  now: string;
  was: string;
}

/**
 * Where the run differs from its preset in fields the story does not fill (its `{path}`s, and
 * the scenario's name): the story's words about those describe the preset, not this run.
 */
export function storyChanges(preset: Scenario, s: Scenario, story: string, specs: readonly ParamSpec[]): StoryChange[] {
  if (jsonEqual(preset, s)) return [];
  // {rules} says every flow's window rule, {queue} the bottleneck queue's kind and buffer.
  const filled = storyPaths(story).flatMap((f) =>
    f === RULES ? ['flows.cc', 'flows.ccParams'] : f === QUEUE ? ['queue.kind', 'queue.buffer'] : [f],
  );
  const covered = (path: string) =>
    path === 'name' ||
    path === 'version' ||
    (filled.includes('flows.cc') && /^flowOverrides\[\d+\]\.cc/.test(path)) ||
    filled.some((f) => path === f || path.startsWith(`${f}.`) || path.startsWith(`${f}[`));
  const a = flatten(preset);
  const b = flatten(s);
  const out: StoryChange[] = [];
  const changed = [...new Set([...a.keys(), ...b.keys()])].filter(
    (path) => !covered(path) && !jsonEqual(a.get(path), b.get(path)),
  );
  for (const path of changed) {
    // A field of the preset's kind that the run's kind does not have (RED's minTh once the queue
    // is DropTail) goes with the change of kind, which is named.
    const group = path.split('.')[0]!;
    const kind = `${group}.${kindFieldOf(specs, group)}`;
    if (b.get(path) === undefined && path !== kind && changed.includes(kind)) continue;
    const spec = specOf(specs, s, path) ?? specOf(specs, preset, path);
    out.push({
      path,
      label: spec?.label ?? path,
      now: paramText(b.get(path), specOf(specs, s, path)),
      was: paramText(a.get(path), specOf(specs, preset, path)),
    });
  }
  return out;
}

const SHOWN_CHANGES = 4;

/**
 * The changes as the page names them, each field by its label and its values in its units:
 * "Queue kind: droptail, was red; ..." (the first few, then how many more).
 */
export function storyChangeList(changes: readonly StoryChange[]): string {
  const head = changes.slice(0, SHOWN_CHANGES).map((c) => `${c.label}: ${c.now}, was ${c.was}`);
  const more = changes.length - SHOWN_CHANGES;
  return head.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

const SHOWN_LIVE = 5;

/** The run's live changes so far, from its manifest: "exogenous loss (all flows) 0% at 19 s; ..." (the last few). */
export function liveChangesText(specs: readonly ParamSpec[], m: Manifest): string {
  const list = m.changes.map((c) => {
    const spec = specForLive(specs, m, c.entity, c.key);
    const where =
      c.entity === 'flows'
        ? 'all flows'
        : c.entity.startsWith('flow.')
          ? `flow ${c.entity.slice(5)}`
          : c.entity.split('.').slice(1).join('.');
    return `${(spec?.label ?? c.key).toLowerCase()} (${where}) ${formatValue(c.value, spec)} at ${+c.t.toFixed(2)} s`;
  });
  const more = list.length - SHOWN_LIVE;
  return (more > 0 ? `${more} earlier, then ` : '') + list.slice(-SHOWN_LIVE).join('; ');
}
