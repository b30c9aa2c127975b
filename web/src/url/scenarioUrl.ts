// The URL format, in one place. The hash is the save file of the app:
//
//   #v=1&preset=xqm-dumbbell-red&seed=7&queue.maxP=0.2&flows.count=10
//     &live=30:flows:exoLoss:0.05&view.charts=cwnd,queue&view.theme=dark
//
// - `v`: format version (this file writes 1).
// - `preset`: the preset the scenario starts from (left out for the default preset).
// - every other key without a `view.` prefix is a dotted scenario path whose value differs
//   from the preset's; `~` means "left out" (the preset has it, this scenario does not).
//   Values: numbers, true/false, null, JSON for arrays, and text for everything else.
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
import type { Json, JsonObject, ParamSpec, Scenario } from '../core/types';
import { coerceValue, findSpec, kindParamPath, kindParamsOf } from '../core/specs';
import { kindIn } from '../scenario/changeKind';
import { DEFAULT_PRESET, cloneScenario, findPreset } from '../scenario/presets';
import {
  deletePath,
  flatten,
  forbiddenSegment,
  getPath,
  isPlainObject,
  jsonEqual,
  jsonProblem,
  setPath,
} from '../scenario/paths.mjs';
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
import { type TeachState, decodeTeachingKey, defaultTeach, encodeTeaching } from './teachingUrl';

export const URL_VERSION = 1;
export const ABSENT = '~';

export type { LiveChange } from '../core/types';
import type { LiveChange } from '../core/types';

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
} as const;

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
    const plain = v !== ABSENT && !/^(true|false|null)$/.test(v) && !/^[[{"]/.test(v) && Number.isNaN(Number(v));
    return plain ? v : JSON.stringify(v);
  }
  return JSON.stringify(v);
}

function decodeValue(s: string): Json {
  if (s === 'true') return true;
  if (s === 'false') return false;
  if (s === 'null') return null;
  if (s !== '' && !Number.isNaN(Number(s))) return Number(s);
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
function esc(s: string): string {
  return encodeURIComponent(s).replace(/%(5B|5D|2C|3A|3B|22|2F)/g, (m) => decodeURIComponent(m));
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

/** The `live=` entry: changes as t:entity:key:value, separated by ';'. */
export function encodeLive(live: readonly LiveChange[]): string {
  return `live=${live.map((c) => [c.t, c.entity, c.key, c.value].map((x) => esc(String(x))).join(':')).join(';')}`;
}

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
    if (path === 'version') continue;
    if (!jsonEqual(base.get(path), v)) parts.push(encodeField(path, v));
  }
  for (const path of base.keys()) {
    if (!cur.has(path) && getPath(state.scenario, path) === undefined) parts.push(encodeAbsent(path));
  }
  if (state.live.length) parts.push(encodeLive(state.live));
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
    const [t, entity, key, value, ...rest] = item.split(':');
    const tn = Number(t);
    const vn = Number(value);
    if (
      rest.length ||
      !entity ||
      !key ||
      entity.includes('\0') ||
      key.includes('\0') ||
      !Number.isFinite(tn) ||
      tn < 0 ||
      value === undefined ||
      value === '' ||
      !Number.isFinite(vn)
    ) {
      dropped.push(`live change "${item}": expected time:entity:key:value`);
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
      const ids = raw.split(',').filter(Boolean).map(Number);
      if (ids.every((n) => Number.isInteger(n) && n >= 0)) view.hidden = ids;
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
      const n = Number(raw);
      if (raw !== '' && validSpeed(n)) view.speed = n;
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

  const entries: [string, string][] = [];
  for (const part of text.split('&').filter(Boolean)) {
    const eq = part.indexOf('=');
    try {
      const k = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
      const v = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
      entries.push([k, v]);
    } catch {
      dropped.push(`"${part.slice(0, 40)}": not a valid URL entry`);
    }
  }
  const get = (k: string) => entries.find(([key]) => key === k)?.[1];

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
    if (!/^[A-Za-z_][\w]*(\.[A-Za-z_]\w*)*$/.test(key) || key === 'version') {
      dropped.push(`"${key}": not a scenario field`);
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
        : undefined);
    if (problem) {
      dropped.push(`${key}: refused, ${problem}`);
      continue;
    }
    const spec = specs ? findSpec(specs, key, kindIn(specs, state.scenario, false)) : undefined;
    if (spec && spec.type !== 'json' && (isPlainObject(value) || Array.isArray(value))) {
      dropped.push(`${key}=${raw}: expected a single value (write objects as dotted keys)`);
      continue;
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
      dropped.push(`${key}: unknown scenario field`);
      continue;
    }
    if (!setPath(state.scenario, key, value)) dropped.push(`${key}: conflicts with another field`);
  }
  state.scenario.version = 1;
  return { state, dropped };
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
  try {
    const r = await repair(d.state.scenario, (findPreset(d.state.preset) ?? DEFAULT_PRESET).scenario);
    if (!r.ok) return d;
    return { state: { ...d.state, scenario: r.scenario }, dropped: [...d.dropped, ...r.notices] };
  } catch {
    return d;
  }
}
