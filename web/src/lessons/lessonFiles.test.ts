// Every lesson in public/lessons is valid, is listed in the index, decodes to a scenario the
// core accepts without dropping anything, and makes only claims the simulator shows: each step
// is run with the native CLI (build/native/blsim) and its checks are evaluated on the series.
// LESSON=<id> runs one lesson and prints its measures (for writing lessons).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { normalizeSpecs } from '../params/specs';
import type { ParamSpec } from '../params/types';
import { getPath } from '../../../wasm-core/js/paths.mjs';
import { SUMMARY_PREFIX, parseIndex, parseLesson } from './loadLesson';
import type { Lesson } from './lessonTypes';
import { type RunReader, evaluateChecks, measure, formatMeasure } from './measures';
import { stepHash, stepState } from './stepState';
import { measureUnit, measureWords } from './checkWords';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const lessonsDir = join(root, 'public/lessons');
const blsim = join(root, 'build/native/blsim');
const only = process.env.LESSON;

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

const ids = readdirSync(lessonsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const presetIds = readdirSync(join(root, 'public/presets'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
const presetTitles = presetIds.map(
  (id) => (readJson(join(root, 'public/presets', `${id}.json`)) as { name: string }).name,
);
const lessons: Lesson[] = ids.map((id) => {
  const r = parseLesson(readJson(join(lessonsDir, id, 'lesson.json')), id);
  if (!r.ok) throw new Error(`public/lessons/${id}/lesson.json:\n  ${r.errors.join('\n  ')}`);
  return r.value;
});

let specsCache: ParamSpec[] | null = null;
function specs(): ParamSpec[] {
  if (!existsSync(blsim)) throw new Error(`${blsim} is missing: build it with bash scripts/build-native.sh`);
  specsCache ??= normalizeSpecs(JSON.parse(execFileSync(blsim, ['--describe'], { encoding: 'utf8' })));
  return specsCache;
}

/** The series CSV of a native run, read like the browser's chart store reads its columns. */
function csvRun(text: string): RunReader {
  const [head, ...rows] = text.trim().split('\n');
  const columns = head!.split(',');
  const data = rows.map((r) => r.split(',').map(Number));
  return {
    columns,
    mean(column, t0, t1) {
      const c = columns.indexOf(column);
      let sum = 0;
      let n = 0;
      for (const row of data)
        if (row[0]! >= t0 - 1e-9 && row[0]! <= t1 + 1e-9 && !Number.isNaN(row[c]!)) {
          sum += row[c]!;
          n++;
        }
      return n ? sum / n : Number.NaN;
    },
  };
}

// Two runs at a time (the test machines have two cores).
const run = promisify(execFile);
let free = 2;
const queue: (() => void)[] = [];
async function slot<T>(f: () => Promise<T>): Promise<T> {
  if (free === 0) await new Promise<void>((r) => queue.push(r));
  else free--;
  try {
    return await f();
  } finally {
    const next = queue.shift();
    if (next) next();
    else free++;
  }
}

const work = mkdtempSync(join(tmpdir(), 'bl-lessons-'));
async function runNative(lesson: Lesson, index: number, seed?: number): Promise<RunReader> {
  const d = stepState(lesson, index, specs());
  const scenario = { ...d.state.scenario };
  if (seed !== undefined) scenario.seed = seed;
  const until = Math.max(
    lesson.steps[index]!.runTo ?? 0,
    ...Object.values(lesson.steps[index]!.measures ?? {}).map((m) => m.to),
  );
  if (until > 0 && typeof scenario.duration === 'number' && scenario.duration > until) scenario.duration = until;
  const file = join(work, `${lesson.id}-${index}-${seed ?? 0}.json`);
  const csv = join(work, `${lesson.id}-${index}-${seed ?? 0}.csv`);
  writeFileSync(file, JSON.stringify(scenario));
  const sets = d.state.live.flatMap((c) => ['--set', `${c.entity}:${c.key}=${c.value}@${c.t}`]);
  const { stdout } = await slot(() =>
    run(blsim, ['--scenario', file, '--series', csv, ...sets], { encoding: 'utf8', maxBuffer: 64 << 20 }),
  );
  // The page reads the core's summary at the measures' end, which is the run's end here.
  return { ...csvRun(readFileSync(csv, 'utf8')), summary: JSON.parse(stdout) as Record<string, unknown> };
}

describe('public/lessons', () => {
  it("index.json lists every lesson folder once, with the lesson's own title, summary and topics", () => {
    const idx = parseIndex(readJson(join(lessonsDir, 'index.json')));
    if (!idx.ok) throw new Error(idx.errors.join('\n'));
    expect(idx.value.map((e) => e.id).sort()).toEqual(ids);
    for (const e of idx.value) {
      const l = lessons.find((x) => x.id === e.id)!;
      expect({ title: l.title, summary: l.summary, topics: l.topics }).toEqual({
        title: e.title,
        summary: e.summary,
        topics: e.topics,
      });
    }
  });

  it('has the lessons issue 7 asks for', () => {
    expect(ids.length).toBeGreaterThanOrEqual(7);
  });

  for (const lesson of lessons) {
    describe(lesson.id, () => {
      it('every measure a check uses is said in words and units in the reveal, not by its name', () => {
        const counts = /\.(timeouts|retx|drops|dropsOverflow|dropsEarly|marks)$/;
        lesson.steps.forEach((step, i) => {
          for (const c of step.checks ?? []) {
            for (const name of [c.left, ...(typeof c.right === 'string' ? [c.right] : [])]) {
              const m = step.measures![name]!;
              expect(measureWords(m), `step ${i + 1}: measure ${name} has no words`).not.toBe(m.column);
              if (m.across !== 'jain' && !counts.test(m.column))
                expect(
                  measureUnit(m),
                  `step ${i + 1}: measure ${name} (${m.column}, scale ${m.scale ?? 1})`,
                ).toBeDefined();
            }
          }
        });
      });

      it('names a preset by the title the Preset chooser lists, never by its id', () => {
        // "Try the **bufferbloat-pie** preset" named a preset the chooser does not list by that name.
        const words: string[] = [lesson.title, lesson.summary];
        for (const step of lesson.steps) {
          words.push(step.title, step.text ?? '', ...(step.annotations ?? []).map((a) => a.text));
          if (step.predict) words.push(step.predict.question, step.predict.reveal, ...step.predict.options);
        }
        const text = words.join('\n');
        for (const id of presetIds)
          expect(text, `preset id ${id}`).not.toMatch(new RegExp(`(^|[^\\w-])${id}(?![\\w-])`));
        // A title in “...” is one the chooser lists (a preset's name).
        for (const q of text.matchAll(/“([^”]*)”/g)) expect(presetTitles, q[0]).toContain(q[1]);
      });

      it('every step decodes to a scenario without dropping anything, and its notes fit its charts and flows', () => {
        lesson.steps.forEach((step, i) => {
          const d = stepState(lesson, i, specs());
          expect(d.dropped, `step ${i + 1} (${stepHash(step)})`).toEqual([]);
          if (!('hash' in step.scenario)) expect(d.state.preset, `step ${i + 1}: preset`).toBe(step.scenario.preset);
          const flows = getPath(d.state.scenario, 'flows.count');
          for (const a of step.annotations ?? []) {
            if (step.charts)
              expect(step.charts, `step ${i + 1}: note "${a.text}" is on a chart the step hides`).toContain(a.chart);
            if (a.flow !== undefined && typeof flows === 'number')
              expect(a.flow, `step ${i + 1}: note "${a.text}"`).toBeLessThan(flows);
          }
          const duration = d.state.scenario.duration;
          for (const t of [
            step.runTo ?? 0,
            ...Object.values(step.measures ?? {}).map((m) => m.to),
            ...(step.annotations ?? []).map((a) => a.t),
          ]) {
            if (typeof duration === 'number')
              expect(t, `step ${i + 1}: a time past the run's end`).toBeLessThanOrEqual(duration);
          }
          // A summary measure is the core's figure over [measureFrom, end]: its window must be that.
          for (const [name, m] of Object.entries(step.measures ?? {}))
            if (m.column.startsWith(SUMMARY_PREFIX))
              expect([m.from, m.to], `step ${i + 1}: measure ${name} must cover the measured window`).toEqual([
                d.state.scenario.measureFrom ?? 0,
                duration,
              ]);
          if (step.equation) expect(() => katex.renderToString(step.equation!, { throwOnError: true })).not.toThrow();
        });
      });
    });
  }

  // Lessons run side by side; each lesson's steps one after another.
  describe('every claim a step checks holds when the step is run', () => {
    for (const lesson of lessons) {
      it.concurrent(lesson.id, { timeout: 600_000 }, async ({ expect }) => {
        if (only && only !== lesson.id) return;
        for (const [i, step] of lesson.steps.entries()) {
          if (!step.checks?.length && !(only && step.measures)) continue;
          const r = await runNative(lesson, i);
          if (only) {
            const ms = Object.entries(step.measures ?? {}).map(([k, m]) => `${k}=${formatMeasure(m, measure(m, r))}`);
            console.log(`${lesson.id} step ${i + 1}: ${ms.join('  ')}`);
          }
          for (const [name, m] of Object.entries(step.measures ?? {}))
            expect(measure(m, r), `${lesson.id} step ${i + 1}: measure ${name} (column ${m.column})`).not.toBeNaN();
          for (const c of evaluateChecks(step, r)) expect(c.ok, `${lesson.id} step ${i + 1}: ${c.text}`).toBe(true);
        }
      });
    }
  });

  // Lessons whose checks must hold whatever the seed (issue 25): each checked step over seeds 1-10.
  const seedChecked = ['l4s-low-delay', 'lte-video-call'];
  describe('every check holds over seeds 1-10', () => {
    for (const lesson of lessons.filter((l) => seedChecked.includes(l.id))) {
      it.concurrent(lesson.id, { timeout: 600_000 }, async ({ expect }) => {
        if (only && only !== lesson.id) return;
        for (const [i, step] of lesson.steps.entries()) {
          if (!step.checks?.length) continue;
          const runs = await Promise.all(Array.from({ length: 10 }, (_, k) => runNative(lesson, i, k + 1)));
          for (const [k, r] of runs.entries())
            for (const c of evaluateChecks(step, r))
              expect(c.ok, `${lesson.id} step ${i + 1}, seed ${k + 1}: ${c.text}`).toBe(true);
        }
      });
    }
  });
});
