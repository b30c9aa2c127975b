// Reads and validates lesson files. Every error names the field ("steps[2].annotations[0].t")
// and what is allowed, so an instructor writing a lesson sees at once what to fix.
import type { Json } from '../params/types';
import { isChartId } from '../url/viewState';
import { isPlainObject } from '../../../wasm-core/js/paths.mjs';
import type {
  Annotation,
  Check,
  Lesson,
  LessonIndexEntry,
  LessonStep,
  Measure,
  Prediction,
  ScheduledChange,
  StepScenario,
} from './lessonTypes';

export const LESSON_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const ACROSS = ['sum', 'mean', 'min', 'max', 'jain'] as const;
const OPS = ['>', '<'] as const;
/** Placeholders of measures in text: {name}. */
export const PLACEHOLDER = /\{([A-Za-z_]\w*)\}/g;

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: string[] };

class Reader {
  errors: string[] = [];
  fail(path: string, what: string): undefined {
    this.errors.push(`${path}: ${what}`);
    return undefined;
  }

  obj(v: unknown, path: string): Record<string, unknown> | undefined {
    return isPlainObject(v) ? v : this.fail(path, 'expected an object');
  }
  str(o: Record<string, unknown>, key: string, path: string, optional = false): string | undefined {
    const v = o[key];
    if (v === undefined && optional) return undefined;
    return typeof v === 'string' && v.trim() !== '' ? v : this.fail(`${path}.${key}`, 'expected non-empty text');
  }
  num(
    o: Record<string, unknown>,
    key: string,
    path: string,
    min: number,
    max: number,
    optional = false,
  ): number | undefined {
    const v = o[key];
    if (v === undefined && optional) return undefined;
    return typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max
      ? v
      : this.fail(`${path}.${key}`, `expected a number from ${min} to ${max}`);
  }
  int(
    o: Record<string, unknown>,
    key: string,
    path: string,
    min: number,
    max: number,
    optional = false,
  ): number | undefined {
    const v = this.num(o, key, path, min, max, optional);
    return v === undefined || Number.isInteger(v)
      ? v
      : this.fail(`${path}.${key}`, `expected a whole number from ${min} to ${max}`);
  }
  list(o: Record<string, unknown>, key: string, path: string, optional = false): unknown[] | undefined {
    const v = o[key];
    if (v === undefined && optional) return undefined;
    return Array.isArray(v) ? v : this.fail(`${path}.${key}`, 'expected a list');
  }
  oneOf<T extends string>(
    o: Record<string, unknown>,
    key: string,
    path: string,
    allowed: readonly T[],
    optional = false,
  ): T | undefined {
    const v = o[key];
    if (v === undefined && optional) return undefined;
    return typeof v === 'string' && (allowed as readonly string[]).includes(v)
      ? (v as T)
      : this.fail(`${path}.${key}`, `expected one of ${allowed.join(', ')}`);
  }
  unknownKeys(o: Record<string, unknown>, path: string, known: readonly string[]): void {
    for (const k of Object.keys(o))
      if (!known.includes(k)) this.fail(`${path}.${k}`, `unknown field (allowed: ${known.join(', ')})`);
  }
}

function readScenario(r: Reader, v: unknown, path: string): StepScenario | undefined {
  const o = r.obj(v, path);
  if (!o) return undefined;
  if ('hash' in o) {
    r.unknownKeys(o, path, ['hash']);
    const hash = r.str(o, 'hash', path);
    if (hash !== undefined && !hash.startsWith('#v='))
      return r.fail(`${path}.hash`, 'expected a scenario URL hash starting with "#v="');
    return hash === undefined ? undefined : { hash };
  }
  r.unknownKeys(o, path, ['preset', 'set']);
  const preset = r.str(o, 'preset', path);
  const set = o.set;
  if (set !== undefined && !isPlainObject(set))
    return r.fail(`${path}.set`, 'expected an object of dotted scenario paths');
  if (preset === undefined) return undefined;
  return set === undefined ? { preset } : { preset, set: set as Record<string, Json> };
}

function readLive(r: Reader, v: unknown, path: string): ScheduledChange | undefined {
  const o = r.obj(v, path);
  if (!o) return undefined;
  r.unknownKeys(o, path, ['t', 'entity', 'key', 'value']);
  const t = r.num(o, 't', path, 0, 1e6);
  const entity = r.str(o, 'entity', path);
  const key = r.str(o, 'key', path);
  const value = r.num(o, 'value', path, -1e12, 1e12);
  if (t === undefined || entity === undefined || key === undefined || value === undefined) return undefined;
  return { t, entity, key, value };
}

