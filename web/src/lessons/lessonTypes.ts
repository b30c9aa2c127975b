// What a lesson is, as read from public/lessons/<id>/lesson.json (content is data, not code).
// docs/teaching.md describes the format for instructors; loadLesson.ts validates it.
import type { Json } from '../params/types';
import type { ChartId } from '../url/viewState';

/** One entry of public/lessons/index.json (also read by the embed builder). */
export interface LessonIndexEntry {
  id: string;
  title: string;
  summary: string;
  topics: string[];
}

/**
 * The scenario of a step: a preset plus changed fields (dotted paths, as in a scenario URL;
 * "~" leaves a field out), or a whole scenario URL hash ("#v=1&preset=...").
 */
export type StepScenario = { preset: string; set?: Record<string, Json> } | { hash: string };

/** A parameter change at a simulated time, as the live panel would make it. */
export interface ScheduledChange {
  t: number;
  entity: string;
  key: string;
  value: number;
}

/** A note pinned on a chart at a simulated time; shown once the run has passed t. */
export interface Annotation {
  chart: ChartId;
  t: number;
  /** Value on the chart's y axis to point at (in the chart's units). */
  y?: number;
  /** Colours the note like this flow's line. */
  flow?: number;
  text: string;
}

/**
 * A number measured in the run: the mean of a column over [from, to] of simulated time. A
 * column with "*" ("flow.*.thr") is read for every flow and combined `across` them ("jain" is
 * Jain's index of the per-flow means). Shown in text as {name}, after the run passes `to`.
 */
export interface Measure {
  column: string;
  from: number;
  to: number;
  across?: 'sum' | 'mean' | 'min' | 'max' | 'jain';
  /** Only the flows numbered first..last (inclusive) stand for "*". */
  flows?: [number, number];
  /** Multiplies the value before it is shown and compared (1e-6: bit/s to Mb/s). */
  scale?: number;
  digits?: number;
  unit?: string;
  /** What it is in words ("flow 9's goodput before its deadline"), where its column's words are not enough. */
  label?: string;
}

/** A claim the step's text makes, checked against the run: left op right (times factor). */
export interface Check {
  left: string;
  op: '>' | '<';
  /** A measure name or a number. */
  right: string | number;
  /** right is multiplied by this first ("more than twice": factor 2). */
  factor?: number;
}

/** "Predict, then run": asked before the run starts, revealed when the run reaches `at`. */
export interface Prediction {
  question: string;
  options: string[];
  /** Index of the option the run bears out (a check in the step must show it). */
  answer: number;
  reveal: string;
}

export interface LessonStep {
  title: string;
  scenario: StepScenario;
  live?: ScheduledChange[];
  /** Charts to show for this step (all when left out). */
  charts?: ChartId[];
  /** Simulated seconds per wall second while the step plays (0: as fast as possible). */
  speed?: number;
  /** The run pauses here (simulated seconds). */
  runTo?: number;
  /** Markdown-light: paragraphs, - lists, *emphasis*, **strong**, `code`, {measure}. */
  text: string;
  /** TeX, rendered with KaTeX. */
  equation?: string;
  annotations?: Annotation[];
  predict?: Prediction;
  measures?: Record<string, Measure>;
  checks?: Check[];
}

export interface Lesson extends LessonIndexEntry {
  steps: LessonStep[];
}
