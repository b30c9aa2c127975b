import { describe, expect, it } from 'vitest';
import { findSpec, kindsOfGroup, normalizeSpecs, specsOfGroup, validateValue } from './specs';

// The shape bl_describe() writes for each spec (wasm-core/src/core/params.cpp), grouped.
const described = {
  scenario: [
    { key: 'seed', label: 'Seed', unit: '', type: 'int', default: 1, min: 0, max: 4294967295, help: 'random seed', live: false },
    { key: 'duration', label: 'Duration', unit: 's', type: 'number', default: 100, min: 0.001, max: 86400, help: '', live: false },
  ],
  queue: [{ key: 'kind', label: 'Queue', unit: '', type: 'enum', default: 'droptail', options: ['droptail', 'red'], help: '', live: false }],
  'queue.red': [
    { key: 'maxP', label: 'Max drop probability', unit: '', type: 'number', default: 0.1, min: 0, max: 1, help: 'RED max_p', live: true },
    { key: 'gentle', label: 'Gentle', unit: '', type: 'bool', default: true, help: '', live: false },
  ],
  'queue.droptail': [{ key: 'buffer', label: 'Buffer', unit: 'packets', type: 'int', default: 100, min: 1, max: 100000, help: '', live: true }],
  flows: [{ key: 'stop', label: 'Stop', unit: 's', type: 'number', default: null, min: 0, max: 1e6, help: '', live: false, nullable: true }],
};

describe('normalizeSpecs', () => {
  const specs = normalizeSpecs(described);
  it('prefixes keys with their group and maps the core type names', () => {
    const maxP = specs.find((s) => s.key === 'queue.red.maxP');
    expect(maxP).toMatchObject({ type: 'number', min: 0, max: 1, live: true, help: 'RED max_p' });
    expect(specs.find((s) => s.key === 'queue.droptail.buffer')?.type).toBe('integer');
    expect(specs.find((s) => s.key === 'queue.red.gentle')?.type).toBe('boolean');
    expect(specs.find((s) => s.key === 'queue.kind')?.options).toEqual(['droptail', 'red']);
    expect(specs.find((s) => s.key === 'scenario.seed')).toBeDefined();
  });
  it('accepts a flat list as well', () => {
    const flat = normalizeSpecs([{ key: 'queue.maxP', type: 'number', min: 0, max: 1 }, { nokey: 1 }]);
    expect(flat.map((s) => s.key)).toEqual(['queue.maxP']);
  });
  it('finds a spec by path under the current kind, and lists a group', () => {
    const kindOf = (g: string) => (g === 'queue' ? 'red' : undefined);
    expect(findSpec(specs, 'queue.maxP', kindOf)?.key).toBe('queue.red.maxP');
    expect(findSpec(specs, 'queue.buffer', kindOf)).toBeUndefined();
    expect(findSpec(specs, 'queue.buffer', () => 'droptail')?.key).toBe('queue.droptail.buffer');
    expect(specsOfGroup(specs, 'queue', 'red').map((s) => s.key)).toEqual(['queue.maxP', 'queue.gentle']);
    expect(kindsOfGroup(specs, 'queue')).toEqual(['droptail', 'red']);
  });
});

describe('validateValue', () => {
  const specs = normalizeSpecs(described);
  const spec = (k: string) => specs.find((s) => s.key === k)!;
  it('accepts in-range numbers, also typed as text', () => {
    expect(validateValue(spec('queue.red.maxP'), '0.5')).toEqual({ ok: true, value: 0.5 });
    expect(validateValue(spec('queue.red.maxP'), 1)).toEqual({ ok: true, value: 1 });
  });
  it('refuses out-of-range values naming the allowed range', () => {
    const r = validateValue(spec('queue.red.maxP'), 1.5);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('from 0 to 1');
    const b = validateValue(spec('queue.droptail.buffer'), 2.5);
    expect(b.ok).toBe(false);
    if (!b.ok) expect(b.message).toContain('whole number from 1 to 100000 packets');
    expect(validateValue(spec('queue.droptail.buffer'), 'abc').ok).toBe(false);
    expect(validateValue(spec('queue.droptail.buffer'), '').ok).toBe(false);
  });
  it('checks enums, booleans and nullable numbers', () => {
    expect(validateValue(spec('queue.kind'), 'red').ok).toBe(true);
    expect(validateValue(spec('queue.kind'), 'codel').ok).toBe(false);
    expect(validateValue(spec('queue.red.gentle'), 'false')).toEqual({ ok: true, value: false });
    expect(validateValue(spec('queue.red.gentle'), 'maybe').ok).toBe(false);
    expect(validateValue(spec('flows.stop'), null)).toEqual({ ok: true, value: null });
    expect(validateValue(spec('scenario.seed'), null).ok).toBe(false);
  });
});
