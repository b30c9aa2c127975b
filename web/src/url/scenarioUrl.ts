// The URL format, in one place. The hash is the save file of the app:
//
//   #v=1&preset=xqm-dumbbell-red&seed=7&queue.maxP=0.2&flows.count=10
//     &live=30:flows:exoLoss:0.05&view.charts=cwnd,queue&view.theme=dark
//
// - `v`: format version (this file writes 1).
// - `preset`: the preset the scenario starts from (left out for the default preset).
// - every other key without a `view.` prefix is a dotted scenario path whose value differs
//   from the preset's; `~` means "left out" (the preset has it, this scenario does not).
//   Values: numbers (JSON's form only: 60, 0.5, -2, 1e-3; not 0x10, +5, 5., " 5"), true/false,
//   null, JSON for arrays and quoted text, and text for everything else. A key given twice: the
//   last value is used, and said.
// - `live`: parameter changes applied while running, `t:entity:key:value` joined by `;`,
//   replayed at the same simulated times so a copied link reproduces the run exactly.
// - `view.*`: what the page shows (charts, hidden flows, theme, speed, embed panels).
// - `sweep`, `sweep.*`: the sweep panel's settings, read and written by sweepUrl.ts.
// - `compare`, `unlock`, `student`: the teaching tools (teachingUrl.ts).
// - `lesson`, `step`: the guided lesson being followed and its step (1-based); a link with
//   only these (`#lesson=aimd-sawtooth&step=2`) opens the step as the lesson defines it.
//
// Defaults are left out. Decoding never throws: what cannot be read is dropped and named, and a
// value the core refuses (bl_check, through checkLink) is left out with the core's reason.
import type { Json, JsonObject, ParamSpec, Scenario } from '../params/types';
import { coerceValue, findSpec, kindParamPath, kindParamsOf } from '../params/specs';
import { kindIn } from '../scenario/changeKind';
import { DEFAULT_PRESET, cloneScenario, findPreset } from '../scenario/presets';
import {
  MAX_JSON_DEPTH,
  deletePath,
  flatten,
  forbiddenSegment,
  getPath,
  isPlainObject,
  jsonEqual,
  jsonProblem,
  setPath,
} from '../../../wasm-core/js/paths.mjs';
import {
  DEFAULT_VIEW,
  isChartId,
  isPanelId,
  isTheme,
  validSpeed,
  type ChartId,
  type PanelId,
  type ViewState,
} from './viewState';
import type { SweepConfig } from '../sweep/sweepConfig';
import { decodeSweep, isSweepKey, sweepEntries } from './sweepUrl';
import { LINK_NUMBER_FORM, isLinkNumber } from './linkNumber';
import { type TeachState, decodeTeachingKey, defaultTeach, encodeTeaching } from './teachingUrl';

export const URL_VERSION = 1;
export const ABSENT = '~';

export type { LiveChange } from '../params/types';
import type { LiveChange } from '../params/types';

/** A place in a guided lesson (web/src/lessons). */
export interface LessonPosition {
  id: string;
  /** 1-based. */
  step: number;
}

export interface AppState {
  preset: string;
  scenario: Scenario;
  live: LiveChange[];
  view: ViewState;
  /** The sweep panel's settings (null: closed). */
  sweep: SweepConfig | null;
  teach: TeachState;
  lesson?: LessonPosition;
}

export interface Decoded {
  state: AppState;
  /** What was dropped, one readable line each ("queue.maxP=7: expected ..."). */
  dropped: string[];
}

/**
 * What a link may carry (docs/scenario.md, "Guard rails"). A link past one of these is not
 * half-read: the part is dropped with a notice (a whole link too long: the default scenario).
 */
export const LINK_LIMITS = {
  /** Characters in the whole hash. */
  chars: 200_000,
  /** Scheduled live changes in `live=`, and characters of its value. */
  liveChanges: 1000,
  liveChars: 64_000,
  /** Entries of an array value (flowOverrides, topology.links, ...): the core's flow limit. */
  items: 2000,
  /** Fields of a dotted key ("queue.red.maxP" has 3): as deep as a value may nest. */
  pathDepth: MAX_JSON_DEPTH,
  /** Keys named one by one in a notice of unknown keys; the rest are counted. */
  namedKeys: 3,
  /** Lines of the notice; the rest are counted in one more line. */
  noticeLines: 20,
} as const;

