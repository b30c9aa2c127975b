// Notes pinned on charts at simulated times (a lesson's "the queue empties here"). Outside React
// like the overlays: whoever owns them (the lesson panel) sets the list; each TimeChart draws
// those of its chart id whose time the run has passed, in its SVG layer.
export interface ChartAnnotation {
  chart: string;
  t: number;
  y?: number;
  /** Colour of the note (a flow's line colour), else the text colour. */
  color?: string;
  text: string;
}

const NONE: readonly ChartAnnotation[] = [];

class ChartAnnotations {
  private list: readonly ChartAnnotation[] = NONE;
  private listeners = new Set<() => void>();
  /** Bumped on every change, so charts know to redraw. */
  version = 0;

  all = (): readonly ChartAnnotation[] => this.list;

  /** Those of one chart that are due at simulated time `now`. */
  due(chart: string, now: number): ChartAnnotation[] {
    return this.list.filter((a) => a.chart === chart && a.t <= now + 1e-9);
  }

  set(list: readonly ChartAnnotation[]): void {
    if (list.length === 0 && this.list.length === 0) return;
    this.list = list.length ? [...list] : NONE;
    this.version++;
    for (const f of this.listeners) f();
  }

  subscribe = (f: () => void): (() => void) => {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  };
}

export const chartAnnotations = new ChartAnnotations();
