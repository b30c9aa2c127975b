// Parser for the binary metric block of bl_drain (layout in docs/scenario.md).
import type { BlockEvents } from './types';

export const BLOCK_MAGIC = 0x314b4c42; // "BLK1", little-endian
const HEADER_BYTES = 16;
const EVENT_BYTES = 24;

export interface MetricBlock {
  rows: number;
  cols: number;
  /** Row-major samples, rows * cols values; column 0 is t in seconds. */
  samples: Float64Array;
  events: BlockEvents;
}

/** Parses one block. Throws on a wrong magic number or a truncated buffer. */
export function parseBlock(buf: ArrayBuffer): MetricBlock {
  if (buf.byteLength < HEADER_BYTES) throw new Error(`metric block too short: ${buf.byteLength} bytes`);
  const dv = new DataView(buf);
  const magic = dv.getUint32(0, true);
  if (magic !== BLOCK_MAGIC) throw new Error(`metric block has magic 0x${magic.toString(16)}, expected 0x${BLOCK_MAGIC.toString(16)}`);
  const rows = dv.getUint32(4, true);
  const cols = dv.getUint32(8, true);
  const count = dv.getUint32(12, true);
  const sampleBytes = rows * cols * 8;
  const need = HEADER_BYTES + sampleBytes + count * EVENT_BYTES;
  if (buf.byteLength < need) throw new Error(`metric block truncated: ${buf.byteLength} of ${need} bytes`);
  const samples = new Float64Array(rows * cols);
  for (let i = 0; i < rows * cols; i++) samples[i] = dv.getFloat64(HEADER_BYTES + i * 8, true);
  const events: BlockEvents = {
    count,
    t: new Float64Array(count),
    kind: new Uint32Array(count),
    flow: new Int32Array(count),
    link: new Int32Array(count),
    reason: new Uint32Array(count),
  };
  let o = HEADER_BYTES + sampleBytes;
  for (let i = 0; i < count; i++, o += EVENT_BYTES) {
    events.t[i] = dv.getFloat64(o, true);
    events.kind[i] = dv.getUint32(o + 8, true);
    events.flow[i] = dv.getInt32(o + 12, true);
    events.link[i] = dv.getInt32(o + 16, true);
    events.reason[i] = dv.getUint32(o + 20, true);
  }
  return { rows, cols, samples, events };
}

/** Builds a block (the inverse of parseBlock); used by tests to check the parser. */
export function encodeBlock(rows: number, cols: number, samples: ArrayLike<number>,
  events: { t: number; kind: number; flow: number; link: number; reason: number }[] = []): ArrayBuffer {
  const buf = new ArrayBuffer(HEADER_BYTES + rows * cols * 8 + events.length * EVENT_BYTES);
  const dv = new DataView(buf);
  dv.setUint32(0, BLOCK_MAGIC, true);
  dv.setUint32(4, rows, true);
  dv.setUint32(8, cols, true);
  dv.setUint32(12, events.length, true);
  for (let i = 0; i < rows * cols; i++) dv.setFloat64(HEADER_BYTES + i * 8, samples[i] ?? 0, true);
  let o = HEADER_BYTES + rows * cols * 8;
  for (const e of events) {
    dv.setFloat64(o, e.t, true);
    dv.setUint32(o + 8, e.kind, true);
    dv.setInt32(o + 12, e.flow, true);
    dv.setInt32(o + 16, e.link, true);
    dv.setUint32(o + 20, e.reason, true);
    o += EVENT_BYTES;
  }
  return buf;
}
