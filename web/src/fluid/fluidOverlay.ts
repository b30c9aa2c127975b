// The fluid model drawn over the packet-level charts of the same scenario: when switched on,
// the run, as its manifest has it, is mapped to bl_fluid's parameters (fluidParams.ts), solved in the
// worker, and its mean per-flow rate and backlog become overlay lines of the throughput and
// queue charts: a dashed line for the mean over a few seconds and thin dotted lines for the
// range it swings over in that time (envelope.ts), so the packet-level data stays visible.
// Outside React, like the chart store; React reads a small status snapshot.
import type { SimController, SimSnapshot } from '../run/simController';
import { chartOverlays, type OverlayLine } from '../charts/overlays';
import { ChartStore } from '../store/chartStore';
import { windowEnvelope } from './envelope';
import type { Manifest } from '../params/types';
import { type FluidMapping, fluidSeries, mapRunToFluid } from './fluidParams';

export type FluidStatus = 'off' | 'unavailable' | 'solving' | 'drawn' | 'error';

export interface FluidOverlayState {
  enabled: boolean;
  status: FluidStatus;
  /** Why it is unavailable, the error, or what was drawn. */
  message: string;
  /** Wall time of the bl_fluid call in the worker, ms. */
  ms?: number;
}

export const FLUID_LABEL = 'fluid model';
/** The window of the mean and the range, in simulated seconds: longer than the model's swings
 * when the buffer overflows (1-2 s in Fig. 2), shorter than the phases of a loss schedule. */
const WINDOW_S = 4;
export const FLUID_RANGE_LABEL = `fluid model: range within ${WINDOW_S} s`;
/** Apart from every flow colour (charts/palette.ts); thin enough to leave the data visible. */
const STYLE = { color: '#FF00CC', dash: [8, 5], width: 1.75 };
const RANGE_STYLE = { color: '#FF00CC', dash: [2, 3], width: 1 };
/** Columns of the overlay's store: each series' mean over the window, and its min and max. */
const COLUMNS = [
  't',
  'fluid.thr',
  'fluid.thr.min',
  'fluid.thr.max',
  'fluid.backlog',
  'fluid.backlog.min',
  'fluid.backlog.max',
];

/** The overlay's rows from bl_fluid's (t, rate, backlog) rows: means and ranges over WINDOW_S. */
function overlayRows(rows: Float64Array, count: number): Float64Array {
  const col = (k: number) => Float64Array.from({ length: count }, (_, i) => rows[i * 3 + k]!);
  const t = col(0);
  const dt = count > 1 ? (t[count - 1]! - t[0]!) / (count - 1) : 1;
  const w = Math.max(1, Math.round(WINDOW_S / (dt > 0 ? dt : 1)));
  const thr = windowEnvelope(col(1), w);
  const b = windowEnvelope(col(2), w);
  const out = new Float64Array(count * COLUMNS.length);
  for (let i = 0; i < count; i++) {
    out.set([t[i]!, thr.mean[i]!, thr.min[i]!, thr.max[i]!, b.mean[i]!, b.min[i]!, b.max[i]!], i * COLUMNS.length);
  }
  return out;
}

export class FluidOverlay {
  private state: FluidOverlayState = { enabled: false, status: 'off', message: '' };
  private listeners = new Set<() => void>();
  private solvedKey = '';
  private seq = 0;
  /** The run's first manifest (its loss model as built), by run id. */
  private built: { runId: number; manifest: Manifest } | null = null;

  constructor(private readonly sim: SimController) {
    sim.subscribe(() => this.refresh());
  }

  subscribe = (f: () => void): (() => void) => {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  };
  getSnapshot = (): FluidOverlayState => this.state;

  private update(p: Partial<FluidOverlayState>): void {
    this.state = { ...this.state, ...p };
    for (const f of this.listeners) f();
  }