/** A UTF-16 surrogate without its pair ("\ud800" in JSON): text no encoder can write back. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether some text in a JSON value (a string or an object's key) holds a lone surrogate. */
function hasLoneSurrogate(v: Json): boolean {
  if (typeof v === 'string') return LONE_SURROGATE.test(v);
  if (Array.isArray(v)) return v.some(hasLoneSurrogate);
  if (isPlainObject(v)) return Object.entries(v).some(([k, e]) => LONE_SURROGATE.test(k) || hasLoneSurrogate(e));
  return false;
}

export function defaultState(): AppState {
  return {
    preset: DEFAULT_PRESET.id,
    scenario: cloneScenario(DEFAULT_PRESET.scenario),
    live: [],
    view: { ...DEFAULT_VIEW, charts: [...DEFAULT_VIEW.charts], panels: [...DEFAULT_VIEW.panels] },
    sweep: null,
    teach: defaultTeach(),
  };
}

// ---- values ----

function encodeValue(v: Json): string {
  if (typeof v === 'string') {
    const plain = v !== ABSENT && !/^(true|false|null)$/.test(v) && !/^[[{"]/.test(v) && !isLinkNumber(v);
    return plain ? v : JSON.stringify(v);
  }
  return JSON.stringify(v);
}

function decodeValue(s: string): Json {
  if (s === 'true') return true;
  if (s === 'false') return false;
  if (s === 'null') return null;
  if (isLinkNumber(s)) return Number(s);
  if (/^[[{"]/.test(s)) {
    try {
      return JSON.parse(s) as Json;
    } catch {
      /* text after all */
    }
  }
  return s;
}

/** encodeURIComponent, keeping the characters that are safe and readable in a hash. */
const LONE_SURROGATES = new RegExp(LONE_SURROGATE, 'g');
const KEPT_ESCAPES = /%(5B|5D|2C|3A|3B|22|2F)/g;
/** Text encodeURIComponent leaves as it is (numbers, keys, names): most of a link, so checked first. */
const PLAIN = /^[A-Za-z0-9._~!*'()-]*$/;
function esc(s: string): string {
  if (PLAIN.test(s)) return s;
  // A lone surrogate (text no link can carry; the decoder refuses it) must not make writing the
  // link throw: it is written as U+FFFD.
  return encodeURIComponent(s.replace(LONE_SURROGATES, '\uFFFD')).replace(KEPT_ESCAPES, (m) => decodeURIComponent(m));
}

// ---- encode ----

/** One scenario field as a URL entry ("flows.count=20"); lesson steps are written with it too. */
export function encodeField(path: string, v: Json): string {
  return `${esc(path)}=${esc(encodeValue(v))}`;
}

/** A field of the preset that the scenario removes ("exoLoss.steps=~"). */
export function encodeAbsent(path: string): string {
  return `${esc(path)}=${ABSENT}`;
}

/**
 * The live changes a link can carry and its reader replays (LINK_LIMITS): a change overridden by
 * a later one of the same parameter at the same time is folded away; past the limits, the
 * earliest changes are kept, so the link replays the run exactly up to `until`, and `left`
 * counts the changes after that (the page says so). Never writes what decodeLive would refuse.
 */
export function linkLive(live: readonly LiveChange[]): { live: LiveChange[]; left: number; until?: number } {
  const last = new Map<string, LiveChange>();
  for (const c of live) {
    const k = `${c.t}:${c.entity}:${c.key}`;
    last.delete(k);
    last.set(k, c);
  }
  const folded = [...last.values()].sort((a, b) => a.t - b.t);
  const out: LiveChange[] = [];
  let chars = 0;
  for (const c of folded) {
    chars += `${c.t}:${c.entity}:${c.key}:${c.value}`.length + (out.length ? 1 : 0);
    if (out.length >= LINK_LIMITS.liveChanges || chars > LINK_LIMITS.liveChars) break;
    out.push(c);
  }
  const left = folded.length - out.length;
  return left ? { live: out, left, until: out[out.length - 1]?.t ?? 0 } : { live: out, left };
}

/** What the page says when a link cannot carry all the live changes of a run (linkLive). */
export function liveLeftNotice(live: readonly LiveChange[]): string | null {
  const fit = linkLive(live);
  if (!fit.left) return null;
  return `the link carries the first ${fit.live.length} live changes (to ${fit.until} s); the ${fit.left} after them are not in it (a link replays at most ${LINK_LIMITS.liveChanges} changes, ${LINK_LIMITS.liveChars} characters)`;
}

/** The `live=` entry: changes as t:entity:key:value, separated by ';'. */
export function encodeLive(live: readonly LiveChange[]): string {
  return `live=${live.map((c) => [c.t, c.entity, c.key, c.value].map((x) => esc(String(x))).join(':')).join(';')}`;
}

/**
 * A user's own trace file (topology.trace "custom") stays in the page: the link keeps its name
 * (traceFile) and says it needs the file, never its delivery times.
 */
export const PAGE_ONLY_PATHS: ReadonlySet<string> = new Set(['topology.traceMs', 'topology.traceUpMs']);

export function encodeState(state: AppState): string {
  const preset = findPreset(state.preset) ?? DEFAULT_PRESET;
  const parts: string[] = [`v=${URL_VERSION}`];
  if (preset.id !== DEFAULT_PRESET.id) parts.push(`preset=${esc(preset.id)}`);
  const base = flatten(preset.scenario);
  const cur = flatten(state.scenario);
  // Canonical order, so the same scenario always gives the same link: the preset's fields in
  // the preset's order, then the others by name.
  const order = new Map([...base.keys()].map((k, i) => [k, i]));
  const rank = (p: string) => order.get(p) ?? order.size;
  const paths = [...cur.keys()].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  for (const path of paths) {
    const v = cur.get(path)!;
    if (path === 'version' || PAGE_ONLY_PATHS.has(path)) continue;
    if (!jsonEqual(base.get(path), v)) parts.push(encodeField(path, v));
  }
  for (const path of base.keys()) {
    if (!cur.has(path) && getPath(state.scenario, path) === undefined) parts.push(encodeAbsent(path));
  }
  const live = linkLive(state.live).live;
  if (live.length) parts.push(encodeLive(live));
  const v = state.view;
  const d = DEFAULT_VIEW;
  if (v.charts.join(',') !== d.charts.join(',')) parts.push(`view.charts=${v.charts.join(',')}`);
  if (v.hidden.length) parts.push(`view.hide=${v.hidden.join(',')}`);
  if (v.theme !== d.theme) parts.push(`view.theme=${v.theme}`);
  if (v.speed !== d.speed) parts.push(`view.speed=${v.speed}`);
  if (v.panels.join(',') !== d.panels.join(',')) parts.push(`view.panels=${v.panels.join(',')}`);
  if (v.fluid) parts.push('view.fluid=1');
  if (v.lines) parts.push('view.lines=1');
  // ---- sweep keys (sweepUrl.ts) ----
  for (const [k, val] of sweepEntries(state.sweep)) parts.push(`${esc(k)}=${esc(val)}`);
  parts.push(...encodeTeaching(state.teach));
  if (state.lesson) parts.push(`lesson=${esc(state.lesson.id)}`, `step=${state.lesson.step}`);
  return '#' + parts.join('&');
}

// ---- decode ----

function decodeList<T extends string>(raw: string, ok: (s: string) => s is T, what: string, dropped: string[]): T[] {
  const out: T[] = [];
  for (const item of raw.split(',').filter(Boolean)) {
    if (ok(item)) out.push(item);
    else dropped.push(`${what} "${item}": unknown`);
  }
  return out;
}

function decodeLive(raw: string, dropped: string[]): LiveChange[] {
  const out: LiveChange[] = [];
  const items = raw.length > LINK_LIMITS.liveChars ? null : raw.split(';').filter(Boolean);
  if (!items || items.length > LINK_LIMITS.liveChanges) {
    dropped.push(
      `live: ${items ? `${items.length} changes` : `${raw.length} characters`}; a link may carry at most ${LINK_LIMITS.liveChanges} live changes (${LINK_LIMITS.liveChars} characters), so none were replayed`,
    );
    return out;
  }
  for (const item of items) {
    const [t = '', entity, key, value = '', ...rest] = item.split(':');
    const tn = isLinkNumber(t) ? Number(t) : NaN;
    const vn = isLinkNumber(value) ? Number(value) : NaN;
    if (
      rest.length ||
      !entity ||
      !key ||
      entity.includes('\0') ||
      key.includes('\0') ||
      !Number.isFinite(tn) ||
      tn < 0 ||
      !Number.isFinite(vn)
    ) {
      dropped.push(`live change "${clip(item)}": expected time:entity:key:value (${LINK_NUMBER_FORM})`);
    } else out.push({ t: tn, entity, key, value: vn });
  }
  return out.sort((a, b) => a.t - b.t);
}

function decodeView(key: string, raw: string, view: ViewState, dropped: string[]): void {
  switch (key) {
    case 'view.charts':
      view.charts = decodeList<ChartId>(raw, isChartId, 'chart', dropped);
      break;
    case 'view.panels':
      view.panels = decodeList<PanelId>(raw, isPanelId, 'panel', dropped);
      break;
    case 'view.hide': {
      const ids = raw.split(',').filter(Boolean);
      if (ids.every((n) => /^(0|[1-9]\d*)$/.test(n))) view.hidden = ids.map(Number);
      else dropped.push(`view.hide=${raw}: expected flow numbers`);
      break;
    }
    case 'view.theme':
      if (isTheme(raw)) view.theme = raw;
      else dropped.push(`view.theme=${raw}: expected auto, light or dark`);
      break;
    case 'view.fluid':
      if (raw === '1' || raw === '0') view.fluid = raw === '1';
      else dropped.push(`view.fluid=${raw}: expected 1 (fluid model drawn) or 0`);
      break;
    case 'view.lines':
      if (raw === '1' || raw === '0') view.lines = raw === '1';
      else dropped.push(`view.lines=${raw}: expected 1 (one line per flow) or 0 (a band above 20 flows)`);
      break;
    case 'view.speed': {
      const n = isLinkNumber(raw) ? Number(raw) : NaN;
      if (validSpeed(n)) view.speed = n;
      else dropped.push(`view.speed=${raw}: expected 0 (as fast as possible) or 0.1 to 1000`);
      break;
    }
    default:
      dropped.push(`${key}: unknown view setting`);
  }
}

/**
 * Links written before the window rule's parameters moved to "flows.ccParams" say "flows.N":
 * read as "flows.ccParams.N" when N is a parameter of the rule the scenario uses.
 */
function movedKindParam(key: string, specs: readonly ParamSpec[], scenario: JsonObject): string {
  const [group, leaf, ...rest] = key.split('.');
  if (!group || !leaf || rest.length || !kindParamsOf(specs, group) || specs.some((sp) => sp.key === key)) return key;
  const kind = kindIn(specs, scenario)(group);
  return typeof kind === 'string' && specs.some((sp) => sp.key === `${group}.${kind}.${leaf}`)
    ? kindParamPath(specs, group, leaf)
    : key;
}

/**
 * Reads a hash (with or without '#'). `specs` (from bl_describe) say which keys are scenario
 * fields and the type to read each value in; the values themselves are the core's to judge:
 * checkLink asks bl_check and leaves out what it names. Never throws.
 */
export function decodeState(hash: string, specs?: readonly ParamSpec[]): Decoded {
  const dropped: string[] = [];
  const state = defaultState();
  const text = hash.replace(/^#/, '');
  if (text.trim() === '') return { state, dropped };
  if (text.length > LINK_LIMITS.chars) {
    dropped.push(
      `the link is ${text.length} characters long; at most ${LINK_LIMITS.chars} are read, so the default scenario was opened`,
    );
    return { state, dropped };
  }

  // One entry per key: a key given more than once keeps its last value, and the notice says so
  // (5,000 `duration=` keys are one field, read once). A Map keeps this linear in the link.
  const last = new Map<string, { value: string; count: number }>();
  for (const part of text.split('&').filter(Boolean)) {
    const eq = part.indexOf('=');
    try {
      const k = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
      const v = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
      const seen = last.get(k);
      if (seen) {
        // Delete first, so the key takes the place of its last occurrence.
        last.delete(k);
        last.set(k, { value: v, count: seen.count + 1 });
      } else last.set(k, { value: v, count: 1 });
    } catch {
      dropped.push(`"${part.slice(0, 40)}": not a valid URL entry`);
    }
  }
  const entries: [string, string][] = [...last].map(([k, e]) => [k, e.value]);
  for (const [k, e] of last)
    if (e.count > 1) dropped.push(`${clip(k)}: given ${e.count} times; the last value (${clip(e.value)}) was used`);
  const get = (k: string) => last.get(k)?.value;

  const version = get('v');
  if (version === undefined) dropped.push(`link version: missing (read as version ${URL_VERSION})`);
  else if (version !== String(URL_VERSION))
    dropped.push(`link version ${version}: this app reads version ${URL_VERSION}; kept what it could`);

  const presetId = get('preset');
  if (presetId !== undefined) {
    const preset = findPreset(presetId);
    if (preset) {
      state.preset = preset.id;
      state.scenario = cloneScenario(preset.scenario);
    } else dropped.push(`preset "${presetId}": unknown, used "${DEFAULT_PRESET.id}"`);
  }
  const basePaths = flatten(state.scenario);
  // ---- sweep keys (sweepUrl.ts) ----
  state.sweep = decodeSweep(
    entries.filter(([k]) => isSweepKey(k)),
    dropped,
    specs,
  );

  const lesson = get('lesson');
  if (lesson !== undefined) {
    const step = Number(get('step') ?? 1);
    if (/^[a-z0-9][a-z0-9-]{0,63}$/.test(lesson) && Number.isInteger(step) && step >= 1)
      state.lesson = { id: lesson, step };
    else dropped.push(`lesson=${lesson}&step=${get('step') ?? ''}: expected a lesson id and a step number from 1`);
  }

  // Keys refused as unknown or malformed: a few are named, the rest counted (a link of 10,000
  // unknown keys is one line, not 10,000).
  const unknown: string[] = [];
  const notField: string[] = [];
  // The first field of every path the specs or the preset know: a key starting elsewhere is
  // unknown without a search of the specs (which cost 10,000 keys 43 s, issue 28).
  const roots = specs?.length
    ? new Set([...specs.map((sp) => rootOf(sp.key)), ...[...basePaths.keys()].map(rootOf)])
    : null;
  for (const [rawKey, raw] of entries) {
    const key = specs ? movedKindParam(rawKey, specs, state.scenario) : rawKey;
    if (key === 'v' || key === 'preset' || key === 'lesson' || key === 'step') continue;
    if (key === 'live') {
      state.live = decodeLive(raw, dropped);
      continue;
    }
    if (key.startsWith('view.')) {
      decodeView(key, raw, state.view, dropped);
      continue;
    }
    if (isSweepKey(key)) continue;
    if (decodeTeachingKey(key, raw, state.teach, dropped)) continue;
    const bad = forbiddenSegment(key);
    if (bad !== undefined) {
      dropped.push(`"${key}": refused, "${bad}" is not a scenario field (it would reach every object of the page)`);
      continue;
    }
    if (!plainKey(key) || key === 'version') {
      notField.push(key);
      continue;
    }
    const depth = key.split('.').length;
    if (depth > LINK_LIMITS.pathDepth) {
      dropped.push(
        `"${clip(key)}": refused, a path of ${depth} fields; a scenario path has at most ${LINK_LIMITS.pathDepth}`,
      );
      continue;
    }
    if (roots && !roots.has(rootOf(key))) {
      unknown.push(key);
      continue;
    }
    const spec = specs ? findSpec(specs, key, kindIn(specs, state.scenario, false)) : undefined;
    const field = spec ? `${spec.label} (${key})` : key;
    if (raw.includes('\0')) {
      dropped.push(`${field}: refused, the value holds a NUL character`);
      continue;
    }
    if (raw === ABSENT) {
      deletePath(state.scenario, key);
      continue;
    }
    const value = decodeValue(raw);
    const problem =
      jsonProblem(value) ??
      (Array.isArray(value) && value.length > LINK_LIMITS.items
        ? `${value.length} entries; a link may carry at most ${LINK_LIMITS.items}`
        : undefined) ??
      (hasLoneSurrogate(value) ? 'the text holds a lone surrogate (\\ud800 to \\udfff without its pair)' : undefined);
    if (problem) {
      dropped.push(`${field}: refused, ${problem}`);
      continue;
    }
    if (spec && spec.type !== 'json' && (isPlainObject(value) || Array.isArray(value))) {
      dropped.push(`${key}=${raw}: expected a single value (write objects as dotted keys)`);
      continue;
    }
    if (spec && (spec.type === 'number' || spec.type === 'integer')) {
      const nullable = raw === 'null' && (spec.nullable || spec.default === null);
      // Only JSON's form of a number (what the page writes); 0x10, +5, 5., " 5" or "5" are not read as one.
      if (!nullable && typeof value !== 'number') {
        dropped.push(`${field}=${clip(raw)}: refused, not a number; ${LINK_NUMBER_FORM}`);
        continue;
      }
      if (typeof value === 'number' && !Number.isFinite(value)) {
        dropped.push(`${field}=${clip(raw)}: refused, too large for a number`);
        continue;
      }
    }
    if (spec) {
      // Read in the field's type; whether the value is allowed is the core's check to say (checkLink).
      if (!setPath(state.scenario, key, coerceValue(spec, value) as Json))
        dropped.push(`${key}: conflicts with another field`);
      continue;
    }
    // Not a field the specs name (or no specs yet): a value or a whole array (a JSON list), which the core checks.
    if (isPlainObject(value)) {
      dropped.push(`${key}=${raw}: expected a single value (write objects as dotted keys)`);
      continue;
    }
    if (specs && specs.length && !basePaths.has(key)) {
      unknown.push(key);
      continue;
    }
    if (!setPath(state.scenario, key, value)) dropped.push(`${key}: conflicts with another field`);
  }
  dropped.push(...keyList(unknown, 'unknown scenario field'), ...keyList(notField, 'not a scenario field', true));
  state.scenario.version = 1;
  if (dropped.length > LINK_LIMITS.noticeLines) {
    const more = dropped.length - (LINK_LIMITS.noticeLines - 1);
    dropped.splice(LINK_LIMITS.noticeLines - 1, Infinity, `... and ${more} more things the link gave were left out`);
  }
  return { state, dropped };
}

/** The first field of a key ("queue" of "queue.red.maxP", "flowOverrides" of "flowOverrides[0]"). */
function rootOf(key: string): string {
  const m = /^[^.[]*/.exec(key);
  return m ? m[0] : key;
}

/** A dotted path of plain names ("queue.maxP"), the only form of a scenario key in a link. */
function plainKey(key: string): boolean {
  return /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(key);
}

/** At most 40 characters of a key or value, for a notice. */
function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}...` : s;
}

/**
 * Refused keys as notice lines: each on its own line when there are a few ("x: unknown scenario
 * field"), else one line naming the first few and counting the rest.
 */
function keyList(keys: string[], what: string, quote = false): string[] {
  const show = (k: string) => (quote ? `"${clip(k)}"` : clip(k));
  if (keys.length <= LINK_LIMITS.namedKeys) return keys.map((k) => `${show(k)}: ${what}`);
  const named = keys.slice(0, LINK_LIMITS.namedKeys).map(show).join(', ');
  return [`${keys.length} keys left out (${what}): ${named} and ${keys.length - LINK_LIMITS.namedKeys} more`];
}

/**
 * Whether a decoded link needs the core's check: not when it sets no value of the scenario (a bare
 * URL, or a preset alone), which runs a preset as it is (every preset passes the check:
 * scenarioUrl.test.ts). So a first visit's run does not wait a round trip to the worker.
 */
export function linkNeedsCheck(d: Decoded): boolean {
  return JSON.stringify(d.state.scenario) !== JSON.stringify((findPreset(d.state.preset) ?? DEFAULT_PRESET).scenario);
}

/**
 * The decoded link as the core accepts it: every field the core's check names is set back to
 * the link's preset's value, or left out (its default) where the preset has none, and said, with
 * the field, what is allowed and the value used, beside what decoding dropped. `repair` is the worker's (SimController.repair); when it fails (no core, a document
 * it cannot mend) the link is kept as read, for the run to report.
 */
export async function checkLink(
  d: Decoded,
  repair: (s: Scenario, base: Scenario) => Promise<{ ok: boolean; notices: string[]; scenario: Scenario }>,
): Promise<Decoded> {
  if (!linkNeedsCheck(d)) return d;
  const base = (findPreset(d.state.preset) ?? DEFAULT_PRESET).scenario;
  try {
    const r = await repair(d.state.scenario, base);
    if (!r.ok) return d;
    return { state: { ...d.state, scenario: r.scenario }, dropped: [...d.dropped, ...r.notices] };
  } catch {
    return d;
  }
}
