// Lines drawn on a chart from another source than the run's chart store (the fluid model's
// prediction, for one). Outside React like the store: whoever owns the data sets the lines of
// a chart id; TimeChart subscribes, appends them to its model and draws them with the rest.
import type { LineDef } from './chartModel';
import type { ChartStore } from '../store/chartStore';

/** An overlay line reads its column from its own store. */
export type OverlayLine = LineDef & { store: ChartStore };

const NONE: readonly OverlayLine[] = [];

class ChartOverlays {
  private byChart = new Map<string, readonly OverlayLine[]>();
  private listeners = new Set<() => void>();

  /** The overlay lines of a chart (the same array until they change). */
  get = (chartId: string): readonly OverlayLine[] => this.byChart.get(chartId) ?? NONE;

  set(chartId: string, lines: readonly OverlayLine[]): void {
    if (lines.length === 0 && !this.byChart.has(chartId)) return;
    if (lines.length === 0) this.byChart.delete(chartId);
    else this.byChart.set(chartId, [...lines]);
    for (const f of this.listeners) f();
  }

  subscribe = (f: () => void): (() => void) => {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  };
}

export const chartOverlays = new ChartOverlays();
