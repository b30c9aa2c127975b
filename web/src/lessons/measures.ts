// Numbers a lesson reads from the run (means of columns over a window of simulated time),
// the placeholders that show them in text, and the checks that make a step's claims testable.
// The same code reads the browser's chart store and, in the lesson tests, the native CLI's series.
import type { Check, LessonStep, Measure } from './lessonTypes';
import { PLACEHOLDER, SUMMARY_PREFIX } from './loadLesson';
import { jainIndex } from '../../../wasm-core/js/jain.mjs';

/** What measures need from a run: its columns and the mean of one over [t0, t1]. */
export interface RunReader {
  columns: readonly string[];
  mean(column: string, t0: number, t1: number): number;
  /**
   * The core's run summary (over [measureFrom, end]), once the run has reached it: a
   * "summary.KEY" measure reads its KEY (the core's own percentiles, e.g. p95Delay).
   */
  summary?: Readonly<Record<string, unknown>>;
}

export { jainIndex };

/** The columns a "*" column stands for, in flow order ("flow.*.thr" -> flow.0.thr, flow.1.thr, ...). */
export function expandColumn(column: string, columns: readonly string[], flows?: readonly [number, number]): string[] {
  if (!column.includes('*')) return columns.includes(column) ? [column] : [];
  const re = new RegExp(
    `^${column
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('(\\d+)')}$`,
  );
  const n = (c: string) => Number(re.exec(c)![1]);
  return columns
    .filter((c) => re.test(c) && (!flows || (n(c) >= flows[0] && n(c) <= flows[1])))
    .sort((a, b) => n(a) - n(b));
}

/** The value of a measure (NaN when a column is missing). */
export function measure(m: Measure, run: RunReader): number {
  if (m.column.startsWith(SUMMARY_PREFIX)) {
    const v = run.summary?.[m.column.slice(SUMMARY_PREFIX.length)];
    return typeof v === 'number' ? v * (m.scale ?? 1) : Number.NaN;
  }
  const cols = expandColumn(m.column, run.columns, m.flows);
  if (cols.length === 0) return Number.NaN;
  const xs = cols.map((c) => run.mean(c, m.from, m.to));
  let v: number;
  switch (m.across) {
    case undefined:
      v = xs[0]!;
      break;
    case 'sum':
      v = xs.reduce((a, b) => a + b, 0);
      break;
    case 'mean':
      v = xs.reduce((a, b) => a + b, 0) / xs.length;
      break;
    case 'min':
      v = Math.min(...xs);
      break;
    case 'max':
      v = Math.max(...xs);
      break;
    case 'jain':
      v = jainIndex(xs);
      break;
  }
  return v * (m.scale ?? 1);
}

export function formatMeasure(m: Measure, v: number): string {
  if (!Number.isFinite(v)) return 'n/a';
  return `${v.toFixed(m.digits ?? 2)}${m.unit ? (m.unit === '%' ? '' : ' ') + m.unit : ''}`;
}

/** Fills {name} placeholders; measures whose window the run has not reached yet show "...". */
export function fillText(
  text: string,
  measures: Record<string, Measure> | undefined,
  run: RunReader,
  now: number,
): string {
  return text.replace(PLACEHOLDER, (all, name: string) => {
    const m = measures?.[name];
    if (!m) return all;
    const ready = now + 1e-9 >= m.to && (!m.column.startsWith(SUMMARY_PREFIX) || run.summary !== undefined);
    return ready ? formatMeasure(m, measure(m, run)) : '...';
  });
}

export interface CheckResult {
  check: Check;
  left: number;
  right: number;
  ok: boolean;
  /** "jain 0.998 > 0.95". */
  text: string;
}

export function evaluateChecks(step: LessonStep, run: RunReader): CheckResult[] {
  const ms = step.measures ?? {};
  return (step.checks ?? []).map((c) => {
    const left = measure(ms[c.left]!, run);
    const base = typeof c.right === 'number' ? c.right : measure(ms[c.right]!, run);
    const right = base * (c.factor ?? 1);
    const ok = c.op === '>' ? left > right : left < right;
    const n = (v: number) => +v.toPrecision(4);
    const rtext =
      typeof c.right === 'number' ? String(n(right)) : `${c.factor ? `${c.factor} x ` : ''}${c.right} (= ${n(right)})`;
    return { check: c, left, right, ok, text: `${c.left} = ${n(left)} ${c.op} ${rtext}` };
  });
}

/** The simulated time by which every measure of a step can be read. */
export function measuredBy(step: LessonStep): number {
  let t = 0;
  for (const m of Object.values(step.measures ?? {})) t = Math.max(t, m.to);
  return t;
}
