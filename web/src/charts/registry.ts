// Every chart, once: its id (the URL's `view.charts` key), what the chooser calls it, its
// component, where it is drawn among the others and whether a run has what it draws. The URL's
// list of chart ids and titles (url/viewState.ts) and the charts area (app/ChartsArea.tsx) are
// read from this list, so a chart added here is offered, linked and drawn with no other edit
// (docs/extending.md, "A chart").
import type { ReactElement } from 'react';
import type { ChartProps } from './chartContext';
import { CwndChart } from './CwndChart';
import { QueueChart } from './QueueChart';
import { DelayChart } from './DelayChart';
import { BbrChart, bbrFlows } from './BbrChart';
import { ThroughputChart } from './ThroughputChart';
import { LossChart } from './LossChart';
import { JainChart } from './JainChart';
import { ShareChart } from './ShareChart';

export interface ChartEntry<Id extends string = string> {
  /** The chart's key in links (`view.charts=cwnd,queue`): never renamed, old links use it. */
  id: Id;
  /** What the chart is called where people choose charts (the chooser, the embed builder). */
  title: string;
  component: (p: ChartProps) => ReactElement;
  /** Where the chart is drawn: lower first. */
  order: number;
  /** Whether a run with these metric columns has what the chart draws (absent: every run). */
  applies?: (columns: readonly string[]) => boolean;
}

/**
 * In the chooser's order, which is also the order of `view.charts` in links. The four charts that
 * tell most stories are drawn first (a 2 x 2 block on a wide screen), then the others.
 */
export const CHART_REGISTRY = [
  { id: 'cwnd', title: 'Congestion window', component: CwndChart, order: 1 },
  { id: 'queue', title: 'Queue', component: QueueChart, order: 2 },
  { id: 'delay', title: 'Queueing delay', component: DelayChart, order: 5 },
  // BBR's model: only runs with BBR flows have it.
  { id: 'bbr', title: 'BBR model', component: BbrChart, order: 6, applies: (c) => bbrFlows(c).length > 0 },
  { id: 'throughput', title: 'Throughput', component: ThroughputChart, order: 3 },
  { id: 'loss', title: 'Loss', component: LossChart, order: 7 },
  { id: 'jain', title: 'Fairness', component: JainChart, order: 4 },
  { id: 'share', title: 'Long-run share', component: ShareChart, order: 8 },
] as const satisfies readonly ChartEntry[];

export type ChartId = (typeof CHART_REGISTRY)[number]['id'];

export const CHART_IDS: readonly ChartId[] = CHART_REGISTRY.map((c) => c.id);

export const CHART_TITLES = Object.fromEntries(CHART_REGISTRY.map((c) => [c.id, c.title])) as Record<ChartId, string>;

/** The entries of `registry` chosen in `chosen` that a run with `columns` has, in drawing order. */
export function chartsToDraw<E extends ChartEntry>(
  registry: readonly E[],
  chosen: readonly string[],
  columns: readonly string[],
): E[] {
  return registry
    .filter((c) => chosen.includes(c.id) && (!c.applies || c.applies(columns)))
    .sort((a, b) => a.order - b.order);
}
