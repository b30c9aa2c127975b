import { describe, expect, it } from 'vitest';
import stories from '../../../public/stories/presets.json';
import described from '../../test/fixtures/describe.json';
import { normalizeSpecs } from '../params/specs';
import { diffChoices } from '../compare/compareDiff';
import { PRESETS } from './presets';

describe('preset stories', () => {
  it('every preset says what it shows and what to try', () => {
    for (const p of PRESETS) {
      expect(p.watch, p.id).toMatch(/\w.{60,}\./);
      expect(p.tryThis, p.id).toMatch(/\w.{20,}/);
    }
  });
  it('names controls as the student sees them, not by scenario key', () => {
    const specs = normalizeSpecs(described);
    for (const p of PRESETS) {
      const text = [p.title, p.watch ?? '', p.tryThis ?? ''].join('\n');
      // Outside the {path}s filled with the run's values, no dotted key ("queue.kind").
      // (guards' conditions, "[[queue.gentle=1 ?" or "[[flow[0].weight>=5 ?", are not shown either).
      const shown = text.replace(/\{[^}]*\}/g, '').replace(/\[\[(?:(?!\]\])[^?])*\?/g, '');
      expect(shown, p.id).not.toMatch(/\b[a-z]\w*\.[a-z]\w*/i);
      // "(Compare with..., X)": X is what the Compare dialog's "What differs" lists.
      const asked = [...text.matchAll(/\(Compare with\.\.\., ([^)]+)\)/g)].map((m) => m[1]);
      if (!asked.length) continue;
      const labels = diffChoices(specs, p.scenario).map((c) => c.label);
      for (const x of asked) expect(labels, p.id).toContain(x);
    }
  });
  it('names no preset that does not exist', () => {
    const ids = new Set(PRESETS.map((p) => p.id));
    expect(Object.keys(stories).filter((id) => !ids.has(id))).toEqual([]);
  });
});
