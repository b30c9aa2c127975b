// Fixed-capacity ring buffers of numbers. When full, the oldest entries are overwritten.

/** A ring of single numbers (e.g. event times). Index 0 is the oldest entry kept. */
export class RingBuffer {
  private readonly data: Float64Array;
  private start = 0;
  private len = 0;

  constructor(readonly capacity: number) {
    if (!(capacity > 0) || !Number.isInteger(capacity))
      throw new Error(`ring capacity must be a positive integer, got ${capacity}`);
    this.data = new Float64Array(capacity);
  }

  get length(): number {
    return this.len;
  }

  push(v: number): void {
    const slot = (this.start + this.len) % this.capacity;
    this.data[slot] = v;
    if (this.len < this.capacity) this.len++;
    else this.start = (this.start + 1) % this.capacity;
  }

  get(i: number): number {
    if (i < 0 || i >= this.len) throw new RangeError(`ring index ${i} outside 0..${this.len - 1}`);
    return this.data[(this.start + i) % this.capacity]!;
  }

  clear(): void {
    this.start = 0;
    this.len = 0;
  }

  toArray(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.len; i++) out.push(this.get(i));
    return out;
  }
}

/**
 * A ring of rows with a fixed number of columns, stored column by column so one series can be
 * scanned without touching the others. All columns share one head, so row i is consistent.
 */
export class ColumnRing {
  /** Column c occupies data[c * capacity, (c + 1) * capacity); row i is at slot (start + i) % capacity. */
  readonly data: Float64Array;
  private start = 0;
  private len = 0;

  constructor(
    readonly capacity: number,
    readonly cols: number,
  ) {
    if (!(capacity > 0) || !Number.isInteger(capacity))
      throw new Error(`ring capacity must be a positive integer, got ${capacity}`);
    this.data = new Float64Array(capacity * cols);
  }

  get length(): number {
    return this.len;
  }
  /** Slot of the oldest row. */
  get head(): number {
    return this.start;
  }
  /** Rows ever pushed (row i kept is row number total - length + i of the run). */
  total = 0;

  /** Appends `rows` rows from a row-major array with the same column count. */
  pushRows(samples: ArrayLike<number>, rows: number): void {
    const { cols, capacity } = this;
    // Only the last `capacity` rows can survive; skip the rest.
    this.total += rows;
    const first = Math.max(0, rows - capacity);
    for (let r = first; r < rows; r++) {
      const slot = (this.start + this.len) % capacity;
      for (let c = 0; c < cols; c++) this.data[c * capacity + slot] = samples[r * cols + c]!;
      if (this.len < capacity) this.len++;
      else this.start = (this.start + 1) % capacity;
    }
  }

  /** Value of column `col` at row `i` (0 = oldest kept). */
  get(col: number, i: number): number {
    return this.data[col * this.capacity + ((this.start + i) % this.capacity)]!;
  }

  /** First row whose column-0 value (time) is >= t; `length` if none. Column 0 must be sorted. */
  lowerBound(t: number): number {
    let lo = 0;
    let hi = this.len;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.get(0, mid) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  clear(): void {
    this.start = 0;
    this.len = 0;
    this.total = 0;
  }
}