function readAnnotation(r: Reader, v: unknown, path: string): Annotation | undefined {
  const o = r.obj(v, path);
  if (!o) return undefined;
  r.unknownKeys(o, path, ['chart', 't', 'y', 'flow', 'text']);
  const chart = o.chart;
  if (typeof chart !== 'string' || !isChartId(chart))
    return r.fail(`${path}.chart`, 'expected a chart id (cwnd, queue, throughput, loss, jain, share)');
  const t = r.num(o, 't', path, 0, 1e6);
  const y = r.num(o, 'y', path, -1e12, 1e12, true);
  const flow = r.int(o, 'flow', path, 0, 100000, true);
  const text = r.str(o, 'text', path);
  if (t === undefined || text === undefined) return undefined;
  const a: Annotation = { chart, t, text };
  if (y !== undefined) a.y = y;
  if (flow !== undefined) a.flow = flow;
  return a;
}

/**
 * Summary keys a lesson may measure as "summary.KEY": the core's figures over the measured
 * window [measureFrom, end] (the bottleneck's queueing delay, mean and 95th percentile, s).
 */
export const SUMMARY_MEASURES = ['meanDelay', 'p95Delay'] as const;
export const SUMMARY_PREFIX = 'summary.';

function readMeasure(r: Reader, v: unknown, path: string): Measure | undefined {
  const o = r.obj(v, path);
  if (!o) return undefined;
  r.unknownKeys(o, path, ['column', 'from', 'to', 'across', 'flows', 'scale', 'digits', 'unit', 'label']);
  const column = r.str(o, 'column', path);
  const from = r.num(o, 'from', path, 0, 1e6);
  const to = r.num(o, 'to', path, 0, 1e6);
  const across = r.oneOf(o, 'across', path, ACROSS, true);
  const scale = r.num(o, 'scale', path, -1e12, 1e12, true);
  const digits = r.int(o, 'digits', path, 0, 6, true);
  const unit = r.str(o, 'unit', path, true);
  const label = r.str(o, 'label', path, true);
  if (column === undefined || from === undefined || to === undefined) return undefined;
  if (to <= from) return r.fail(`${path}.to`, `expected a time after from (${from})`);
  if (
    column.startsWith(SUMMARY_PREFIX) &&
    !(SUMMARY_MEASURES as readonly string[]).includes(column.slice(SUMMARY_PREFIX.length))
  )
    return r.fail(
      `${path}.column`,
      `expected one of ${SUMMARY_MEASURES.map((k) => SUMMARY_PREFIX + k).join(', ')} for a summary measure`,
    );
  const wild = column.includes('*');
  if (wild !== (across !== undefined))
    return r.fail(
      `${path}.across`,
      wild ? 'a column with "*" needs across (sum, mean, min, max or jain)' : 'across is only for a column with "*"',
    );
  const m: Measure = { column, from, to };
  if (across !== undefined) m.across = across;
  if (o.flows !== undefined) {
    const f = o.flows;
    if (
      !wild ||
      !Array.isArray(f) ||
      f.length !== 2 ||
      !f.every((x) => Number.isInteger(x) && (x as number) >= 0) ||
      (f[0] as number) > (f[1] as number)
    ) {
      return r.fail(`${path}.flows`, 'expected [first, last] flow numbers (first <= last) for a column with "*"');
    }
    m.flows = [f[0] as number, f[1] as number];
  }
  if (scale !== undefined) m.scale = scale;
  if (digits !== undefined) m.digits = digits;
  if (unit !== undefined) m.unit = unit;
  if (label !== undefined) m.label = label;
  return m;
}

function readCheck(r: Reader, v: unknown, path: string, measures: Set<string>): Check | undefined {
  const o = r.obj(v, path);
  if (!o) return undefined;
  r.unknownKeys(o, path, ['left', 'op', 'right', 'factor']);
  const left = r.str(o, 'left', path);
  const op = r.oneOf(o, 'op', path, OPS);
  const right = o.right;
  const factor = r.num(o, 'factor', path, -1e12, 1e12, true);
  if (left !== undefined && !measures.has(left)) r.fail(`${path}.left`, `"${left}" is not a measure of this step`);
  if (typeof right === 'string' ? !measures.has(right) : !(typeof right === 'number' && Number.isFinite(right))) {
    r.fail(`${path}.right`, 'expected a measure of this step or a number');
    return undefined;
  }
  if (left === undefined || op === undefined || !measures.has(left)) return undefined;
  const c: Check = { left, op, right: right as string | number };
  if (factor !== undefined) c.factor = factor;
  return c;
}

