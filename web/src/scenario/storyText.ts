// A preset's story told about the run that is running: its title, "What you are watching" and
// "Try this" (public/stories/presets.json) are templates over the run's manifest (bl_manifest),
// so no sentence can contradict the run. docs/teaching.md, "Story templates", is the reference.
//
// - `{name}` fills a value of the run in human units: a scenario path ("{flows.count}",
//   "{queue.minTh}", "{topology.bottleneckRate}", read from the manifest where the run has it),
//   or one of the run's own: {queue} ("a 250-packet DropTail queue"), {queueKind}, {queueHelp}
//   (the core's sentence for the queue's kind), {rules} (the core's sentence for each window rule
//   the flows run), {ruleNames}, {exoLoss} (the loss model in words), {lossKind}, {rtt} (every
//   flow's round-trip propagation delay), {bottleneck} (the bottleneck link's name: a graph's
//   first link), {flow[N].weight} (flow N's weight now).
// - `[[CONDITION ? text]]` shows `text` only while the run satisfies CONDITION, and
//   `[[CONDITION ? text :: other]]` shows `other` when it does not: a preset's claim ("RED keeps
//   the queue shorter") is said only of a run it is true of. CONDITION is clauses joined by `&`,
//   each negated by a leading `!`: `queue=red,fred` (the bottleneck queue's kind), `rule=cubic`
//   (every flow's window rule is one of these), `some-rule=bbr` (at least one flow's), `loss=schedule`
//   (the flows' loss model: none, bernoulli, gilbert, schedule, live, mixed), `topology=chain`,
//   `ecn` (every flow ECN-capable), `legend` (the charts have a legend with a button per flow),
//   and comparisons `NAME OP NUMBER` (OP one of = != < <= > >=) of `flows`, `buffer`, `bdp` (the
//   buffer in bandwidth-delay products of the shortest round trip), `rtt` (the longest round-trip
//   propagation delay of the flows through the bottleneck, s; `{rtt}` tells every flow's),
//   `changes` (live changes so far), `next` (when a loss schedule next moves, s; none once it has
//   made its last step) or any `{name}` with a number.
// Every kind is said by its label from the core (bl_describe), never by its key.
import type { Json, Manifest, ManifestLoss, ParamSpec, Scenario } from '../params/types';
import { findSpec } from '../params/specs';
import { formatHuman, groupThousands } from '../params/units';
import { getPath, jsonEqual } from '../../../wasm-core/js/paths.mjs';
import { kindIn } from './changeKind';
import { formatValue, lossText, sharedFlowLoss, specForLive } from './liveParams';

const PLACEHOLDER = /\{([A-Za-z][\w.[\]:-]*)\}/g;
/** `[[condition ? text]]` or `[[condition ? text :: otherwise]]`, innermost first (guards nest). */
const GUARD = /\[\[((?:(?!\[\[|\]\])[^?])*)\?((?:(?!\[\[|\]\]).)*)\]\]/gs;

/** What the page knows about where the story is shown that the run does not say. */
export interface StoryOptions {
  /** The charts show a legend with a button per flow (few flows, or one line per flow asked for). */
  legend?: boolean;
  /** A preset's title by its id, for `{preset:ID}` (the page passes its presets; without it, unfilled). */
  presetTitle?: (id: string) => string | undefined;
}

/** `{exoLoss}`: the loss model in words ("0% -> 1% at 20 s -> 5% at 40 s", "none"). */
const EXO_LOSS = 'exoLoss';
/** `{rules}`: the window rules the run's flows run, each in its own sentence (the core's kind help). */
const RULES = 'rules';
/** `{queue}`: the bottleneck's queue as built and as it stands ("a 250-packet DropTail queue"). */
const QUEUE = 'queue';

