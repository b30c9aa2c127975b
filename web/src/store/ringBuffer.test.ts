import { describe, expect, it } from 'vitest';
import { ColumnRing, RingBuffer } from './ringBuffer';

describe('RingBuffer', () => {
  it('keeps entries in order until full, then drops the oldest', () => {
    const r = new RingBuffer(3);
    r.push(1);
    r.push(2);
    expect(r.toArray()).toEqual([1, 2]);
    r.push(3);
    r.push(4);
    r.push(5);
    expect(r.length).toBe(3);
    expect(r.toArray()).toEqual([3, 4, 5]);
    expect(r.get(0)).toBe(3);
  });
  it('refuses out-of-range reads and bad capacities', () => {
    const r = new RingBuffer(2);
    r.push(1);
    expect(() => r.get(1)).toThrow(RangeError);
    expect(() => new RingBuffer(0)).toThrow();
    expect(() => new RingBuffer(1.5)).toThrow();
  });
  it('clear empties it', () => {
    const r = new RingBuffer(2);
    r.push(1);
    r.clear();
    expect(r.length).toBe(0);
    r.push(7);
    expect(r.toArray()).toEqual([7]);
  });
});

describe('ColumnRing', () => {
  const rows = (n: number, from = 0) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(from + i, (from + i) * 10, -(from + i));
    return out;
  };
  it('stores row-major input column by column', () => {
    const c = new ColumnRing(4, 3);
    c.pushRows(rows(3), 3);
    expect(c.length).toBe(3);
    expect([c.get(0, 2), c.get(1, 2), c.get(2, 2)]).toEqual([2, 20, -2]);
  });
  it('wraps around keeping rows consistent across columns', () => {
    const c = new ColumnRing(4, 3);
    c.pushRows(rows(3), 3);
    c.pushRows(rows(3, 3), 3);
    expect(c.length).toBe(4);
    for (let i = 0; i < 4; i++) {
      expect(c.get(0, i)).toBe(2 + i);
      expect(c.get(1, i)).toBe((2 + i) * 10);
      expect(c.get(2, i)).toBe(-(2 + i));
    }
  });
  it('keeps only the newest rows of a block larger than the capacity', () => {
    const c = new ColumnRing(2, 3);
    c.pushRows(rows(5), 5);
    expect([c.get(0, 0), c.get(0, 1)]).toEqual([3, 4]);
  });
  it('lowerBound finds the first row at or after a time, also after wrapping', () => {
    const c = new ColumnRing(5, 3);
    c.pushRows(rows(8), 8); // times 3..7 kept
    expect(c.lowerBound(0)).toBe(0);
    expect(c.lowerBound(4.5)).toBe(2);
    expect(c.lowerBound(5)).toBe(2);
    expect(c.lowerBound(99)).toBe(5);
  });
});