function readPredict(r: Reader, v: unknown, path: string): Prediction | undefined {
  const o = r.obj(v, path);
  if (!o) return undefined;
  r.unknownKeys(o, path, ['question', 'options', 'answer', 'reveal']);
  const question = r.str(o, 'question', path);
  const options = r.list(o, 'options', path);
  const reveal = r.str(o, 'reveal', path);
  if (
    options &&
    (options.length < 2 || options.length > 6 || !options.every((x) => typeof x === 'string' && x.trim() !== ''))
  ) {
    r.fail(`${path}.options`, 'expected 2 to 6 non-empty texts');
    return undefined;
  }
  const answer = r.int(o, 'answer', path, 0, Math.max(0, (options?.length ?? 1) - 1));
  if (question === undefined || options === undefined || reveal === undefined || answer === undefined) return undefined;
  return { question, options: options as string[], answer, reveal };
}

function checkPlaceholders(r: Reader, text: string | undefined, path: string, measures: Set<string>): void {
  if (text === undefined) return;
  for (const m of text.matchAll(PLACEHOLDER))
    if (!measures.has(m[1]!)) r.fail(path, `{${m[1]}} is not a measure of this step`);
}

const STEP_KEYS = [
  'title',
  'scenario',
  'live',
  'charts',
  'speed',
  'runTo',
  'text',
  'equation',
  'annotations',
  'predict',
  'measures',
  'checks',
];

function readStep(r: Reader, v: unknown, path: string): LessonStep | undefined {
  const o = r.obj(v, path);
  if (!o) return undefined;
  r.unknownKeys(o, path, STEP_KEYS);
  const title = r.str(o, 'title', path);
  const scenario = readScenario(r, o.scenario, `${path}.scenario`);
  const text = r.str(o, 'text', path);
  const step: LessonStep = { title: title ?? '', scenario: scenario ?? { preset: '' }, text: text ?? '' };
  const live = r.list(o, 'live', path, true);
  if (live)
    step.live = live
      .map((x, i) => readLive(r, x, `${path}.live[${i}]`))
      .filter((x): x is ScheduledChange => x !== undefined);
  const charts = r.list(o, 'charts', path, true);
  if (charts) {
    const bad = charts.filter((c) => typeof c !== 'string' || !isChartId(c));
    if (bad.length || charts.length === 0)
      r.fail(`${path}.charts`, 'expected a list of chart ids (cwnd, queue, throughput, loss, jain, share)');
    else step.charts = charts as LessonStep['charts'];
  }
  const speed = r.num(o, 'speed', path, 0, 1000, true);
  if (speed !== undefined) {
    if (speed !== 0 && speed < 0.1) r.fail(`${path}.speed`, 'expected 0 (as fast as possible) or 0.1 to 1000');
    else step.speed = speed;
  }
  const runTo = r.num(o, 'runTo', path, 0.001, 1e6, true);
  if (runTo !== undefined) step.runTo = runTo;
  const equation = r.str(o, 'equation', path, true);
  if (equation !== undefined) step.equation = equation;
  const annotations = r.list(o, 'annotations', path, true);
  if (annotations)
    step.annotations = annotations
      .map((x, i) => readAnnotation(r, x, `${path}.annotations[${i}]`))
      .filter((x): x is Annotation => x !== undefined);
  const measures: Record<string, Measure> = {};
  // Names declared (even with a bad definition), so one mistake is reported once.
  const names = new Set<string>();
  if (o.measures !== undefined) {
    const mo = r.obj(o.measures, `${path}.measures`);
    for (const [name, mv] of Object.entries(mo ?? {})) {
      if (!/^[A-Za-z_]\w*$/.test(name)) {
        r.fail(`${path}.measures.${name}`, 'a measure name is letters, digits and _');
        continue;
      }
      names.add(name);
      const m = readMeasure(r, mv, `${path}.measures.${name}`);
      if (m) measures[name] = m;
    }
    step.measures = measures;
  }
  const checks = r.list(o, 'checks', path, true);
  if (checks)
    step.checks = checks
      .map((x, i) => readCheck(r, x, `${path}.checks[${i}]`, names))
      .filter((x): x is Check => x !== undefined);
  if (o.predict !== undefined) {
    const p = readPredict(r, o.predict, `${path}.predict`);
    if (p) step.predict = p;
    if (p && !step.checks?.length)
      r.fail(`${path}.checks`, 'a prediction needs at least one check that shows its answer in the run');
  }
  checkPlaceholders(r, text, `${path}.text`, names);
  checkPlaceholders(r, step.predict?.reveal, `${path}.predict.reveal`, names);
  return step;
}