/** The paths and names a story fills (`{exoLoss}` covers the whole loss model). */
export function storyPaths(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** The conditions a story's guards test, as written ("queue=red", "!ecn & flows>=2"). */
export function storyGuards(text: string): string[] {
  return [...text.matchAll(GUARD)].map((m) => m[1]!.trim());
}

function specOf(specs: readonly ParamSpec[], s: Scenario, path: string): ParamSpec | undefined {
  return findSpec(specs, path, kindIn(specs, s));
}

const byKey = new WeakMap<readonly ParamSpec[], Map<string, ParamSpec>>();

/** A spec by its key (looked up once per spec list: a story reads dozens per run). */
function kindSpec(specs: readonly ParamSpec[], key: string): ParamSpec | undefined {
  let map = byKey.get(specs);
  if (!map) byKey.set(specs, (map = new Map(specs.map((sp) => [sp.key, sp]))));
  return map.get(key);
}

/** A kind's label ("DropTail") from the core; the key itself only if the core has no label for it. */
function kindLabel(specs: readonly ParamSpec[], selector: string, kind: string): string {
  return kindSpec(specs, selector)?.optionLabels?.[kind] ?? kind;
}

/** The core's sentence for a kind without its leading name ("CoDel (RFC 8289): drops ..." -> "drops ..."). */
function kindHelp(specs: readonly ParamSpec[], selector: string, kind: string): string {
  return (kindSpec(specs, selector)?.optionHelp?.[kind] ?? '').replace(/^[^:]*: /, '');
}

/** "RED (drops early with a probability that grows with the average queue)": a kind and what it does, from the core. */
function kindSentence(specs: readonly ParamSpec[], selector: string, kind: string): string {
  const help = kindHelp(specs, selector, kind).replace(/\.$/, '');
  const what = /^[A-Z][a-z]/.test(help) ? help[0]!.toLowerCase() + help.slice(1) : help;
  return what ? `${kindLabel(specs, selector, kind)} (${what})` : kindLabel(specs, selector, kind);
}

function bottleneckOf(m: Manifest) {
  return m.links.find((l) => l.name === m.bottleneck);
}

const TIME: Pick<ParamSpec, 'display' | 'unit'> = { display: 'time', unit: 's' };

/** The flows that cross the bottleneck (all flows when none is named). */
function mainFlows(m: Manifest) {
  const crossing = m.flows.filter((f) => f.crossesBottleneck);
  return crossing.length ? crossing : m.flows;
}

/**
 * "240 ms", or "from 4 ms to 10 ms" when the flows' round-trip propagation delays differ: every
 * flow's, those that do not cross the bottleneck too, as the sentence around it ("12 flows with
 * round trips {rtt}") speaks of all of them.
 */
function rttText(m: Manifest): string | null {
  const rtts = m.flows.map((f) => f.rtt);
  if (!rtts.length) return null;
  const lo = Math.min(...rtts);
  const hi = Math.max(...rtts);
  const a = formatHuman(lo, TIME);
  const b = formatHuman(hi, TIME);
  return a === b ? a : `from ${a} to ${b}`;
}

/** "CUBIC", "CUBIC and BBR", "Reno (AIMD), CUBIC and BBR": the rules the flows run, in the order first used. */
function ruleNames(specs: readonly ParamSpec[], rules: readonly string[]): string {
  const names = [...new Set(rules)].map((r) => kindLabel(specs, 'flows.cc', r));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * A story path the run itself answers (the manifest: as built, live changes included): the flow
 * count, the bottleneck's rate, delay, queue kind and parameters, a flow's weight now
 * (`flow[N].weight`). Other paths are read from the scenario, which the run was built from.
 */
function fromRun(m: Manifest, path: string): Json | undefined {
  const b = bottleneckOf(m);
  if (path === 'flows.count') return m.flows.length;
  if (path === 'topology.bottleneckRate') return b?.rate;
  if (path === 'topology.bottleneckDelay') return b?.delay;
  if (path === 'queue.kind') return b?.queue.kind;
  if (path === 'queue.buffer') return b?.buffer;
  if (path.startsWith('queue.') && b) return b.queue.params[path.slice('queue.'.length)];
  const f = /^flow\[(\d+)\]\.(\w+)$/.exec(path);
  if (f) {
    const flow = m.flows[Number(f[1])];
    const live = flow?.live as Record<string, Json> | undefined;
    return live && f[2]! in live ? live[f[2]!] : undefined;
  }
  return undefined;
}

/** A value a story names, as the run has it: from the manifest where it says, else the scenario, else the spec's default. */
function rawValue(specs: readonly ParamSpec[], s: Scenario, path: string, m: Manifest | null): Json | undefined {
  const v = m ? fromRun(m, path) : undefined;
  if (v !== undefined) return v;
  const flow = /^flow\[(\d+)\]\.(\w+)$/.exec(path);
  // A flow the run does not have has no value (its sentence needs a guard).
  if (flow && m) return undefined;
  if (flow) {
    // Before the run exists: the flow's own setting, else all flows', else the core's default.
    const own = (getPath(s, 'flowOverrides') as Json[] | undefined)?.find(
      (o) => o !== null && typeof o === 'object' && !Array.isArray(o) && o.flow === Number(flow[1]),
    ) as Record<string, Json> | undefined;
    return (
      own?.[flow[2]!] ?? getPath(s, `flows.${flow[2]}`) ?? kindSpec(specs, `live.flow.${flow[2]}`)?.default ?? undefined
    );
  }
  return getPath(s, path) ?? specOf(specs, s, path)?.default ?? undefined;
}

/**
 * One value as a story says it: rates, times and probabilities with their unit ("16 Mb/s",
 * "10 ms", "2%"), counts as bare numbers ("30" TCP flows, a "250"-packet buffer), other numbers
 * to six digits (a RED weight below 0.001 as 1e-4, not "0"), a list of numbers as a ratio ("1:2:3"),
 * an option by its label ("DropTail", never "droptail").
 */
export function storyValue(
  specs: readonly ParamSpec[],
  s: Scenario,
  path: string,
  m: Manifest | null = null,
  known?: Facts,
  o: StoryOptions = {},
): string | null {
  if (path.startsWith('preset:')) return o.presetTitle?.(path.slice('preset:'.length)) ?? null;
  if (path === EXO_LOSS) return lossText(specs, m ? sharedFlowLoss(m) : lossAsWritten(s)) ?? 'none';
  const f = known ?? facts(specs, s, m, {});
  if (path === 'queueKind') return f.queue === null ? null : kindLabel(specs, 'queue.kind', f.queue);
  if (path === 'queueHelp') return f.queue === null ? null : kindSentence(specs, 'queue.kind', f.queue);
  if (path === 'ruleNames') return ruleNames(specs, f.rules);
  if (path === 'lossKind') return f.loss === 'live' ? 'set live' : kindLabel(specs, 'exoLoss.kind', f.loss);
  // Said only of a run (its manifest): until it exists, an ellipsis.
  if (path === RULES) return m ? rulesText(specs, m) : '…';
  if (path === QUEUE) return m ? (queueText(specs, m) ?? 'no shared queue') : '…';
  if (path === 'rtt') return m ? rttText(m) : '…';
  if (path === 'bottleneck') return m ? m.bottleneck : '…';
  const spec = /^flow\[\d+\]\.(\w+)$/.exec(path)
    ? kindSpec(specs, `live.flow.${path.split('.').pop()}`)
    : specOf(specs, s, path);
  const v = rawValue(specs, s, path, m);
  if (typeof v === 'number') {
    const family = spec?.display;
    if (family === 'rate' || family === 'time' || family === 'fraction') return formatHuman(v, spec!);
    if (Number.isInteger(v)) return groupThousands(v);
    // Small gains and weights as papers write them ("1.822e-5"), not as rows of zeros.
    return Math.abs(v) < 1e-3 ? (+v.toPrecision(6)).toExponential() : String(+v.toPrecision(6));
  }
  if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number')) return v.join(':');
  if (typeof v === 'string') return spec?.optionLabels?.[v] ?? v;
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  return null;
}

/** "a 250-packet DropTail queue" (the bottleneck's buffer and kind now); null without one. */
export function queueText(specs: readonly ParamSpec[], m: Manifest): string | null {
  const b = bottleneckOf(m);
  if (!b) return null;
  return `a ${groupThousands(b.buffer)}-packet ${kindLabel(specs, 'queue.kind', b.queue.kind)} queue`;
}

/**
 * The window rules of the run's flows, one sentence per rule in the order flows first use it,
 * from the core's description of each rule ("Every flow runs CUBIC (RFC 9438): ..."): a new
 * rule brings its own sentence, and a run of BBR flows is never told the AIMD sawtooth.
 */
export function rulesText(specs: readonly ParamSpec[], m: Manifest): string {
  const counts = new Map<string, number>();
  for (const f of m.flows) counts.set(f.cc, (counts.get(f.cc) ?? 0) + 1);
  const total = m.flows.length;
  return [...counts]
    .map(([rule, n]) => {
      const who =
        n === total
          ? total === 1
            ? 'The flow runs'
            : 'Every flow runs'
          : `${n} of the ${total} flows ${n === 1 ? 'runs' : 'run'}`;
      const help = kindHelp(specs, 'flows.cc', rule);
      return `${who} ${kindLabel(specs, 'flows.cc', rule)}${help ? `: ${help}` : '.'}`;
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

/** What a guard can ask of a run. */
interface Facts {
  queue: string | null;
  rules: string[];
  loss: string;
  ecn: boolean;
  legend: boolean;
  topology: string;
  flows: number;
  buffer: number;
  bdp: number;
  rtt: number;
  changes: number;
  next: number;
}

/** The flows' loss model as the run has it: none, a kind, "live" once set live, "mixed" when flows differ. */
function lossKindOf(m: Manifest): string {
  const shared = sharedFlowLoss(m);
  if (shared) return shared.source === 'live' ? 'live' : shared.kind;
  const any = m.flows.some((f) => f.lossLink && m.links.find((l) => l.name === f.lossLink)?.loss);
  return any ? 'mixed' : 'none';
}

/**
 * The run's facts from its manifest; before the manifest exists (a title shown while the run is
 * built), what the scenario writes, so a preset's own title is its name.
 */
function facts(specs: readonly ParamSpec[], s: Scenario, m: Manifest | null, o: StoryOptions): Facts {
  const legend = o.legend === true;
  const topology = String(m?.topology ?? getPath(s, 'topology.kind') ?? 'dumbbell');
  if (m) {
    const b = bottleneckOf(m);
    const flows = mainFlows(m);
    const minRtt = flows.length ? Math.min(...flows.map((f) => f.rtt)) : Number.NaN;
    const packetBits = 8 * (m.run.packetSize ?? 1000);
    const bdp = b ? b.buffer / ((b.rate * minRtt) / packetBits) : Number.NaN;
    return {
      queue: b?.queue.kind ?? null,
      rules: m.flows.map((f) => f.cc),
      loss: lossKindOf(m),
      ecn: m.flows.length > 0 && m.flows.every((f) => f.ecn),
      legend,
      topology,
      flows: m.flows.length,
      buffer: b?.buffer ?? Number.NaN,
      bdp,
      rtt: flows.length ? Math.max(...flows.map((f) => f.rtt)) : Number.NaN,
      changes: m.changes.length,
      next: m.nextChange ?? Number.NaN,
    };
  }
  const kind = getPath(s, 'queue.kind');
  const count = Number(rawValue(specs, s, 'flows.count', null));
  const cc = String(getPath(s, 'flows.cc') ?? kindSpec(specs, 'flows.cc')?.default ?? 'aimd');
  const rules: string[] = Array.from({ length: Number.isFinite(count) ? count : 1 }, () => cc);
  const overrides = getPath(s, 'flowOverrides');
  if (Array.isArray(overrides))
    for (const ov of overrides)
      if (
        ov &&
        typeof ov === 'object' &&
        !Array.isArray(ov) &&
        typeof ov.cc === 'string' &&
        typeof ov.flow === 'number'
      )
        if (ov.flow < rules.length) rules[ov.flow] = ov.cc;
  const buffer = Number(getPath(s, 'queue.buffer'));
  return {
    queue: typeof kind === 'string' ? kind : null,
    rules,
    loss: String(getPath(s, 'exoLoss.kind') ?? 'none'),
    ecn: getPath(s, 'flows.ecn') === true,
    legend,
    topology,
    flows: topology === 'dumbbell' ? count : Number.NaN,
    buffer,
    bdp: Number.NaN,
    rtt: Number.NaN,
    changes: 0,
    next: Number.NaN,
  };
}

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '=': (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)),
  '!=': (a, b) => Math.abs(a - b) > 1e-9 * Math.max(1, Math.abs(b)),
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

const CLAUSE = /^(!?)\s*([A-Za-z][\w.[\]-]*)\s*(?:(<=|>=|!=|=|<|>)\s*(.+))?$/;

/** Why a guard cannot be read, or null: every story's guards are checked by a unit test. */
export function guardProblem(cond: string): string | null {
  for (const clause of cond.split('&').map((c) => c.trim())) {
    const c = CLAUSE.exec(clause);
    if (!c) return `"${clause}" is not NAME, !NAME or NAME OP VALUE`;
    const [, , name, op, value] = c;
    const set = ['queue', 'rule', 'some-rule', 'loss', 'topology'].includes(name!);
    const flag = ['ecn', 'legend'].includes(name!);
    if (set && op !== '=' && op !== '!=') return `"${clause}": ${name} takes = or != and a list of kinds`;
    if (flag && op) return `"${clause}": ${name} takes no value`;
    const word = (op === '=' || op === '!=') && /^[\w,-]+$/.test(value ?? '');
    if (!set && !flag && !word && (!op || !Number.isFinite(Number(value))))
      return `"${clause}": ${name} needs OP NUMBER, or = and a list of words`;
  }
  return null;
}

/** Whether the run satisfies a guard's condition (an unreadable one is false: its text is not shown). */
export function guardHolds(
  cond: string,
  specs: readonly ParamSpec[],
  s: Scenario,
  m: Manifest | null,
  o: StoryOptions = {},
  known: Facts = facts(specs, s, m, o),
): boolean {
  if (guardProblem(cond)) return false;
  return cond
    .split('&')
    .map((c) => c.trim())
    .every((clause) => {
      const [, not, name, op, value] = CLAUSE.exec(clause)!;
      const list = (value ?? '').split(',').map((x) => x.trim());
      let ok: boolean;
      if (name === 'queue') ok = known.queue !== null && list.includes(known.queue);
      else if (name === 'rule') ok = known.rules.length > 0 && known.rules.every((r) => list.includes(r));
      else if (name === 'some-rule') ok = known.rules.some((r) => list.includes(r));
      else if (name === 'loss') ok = list.includes(known.loss);
      else if (name === 'topology') ok = list.includes(known.topology);
      else if (name === 'ecn' || name === 'legend') ok = known[name];
      else {
        const own: Record<string, number> = {
          flows: known.flows,
          buffer: known.buffer,
          bdp: known.bdp,
          rtt: known.rtt,
          changes: known.changes,
          next: known.next,
        };
        const raw = name! in own ? own[name!]! : rawValue(specs, s, name!, m);
        if (typeof raw === 'string') {
          // An option compared by its key ("queue.hide=onoff"): the key never reaches the text.
          const hit = list.includes(raw);
          ok = op === '!=' ? !hit : hit;
          return not ? !ok : ok;
        }
        const v = Number(raw);
        ok = Number.isFinite(v) && COMPARE[op!]!(v, Number(value));
        if (op === '!=' && !Number.isFinite(v)) ok = false;
        return not ? !ok && Number.isFinite(v) : ok;
      }
      if (op === '!=') ok = !ok;
      return not ? !ok : ok;
    });
}

/** Collapses what a dropped sentence leaves (and says one flow in the singular): double spaces, a space before punctuation, leading space. */
function tidy(text: string): string {
  return (
    text
      // One flow is one flow: "1 flows share" reads "1 flow shares", "1 CUBIC flows" "1 CUBIC flow".
      .replace(
        /\b1 ((?:[\w()-]+ )?)flows\b( share\b)?/g,
        (_m, what: string, share?: string) => `1 ${what}flow${share ? ' shares' : ''}`,
      )
      .replace(/\s+/g, ' ')
      .replace(/\s+([.,;:)])/g, '$1')
      .replace(/\(\s+/g, '(')
      .trim()
  );
}

/**
 * The story told of the run: each guard kept or dropped (or its alternative shown) as the run
 * satisfies it, each `{name}` filled from the run (a name with no value is left as written, which
 * a unit test forbids for every preset).
 */
export function fillStory(
  text: string,
  specs: readonly ParamSpec[],
  s: Scenario,
  m: Manifest | null = null,
  o: StoryOptions = {},
): string {
  const known = facts(specs, s, m, o);
  let guarded = text;
  for (let before = ''; before !== guarded;) {
    before = guarded;
    guarded = guarded.replace(GUARD, (_whole, cond: string, body: string) => {
      const [yes, no = ''] = body.split('::');
      return guardHolds(cond.trim(), specs, s, m, o, known) ? yes! : no;
    });
  }
  return tidy(guarded.replace(PLACEHOLDER, (whole, path: string) => storyValue(specs, s, path, m, known, o) ?? whole));
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
  o: StoryOptions = {},
): string {
  const name = typeof s.name === 'string' ? s.name : undefined;
  // Until the run's manifest exists, a preset's own scenario is titled by its name.
  if (!m && preset && jsonEqual(preset.scenario, s)) return preset.title;
  if (preset?.titleTemplate && (name === undefined || name === preset.scenario.name))
    return fillStory(preset.titleTemplate, specs, s, m, o);
  return name ?? preset?.title ?? 'Scenario';
}

const SHOWN_LIVE = 5;

/** The run's live changes so far, from its manifest: "exogenous loss (all flows) 0% at 19 s; ..." (the last few). */
export function liveChangesText(specs: readonly ParamSpec[], m: Manifest): string {
  const more = m.changes.length - SHOWN_LIVE;
  const list = m.changes.slice(-SHOWN_LIVE).map((c) => {
    const spec = specForLive(specs, m, c.entity, c.key);
    const where =
      c.entity === 'flows'
        ? 'all flows'
        : c.entity.startsWith('flow.')
          ? `flow ${c.entity.slice(5)}`
          : c.entity.split('.').slice(1).join('.');
    return `${(spec?.label ?? c.key).toLowerCase()} (${where}) ${formatValue(c.value, spec)} at ${+c.t.toFixed(2)} s`;
  });
  return (more > 0 ? `${more} earlier, then ` : '') + list.join('; ');
}
