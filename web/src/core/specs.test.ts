import { describe, expect, it } from 'vitest';
import { findSpec, kindsOfGroup, normalizeSpecs, specsOfGroup, validateValue } from './specs';
import { withKind } from '../scenario/changeKind';
import type { Scenario } from './types';

// The layout bl_describe() writes (wasm-core/src/sim/scenario.cpp: describeAll), abridged.
const described = {
  version: 1,
  groups: {
    scenario: [
      {
        key: 'seed',
        label: 'Seed',
        unit: '',
        type: 'int',
        default: 1,
        min: 0,
        max: 4294967295,
        help: 'random seed',
        live: false,
      },
      {
        key: 'duration',
        label: 'Duration',
        unit: 's',
        type: 'number',
        default: 100,
        min: 0.001,
        max: 86400,
        help: '',
        live: false,
      },
      { key: 'queue', label: 'Queue', unit: '', type: 'object', help: '', live: false },
    ],
    'queue.droptail': [
      {
        key: 'buffer',
        label: 'Buffer',
        unit: 'packets',
        type: 'int',
        default: 100,
        min: 1,
        max: 100000,
        help: '',
        live: true,
      },
    ],
    'queue.red': [
      {
        key: 'maxP',
        label: 'Max drop probability',
        unit: '',
        type: 'number',
        default: 0.1,
        min: 0,
        max: 1,
        help: 'RED max_p',
        live: true,
      },
      { key: 'gentle', label: 'Gentle', unit: '', type: 'bool', default: true, help: '', live: false },
    ],
    'loss.none': [],
    'loss.bernoulli': [
      { key: 'rate', label: 'Loss rate', unit: '', type: 'number', default: 0, min: 0, max: 1, help: '', live: true },
    ],
    flow: [
      {
        key: 'stop',
        label: 'Stop',
        unit: 's',
        type: 'number',
        default: null,
        min: 0,
        max: 1e6,
        help: '',
        live: false,
        nullable: true,
      },
      {
        key: 'cc',
        label: 'Congestion control',
        unit: '',
        type: 'enum',
        default: 'aimd',
        options: ['aimd'],
        help: '',
        live: false,
      },
      { key: 'ccParams', label: 'CC parameters', unit: '', type: 'object', help: '', live: false },
    ],
    'cc.aimd': [],
    'cc.multcp': [
      {
        key: 'N',
        label: 'N',
        unit: '',
        type: 'number',
        default: 1,
        min: 1,
        max: 1000,
        help: 'virtual flows',
        live: false,
      },
    ],
    'live.flow': [
      {
        key: 'exoLoss',
        label: 'Exogenous loss',
        unit: '',
        type: 'number',
        default: 0,
        min: 0,
        max: 1,
        help: '',
        live: true,
      },
    ],
  },
  kinds: {
    'queue.droptail': 'FIFO',
    'queue.red': 'Random Early Detection',
    'loss.none': 'No loss',
    'loss.bernoulli': 'iid',
  },
};

describe('normalizeSpecs', () => {
  const specs = normalizeSpecs(described);
  it('prefixes keys with their group and maps the core type names', () => {
    const maxP = specs.find((s) => s.key === 'queue.red.maxP');
    expect(maxP).toMatchObject({ type: 'number', min: 0, max: 1, live: true, help: 'RED max_p' });
    expect(specs.find((s) => s.key === 'queue.droptail.buffer')?.type).toBe('integer');
    expect(specs.find((s) => s.key === 'queue.red.gentle')?.type).toBe('boolean');
    expect(specs.find((s) => s.key === 'queue.kind')?.options).toEqual(['droptail', 'red']);
    expect(specs.find((s) => s.key === 'seed')).toBeDefined();
    expect(specs.find((s) => s.key === 'exoLoss.bernoulli.rate')).toBeDefined();
    expect(specs.find((s) => s.key === 'live.flow.exoLoss')?.live).toBe(true);
    expect(specs.find((s) => s.key === 'exoLoss.kind')).toMatchObject({ type: 'enum', options: ['none', 'bernoulli'] });
    expect(specs.find((s) => s.key === 'queue.kind')?.help).toContain('Random Early Detection');
    expect(specs.filter((s) => s.key === 'flows.cc')).toHaveLength(1);
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
  it("puts a window rule's own parameters under flows.ccParams, where the core reads them", () => {
    const fields = specsOfGroup(specs, 'flows', 'multcp').map((s) => s.key);
    expect(fields).toContain('flows.ccParams.N');
    expect(fields).not.toContain('flows.N');
    expect(fields).not.toContain('flows.ccParams'); // the object is edited field by field
    const kindOf = (g: string) => (g === 'flows' ? 'multcp' : undefined);
    expect(findSpec(specs, 'flows.ccParams.N', kindOf)?.key).toBe('flows.multcp.N');
    expect(findSpec(specs, 'flows.N', kindOf)).toBeUndefined();
    expect(findSpec(specs, 'flows.ccParams.N', () => 'aimd')).toBeUndefined();
  });
});

describe('withKind', () => {
  const specs = normalizeSpecs(described);
  it('keeps the rule parameters the new rule has and drops the others', () => {
    const s: Scenario = { version: 1, flows: { count: 3, cc: 'multcp', ccParams: { N: 4 } } };
    expect(withKind(s, specs, 'flows', 'aimd').flows).toEqual({ cc: 'aimd' });
    expect(withKind(s, specs, 'flows', 'multcp').flows).toEqual({ cc: 'multcp', ccParams: { N: 4 } });
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
    expect(validateValue(spec('seed'), null).ok).toBe(false);
  });
});
