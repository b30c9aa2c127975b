// The chart store: every metric of the current run, in ring buffers outside React. The
// worker's blocks are appended here; charts read it when they redraw (at most once a frame).
import { parseBlock } from '../../../wasm-core/js/block.mjs';
import { EventKind, type ParamChange } from '../params/types';
import { type Decimated, type DecimateState, type Series, decimateRing } from './decimate';
import { ColumnRing, RingBuffer } from './ringBuffer';

/** Rows kept at most, and values kept at most over all columns (~400 MB of doubles caps at 50M). */
const MAX_ROWS = 200_000;
const MAX_VALUES = 40_000_000;
const DROP_CAPACITY = 16384;

export interface DropLog {
  t: RingBuffer;
  flow: RingBuffer;
  link: RingBuffer;
  reason: RingBuffer;
}

export class ChartStore {
  columns: string[] = [];
  private index = new Map<string, number>();
  ring = new ColumnRing(1, 1);
  drops: DropLog = ChartStore.dropLog();
  marks: ParamChange[] = [];
  /** Counts of discrete events over the whole run, by kind. */
  eventCounts = new Map<number, number>();
  flowCount = 0;
  /** Simulated time of the latest data. */
  now = 0;
  /** The run's duration (the time axis spans it while following). */
  duration = Number.POSITIVE_INFINITY;
  /** Bumped on every change (rows, events, marks, time). */
  version = 0;
  /** Bumped only when what time charts draw changes (rows, marks, a reset), not on events. */
  dataVersion = 0;
  private listeners = new Set<() => void>();

  private static dropLog(): DropLog {
    return {
      t: new RingBuffer(DROP_CAPACITY),
      flow: new RingBuffer(DROP_CAPACITY),
      link: new RingBuffer(DROP_CAPACITY),
      reason: new RingBuffer(DROP_CAPACITY),
    };
  }

  /** Starts a new run: forgets all data. `expectedRows` sizes the buffers. */
  reset(columns: string[], expectedRows: number, duration = Number.POSITIVE_INFINITY): void {
    this.duration = duration;
    this.columns = columns;
    this.index = new Map(columns.map((c, i) => [c, i]));
    const cols = Math.max(1, columns.length);
    const rows = Math.max(16, Math.min(MAX_ROWS, Math.floor(MAX_VALUES / cols), Math.ceil(expectedRows) + 16));
    this.ring = new ColumnRing(rows, cols);
    this.drops = ChartStore.dropLog();
    this.marks = [];
    this.eventCounts = new Map();
    let n = 0;
    while (this.index.has(`flow.${n}.cwnd`)) n++;
    this.flowCount = n;
    this.now = 0;
    this.dataVersion++;
    this.touch();
  }

  /** Appends one metric block (bl_drain bytes). */
  append(buffer: ArrayBuffer, now: number): void {
    const b = parseBlock(buffer);
    if (b.cols !== this.ring.cols && b.rows > 0)
      throw new Error(`block has ${b.cols} columns, expected ${this.ring.cols}`);
    if (b.rows > 0) {
      this.ring.pushRows(b.samples, b.rows);
      this.dataVersion++;
    }
    const ev = b.events;
    for (let i = 0; i < ev.count; i++) {
      const kind = ev.kind[i]!;
      this.eventCounts.set(kind, (this.eventCounts.get(kind) ?? 0) + 1);
      if (kind === EventKind.Drop) {
        this.drops.t.push(ev.t[i]!);
        this.drops.flow.push(ev.flow[i]!);
        this.drops.link.push(ev.link[i]!);
        this.drops.reason.push(ev.reason[i]!);
      }
    }
    this.now = Math.max(this.now, now);
    this.touch();
  }

  /** Appends rows already laid out in this store's columns (row-major), e.g. derived series. */
  appendRows(samples: ArrayLike<number>, rows: number, now: number): void {
    if (rows > 0) {
      this.ring.pushRows(samples, rows);
      this.dataVersion++;
    }
    this.now = Math.max(this.now, now);
    this.touch();
  }

  /** Adds a mark; `quiet` leaves sorting and notifying to marksAdded() (a batch of marks). */
  addMark(m: ParamChange, quiet = false): void {
    this.marks.push(m);
    if (!quiet) this.marksAdded();
  }

  /** After marks were added quietly: sorts them and tells the subscribers once. */
  marksAdded(): void {
    this.marks.sort((a, b) => a.t - b.t);
    this.dataVersion++;
    this.touch();
  }

  /** Removes the marks `drop` selects (marks of a schedule a live change replaced). */
  removeMarks(drop: (m: ParamChange) => boolean): void {
    const kept = this.marks.filter((m) => !drop(m));
    if (kept.length === this.marks.length) return;
    this.marks = kept;
    this.dataVersion++;
    this.touch();
  }

  setNow(t: number): void {
    if (t !== this.now) {
      this.now = t;
      this.touch();
    }
  }

  col(name: string): number | undefined {
    return this.index.get(name);
  }
  has(name: string): boolean {
    return this.index.has(name);
  }
  get rows(): number {
    return this.ring.length;
  }

  /** A series view of one column, for decimation. */
  series(name: string): Series | null {
    const c = this.index.get(name);
    if (c === undefined) return null;
    const ring = this.ring;
    return {
      length: ring.length,
      t: (i) => ring.get(0, i),
      v: (i) => ring.get(c, i),
      lowerBound: (t) => ring.lowerBound(t),
    };
  }

  /** Min/max decimation of one column over [t0, t1] for `width` pixel columns (null if no such column). */
  decimate(
    name: string,
    t0: number,
    t1: number,
    width: number,
    out?: Decimated,
    resume?: DecimateState,
  ): (Decimated & { state: DecimateState }) | null {
    const c = this.index.get(name);
    return c === undefined ? null : decimateRing(this.ring, c, t0, t1, width, out, resume);
  }

  /** The values of one column as a plain array (tests, export). */
  values(name: string): number[] {
    const c = this.index.get(name);
    if (c === undefined) return [];
    const out: number[] = new Array<number>(this.ring.length);
    for (let i = 0; i < this.ring.length; i++) out[i] = this.ring.get(c, i);
    return out;
  }

  latest(name: string): number {
    const c = this.index.get(name);
    return c === undefined || this.ring.length === 0 ? Number.NaN : this.ring.get(c, this.ring.length - 1);
  }

  /** Mean of a column over rows with t in [t0, t1] (NaN values skipped). */
  mean(name: string, t0: number, t1: number): number {
    const c = this.index.get(name);
    if (c === undefined) return Number.NaN;
    const { data, capacity: cap, head, length: len } = this.ring;
    const base = c * cap;
    let sum = 0;
    let n = 0;
    let i = this.ring.lowerBound(t0);
    let slot = (head + i) % cap;
    for (; i < len; i++, slot++) {
      if (slot === cap) slot = 0;
      if (data[slot]! > t1) break;
      const v = data[base + slot]!;
      if (v === v) {
        sum += v;
        n++;
      }
    }
    return n ? sum / n : Number.NaN;
  }

  subscribe(f: () => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  private touch(): void {
    this.version++;
    for (const f of this.listeners) f();
  }
}
