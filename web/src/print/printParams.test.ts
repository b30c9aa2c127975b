import { describe, expect, it } from 'vitest';
import described from '../../test/fixtures/describe.json';
import { coreManifest } from '../../test/nativeCheck';
import { flatten } from '../../../wasm-core/js/paths.mjs';
import { normalizeSpecs } from '../params/specs';
import type { Manifest } from '../params/types';
import { fieldName, fieldSpec } from '../scenario/fieldNames';
import { PRESETS } from '../scenario/presets';
import { printParams } from './printParams';

const specs = normalizeSpecs(described);
const BARE_NUMBER = /^[-+\d.,e]+$/;

describe("the print summary says every parameter's value with its unit", () => {
  it('the buffer in packets and the rate in Mb/s (the audit saw "Buffer 150")', () => {
    const p = PRESETS.find((x) => x.id === 'bbr-vs-cubic')!;
    const lines = printParams(specs, p.scenario, coreManifest(p.id) as Manifest);
    expect(lines).toContainEqual(['Buffer', '150 packets']);
    expect(lines).toContainEqual(['Bottleneck rate', '10 Mb/s']);
  });

  it.each(PRESETS.filter((p) => p.id !== 'first-visit').map((p) => [p.id, p] as const))('%s', (id, p) => {
    const s = p.scenario;
    const lines = printParams(specs, s, coreManifest(id) as Manifest);
    const byLabel = new Map(lines);
    for (const [k, v] of flatten(s)) {
      const spec = fieldSpec(specs, s, k);
      const text = byLabel.get(fieldName(specs, s, k));
      if (typeof v !== 'number' || !spec?.unit || text === undefined) continue;
      expect({ k, text, bare: BARE_NUMBER.test(text) }).toEqual({ k, text, bare: false });
    }
    // A list's entries too ("Flow 0: src s1, dst d1, Deadline 900 µs").
    for (const [, text] of lines)
      for (const m of text.matchAll(/Deadline ([^,]+)/g)) expect(m[1]).toMatch(/^[\d.]+ (µs|ms|s)$/);
  });
});
