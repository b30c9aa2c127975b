import { describe, expect, it } from 'vitest';
import stories from '../../../public/stories/presets.json';
import { PRESETS } from './presets';

describe('preset stories', () => {
  it('every preset says what it shows and what to try', () => {
    for (const p of PRESETS) {
      expect(p.watch, p.id).toMatch(/\w.{60,}\./);
      expect(p.tryThis, p.id).toMatch(/\w.{20,}/);
    }
  });
  it('names no preset that does not exist', () => {
    const ids = new Set(PRESETS.map((p) => p.id));
    expect(Object.keys(stories).filter((id) => !ids.has(id))).toEqual([]);
  });
});
