import { describe, expect, it } from 'vitest';
import { encodeBlock, parseBlock } from '../../../wasm-core/js/block.mjs';

describe('parseBlock', () => {
  it('reads samples and events written in the documented layout', () => {
    const samples = [0.1, 1, 2, 0.2, 3, 4];
    const events = [
      { t: 0.15, kind: 1, flow: 3, link: 0, reason: 4 },
      { t: 0.18, kind: 4, flow: -1, link: -1, reason: 0 },
    ];
    const b = parseBlock(encodeBlock(2, 3, samples, events));
    expect(b.rows).toBe(2);
    expect(b.cols).toBe(3);
    expect(Array.from(b.samples)).toEqual(samples);
    expect(b.events.count).toBe(2);
    expect(b.events.flow[0]).toBe(3);
    expect(b.events.flow[1]).toBe(-1);
    expect(b.events.reason[0]).toBe(4);
    expect(b.events.t[1]).toBe(0.18);
  });
  it('checks the magic number and the length', () => {
    const buf = encodeBlock(1, 2, [1, 2]);
    new DataView(buf).setUint32(0, 0xdeadbeef, true);
    expect(() => parseBlock(buf)).toThrow(/magic/);
    expect(() => parseBlock(encodeBlock(2, 2, [1, 2, 3, 4]).slice(0, 30))).toThrow(/truncated/);
    expect(() => parseBlock(new ArrayBuffer(8))).toThrow(/short/);
  });
});
