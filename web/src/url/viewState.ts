// What the page shows (not what is simulated). Part of the URL, beside the scenario.

// The charts, their ids and titles: one entry each in charts/registry.ts.
import { CHART_IDS, type ChartId } from '../charts/registry';
export { CHART_IDS, CHART_TITLES, type ChartId } from '../charts/registry';

export const PANEL_IDS = ['controls', 'scenario', 'flows', 'topology', 'charts'] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/** What each panel is called in the embed builder. */
export const PANEL_TITLES: Record<PanelId, string> = {
  controls: 'Live controls',
  scenario: 'Scenario editor',
  flows: 'Flow table',
  topology: 'Topology',
  charts: 'Charts',
};

export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const SPEED_MIN = 0.1;
/** Speed 0 means "as fast as possible". */
export const SPEED_MAX = 0;

export interface ViewState {
  charts: ChartId[];
  /** Flows whose series are hidden in the charts (legend toggles). */
  hidden: number[];
  theme: Theme;
  /** Simulated seconds per wall second; 0 = as fast as possible. */
  speed: number;
  /** Panels shown in embed mode. */
  panels: PanelId[];
  /** The fluid model's prediction drawn over the throughput and queue charts (`view.fluid=1`). */
  fluid: boolean;
  /** One line per flow even above BAND_FLOWS flows, where charts otherwise draw a band (`view.lines=1`). */
  lines: boolean;
}

export const DEFAULT_VIEW: ViewState = {
  charts: [...CHART_IDS],
  hidden: [],
  theme: 'auto',
  speed: 1,
  panels: ['controls', 'charts'],
  fluid: false,
  lines: false,
};

export function isChartId(s: string): s is ChartId {
  return (CHART_IDS as readonly string[]).includes(s);
}
export function isPanelId(s: string): s is PanelId {
  return (PANEL_IDS as readonly string[]).includes(s);
}
export function isTheme(s: string): s is Theme {
  return (THEMES as readonly string[]).includes(s);
}
export function validSpeed(n: number): boolean {
  return n === 0 || (Number.isFinite(n) && n >= SPEED_MIN && n <= 1000);
}
