// The binary metric block of bl_drain (layout in docs/scenario.md, "Metric blocks"): parsed and,
// for tests, built. The one copy in JavaScript: the page's chart store and the Node loader
// (wasm-core/node/blcore.mjs) both use it; types in block.d.mts.

export const BLOCK_MAGIC = 0x314b4c42; // "BLK1", little-endian
const HEADER_BYTES = 16;
const EVENT_BYTES = 24;

/**
 * Parses one block (an ArrayBuffer, or a Uint8Array view of one). Throws on a wrong magic
 * number or a length that disagrees with the header. Events come as columns.
 */
export function parseBlock(block) {
  const bytes = block instanceof Uint8Array ? block : new Uint8Array(block);
  if (bytes.byteLength < HEADER_BYTES) throw new Error(`metric block too short: ${bytes.byteLength} bytes`);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = dv.getUint32(0, true);
  if (magic !== BLOCK_MAGIC)
    throw new Error(`metric block has magic 0x${magic.toString(16)}, expected 0x${BLOCK_MAGIC.toString(16)}`);
  const rows = dv.getUint32(4, true);
  const cols = dv.getUint32(8, true);
  const count = dv.getUint32(12, true);
  const sampleBytes = rows * cols * 8;
  const need = HEADER_BYTES + sampleBytes + count * EVENT_BYTES;
  if (bytes.byteLength < need) throw new Error(`metric block truncated: ${bytes.byteLength} of ${need} bytes`);
  if (bytes.byteLength > need) throw new Error(`metric block has ${bytes.byteLength} bytes, its header says ${need}`);
  const samples = new Float64Array(rows * cols);
  for (let i = 0; i < rows * cols; i++) samples[i] = dv.getFloat64(HEADER_BYTES + i * 8, true);
  const events = {
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

/** The events of a parsed block as objects ({t, kind, flow, link, reason}), oldest first. */
export function eventList(events) {
  const out = [];
  for (let i = 0; i < events.count; i++) {
    out.push({
      t: events.t[i],
      kind: events.kind[i],
      flow: events.flow[i],
      link: events.link[i],
      reason: events.reason[i],
    });
  }
  return out;
}

/** Builds a block (the inverse of parseBlock); used by tests to check the parser. */
export function encodeBlock(rows, cols, samples, events = []) {
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