function readEntry(r: Reader, o: Record<string, unknown>, path: string): LessonIndexEntry | undefined {
  const id = r.str(o, 'id', path);
  if (id !== undefined && !LESSON_ID.test(id))
    r.fail(`${path}.id`, 'expected lower-case letters, digits and "-" (at most 64)');
  const title = r.str(o, 'title', path);
  const summary = r.str(o, 'summary', path);
  const topics = r.list(o, 'topics', path);
  if (topics && !topics.every((t) => typeof t === 'string' && t.trim() !== ''))
    r.fail(`${path}.topics`, 'expected a list of texts');
  if (id === undefined || title === undefined || summary === undefined || topics === undefined) return undefined;
  return { id, title, summary, topics: topics as string[] };
}

/** Validates a parsed lesson.json; `id` is its folder name, which the file's id must equal. */
export function parseLesson(v: unknown, id: string): Parsed<Lesson> {
  const r = new Reader();
  const o = r.obj(v, 'lesson');
  if (!o) return { ok: false, errors: r.errors };
  r.unknownKeys(o, 'lesson', ['id', 'title', 'summary', 'topics', 'steps']);
  const entry = readEntry(r, o, 'lesson');
  if (entry && entry.id !== id) r.fail('lesson.id', `"${entry.id}" differs from its folder "${id}"`);
  const steps = r.list(o, 'steps', 'lesson');
  if (steps && steps.length === 0) r.fail('lesson.steps', 'expected at least one step');
  const read = (steps ?? []).map((s, i) => readStep(r, s, `steps[${i}]`));
  if (r.errors.length || !entry) return { ok: false, errors: r.errors };
  return { ok: true, value: { ...entry, steps: read as LessonStep[] } };
}

/** Validates public/lessons/index.json. */
export function parseIndex(v: unknown): Parsed<LessonIndexEntry[]> {
  const r = new Reader();
  if (!Array.isArray(v)) return { ok: false, errors: ['index: expected a list of lessons'] };
  const out = v.map((x, i) => {
    const o = r.obj(x, `index[${i}]`);
    return o ? readEntry(r, o, `index[${i}]`) : undefined;
  });
  const ids = out.map((e) => e?.id);
  ids.forEach((id, i) => {
    if (id !== undefined && ids.indexOf(id) !== i) r.fail(`index[${i}].id`, `"${id}" is listed twice`);
  });
  return r.errors.length ? { ok: false, errors: r.errors } : { ok: true, value: out as LessonIndexEntry[] };
}

/** A file that is not there: a 404, or the HTML page a single-page host serves for any path. */
class Missing extends Error {}

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (res.status === 404 || /text\/html/.test(res.headers.get('content-type') ?? '')) throw new Missing(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${res.statusText}`);
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new Error(`${url} is not valid JSON: ${(e as Error).message}`);
  }
}

/** Fetches and validates a lesson (relative to the page, so any static host works). */
export async function fetchLesson(id: string): Promise<Parsed<Lesson>> {
  if (!LESSON_ID.test(id)) return { ok: false, errors: [`lesson "${id}": not a lesson id`] };
  try {
    return parseLesson(await fetchJson(`lessons/${id}/lesson.json`), id);
  } catch (e) {
    const why = e instanceof Missing ? 'there is no lesson with this id on this site' : (e as Error).message;
    return { ok: false, errors: [`The lesson "${id}" could not be loaded: ${why}.`] };
  }
}

export async function fetchIndex(): Promise<Parsed<LessonIndexEntry[]>> {
  try {
    return parseIndex(await fetchJson('lessons/index.json'));
  } catch (e) {
    const why = e instanceof Missing ? 'lessons/index.json is not on this site' : (e as Error).message;
    return { ok: false, errors: [`The lessons index could not be loaded: ${why}.`] };
  }
}
