import { describe, expect, it } from 'vitest';
import { windowEnvelope } from './envelope';

describe('windowEnvelope', () => {
  it('turns a series swinging 0/250 every sample into a flat mean with its range', () => {
    const v = Array.from({ length: 40 }, (_, i) => (i % 2 ? 250 : 0));
    const e = windowEnvelope(v, 11);
    for (let i = 5; i < 35; i++) {
      expect(e.min[i]).toBe(0);
      expect(e.max[i]).toBe(250);
      // 11 samples: 5 or 6 of them at 250.
      expect([1250 / 11, 1500 / 11]).toContainEqual(e.mean[i]);
    }
  });

  it('leaves a smooth series as it is and uses fewer samples at the ends', () => {
    const v = [1, 2, 3, 4, 5];
    const e = windowEnvelope(v, 3);
    expect([...e.mean]).toEqual([1.5, 2, 3, 4, 4.5]);
    expect([...e.min]).toEqual([1, 1, 2, 3, 4]);
    expect([...e.max]).toEqual([2, 3, 4, 5, 5]);
    expect([...windowEnvelope(v, 1).mean]).toEqual(v);
  });
});