  /** Whether the run maps to the fluid model (and why not), from its manifest. */
  availability(snap: SimSnapshot = this.sim.getSnapshot()): FluidMapping {
    if (!snap.manifest) return { ok: false, reason: 'the run is not built yet' };
    return mapRunToFluid({
      manifest: snap.manifest,
      built: this.builtOf(snap),
      specs: snap.specs,
      fluidSpecs: snap.fluidSpecs,
    });
  }

  /** The first manifest seen of the snapshot's run. */
  private builtOf(snap: SimSnapshot): Manifest | null {
    if (!snap.manifest) return null;
    if (this.built?.runId !== snap.runId) this.built = { runId: snap.runId, manifest: snap.manifest };
    return this.built.manifest;
  }

  setEnabled(on: boolean): void {
    if (on === this.state.enabled) return;
    this.solvedKey = '';
    this.update({ enabled: on });
    this.refresh();
  }

  private clear(): void {
    chartOverlays.set('throughput', []);
    chartOverlays.set('queue', []);
  }

  /** Re-solves when switched on and the run or what the model is given of it changed. */
  private refresh(): void {
    const snap = this.sim.getSnapshot();
    // Kept while off too: switched on after a live change, the model still gets the schedule
    // the run was built with (an overlay made after that change starts from the change).
    this.builtOf(snap);
    if (!this.state.enabled) {
      this.seq++;
      this.clear();
      if (this.state.status !== 'off') this.update({ status: 'off', message: '' });
      return;
    }
    if (!snap.manifest) return;
    // Re-solved when what the model is given changes: a new run, a live change (the bottleneck's
    // rate or queue, the flows' loss), not each schedule step (the model has the schedule).
    const m = this.availability(snap);
    const key = `${snap.runId}|${JSON.stringify(m)}`;
    if (key === this.solvedKey) return;
    this.solvedKey = key;
    void this.solve(m, ++this.seq);
  }

  private async solve(m: FluidMapping, seq: number): Promise<void> {
    if (!m.ok) {
      this.clear();
      this.update({ status: 'unavailable', message: m.reason });
      return;
    }
    this.update({ status: 'solving', message: 'solving the fluid model...' });
    const r = await this.sim.fluid('fluid', m.params);
    if (seq !== this.seq) return;
    try {
      if (r.error !== undefined) throw new Error(r.error);
      const s = fluidSeries(r.result, m.packetSize);
      const store = new ChartStore();
      store.reset(COLUMNS, s.count, m.params.duration);
      store.ring.pushRows(overlayRows(s.rows, s.count), s.count);
      const lines = (c: string): OverlayLine[] => [
        { column: c, label: FLUID_LABEL, ...STYLE, store },
        { column: `${c}.min`, label: FLUID_RANGE_LABEL, ...RANGE_STYLE, store },
        { column: `${c}.max`, label: FLUID_RANGE_LABEL, ...RANGE_STYLE, store },
      ];
      chartOverlays.set('throughput', lines('fluid.thr'));
      chartOverlays.set('queue', lines('fluid.backlog'));
      const p = m.params;
      this.update({
        status: 'drawn',
        ms: r.ms,
        message: `${p.flows} flows, C = ${+p.capacity.toPrecision(4)} packets/s, ${p.propDelays ? "each flow's RTT" : `RTT ${+(p.propDelay! * 1000).toPrecision(3)} ms`}, ${p.queue.kind === 'red' ? 'RED' : 'DropTail'} ${p.queue.buffer} packets; solved in ${Math.round(r.ms)} ms`,
      });
    } catch (e) {
      this.clear();
      this.update({ status: 'error', message: e instanceof Error ? e.message : String(e) });
    }
  }
}

const overlays = new WeakMap<SimController, FluidOverlay>();

/** The one fluid overlay of a simulation controller. */
export function fluidOverlayFor(sim: SimController): FluidOverlay {
  let o = overlays.get(sim);
  if (!o) {
    o = new FluidOverlay(sim);
    overlays.set(sim, o);
  }
  return o;
}
