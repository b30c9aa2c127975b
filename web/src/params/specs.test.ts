import { describe, expect, it } from 'vitest';
import {
  findSpec,
  kindsOfGroup,
  normalizeSpecs,
  problemLine,
  problemText,
  refusalText,
  specsOfGroup,
  validateValue,
} from './specs';
import { decodeState, defaultState, encodeState } from '../url/scenarioUrl';
import { setPath } from '../../../wasm-core/js/paths.mjs';
import { withKind } from '../scenario/changeKind';
import type { Scenario } from './types';

// The real bl_describe() document of this core (npm run describe:snapshot; describeSnapshot.test.ts
// fails when it is stale).
import described from '../../test/fixtures/describe.json';

const QUEUES = Object.keys(described.kinds.queue);

describe('normalizeSpecs', () => {
  const specs = normalizeSpecs(described);
  it('prefixes keys with their group and maps the core type names', () => {
    const maxP = specs.find((s) => s.key === 'queue.red.maxP');
    expect(maxP).toMatchObject({ type: 'number', min: 0, max: 1, live: true, default: 0.1 });
    expect(specs.find((s) => s.key === 'queue.droptail.buffer')?.type).toBe('integer');
    expect(specs.find((s) => s.key === 'queue.red.gentle')?.type).toBe('boolean');
    expect(specs.find((s) => s.key === 'queue.kind')).toMatchObject({ options: QUEUES, default: 'droptail' });
    expect(QUEUES.slice(0, 2)).toEqual(['droptail', 'red']);
    expect(specs.find((s) => s.key === 'seed')).toBeDefined();
    expect(specs.find((s) => s.key === 'exoLoss.bernoulli.rate')).toBeDefined();
    expect(specs.find((s) => s.key === 'live.flow.exoLoss')?.live).toBe(true);
    // The loss kinds the core has (a new one is added in the core alone: no edit here).
    expect(specs.find((s) => s.key === 'exoLoss.kind')).toMatchObject({
      type: 'enum',
      options: expect.arrayContaining(['none', 'bernoulli', 'gilbert', 'schedule']),
    });
    expect(specs.find((s) => s.key === 'queue.kind')?.help).toContain('RED: ');
    // The window rule is chosen by flows.cc, a flow field: one spec, marked as the selector of the
    // core's group flows.ccParams.
    expect(specs.filter((s) => s.key === 'flows.cc')).toHaveLength(1);
    expect(specs.find((s) => s.key === 'flows.cc')?.selects).toBe('flows.ccParams');
    expect(specs.find((s) => s.key === 'queue.kind')?.selects).toBe('queue');
    // Groups inside arrays have no one path: left out, but for where a selector there falls
    // back to (a spec holding describe's list only, selecting nothing).
    expect(specs.filter((s) => s.key.includes('[]')).map((s) => [s.key, s.fallback])).toEqual([
      ['topology.flows[].cc', ['flows.cc']],
      ['flowOverrides[].cc', ['topology.flows[flow].cc', 'flows.cc']],
    ]);
    expect(specs.some((s) => s.key.includes('[]') && s.selects !== undefined)).toBe(false);
  });
  it('accepts a flat list as well', () => {
    const flat = normalizeSpecs([{ key: 'queue.maxP', type: 'number', min: 0, max: 1 }, { nokey: 1 }]);
    expect(flat.map((s) => s.key)).toEqual(['queue.maxP']);
  });
  it('finds a spec by path under the current kind, and lists a group', () => {
    const kindOf = (g: string) => (g === 'queue' ? 'red' : undefined);
    expect(findSpec(specs, 'queue.maxP', kindOf)?.key).toBe('queue.red.maxP');
    expect(findSpec(specs, 'queue.gentle', () => 'droptail')).toBeUndefined();
    expect(findSpec(specs, 'queue.buffer', () => 'droptail')?.key).toBe('queue.droptail.buffer');
    expect(specsOfGroup(specs, 'queue', 'red').map((s) => s.key)).toEqual(
      described.kinds.queue.red.specs.map((s) => `queue.${s.key}`),
    );
    expect(kindsOfGroup(specs, 'queue')).toEqual(QUEUES);
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
    expect(withKind(s, specs, 'flows', 'aimd').flows).toEqual({ cc: 'aimd', count: 3 });
    expect(withKind(s, specs, 'flows', 'multcp').flows).toEqual({ cc: 'multcp', count: 3, ccParams: { N: 4 } });
  });
});

describe('specsOfGroup', () => {
  it("gives a kind's parameters as the same objects each time (controls keep what is typed)", () => {
    const specs = normalizeSpecs(described);
    const a = specsOfGroup(specs, 'flows', 'multcp').find((s) => s.key === 'flows.ccParams.N');
    const b = specsOfGroup(specs, 'flows', 'multcp').find((s) => s.key === 'flows.ccParams.N');
    expect(a).toBeDefined();
    expect(b).toBe(a);
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
    expect(validateValue(spec('queue.kind'), 'fifo').ok).toBe(false);
    expect(validateValue(spec('queue.red.gentle'), 'false')).toEqual({ ok: true, value: false });
    expect(validateValue(spec('queue.red.gentle'), 'maybe').ok).toBe(false);
    expect(validateValue(spec('flows.stop'), null)).toEqual({ ok: true, value: null });
    expect(validateValue(spec('seed'), null).ok).toBe(false);
  });
});

// A spec the core gains reaches the page with no change of the page: here one added to a copy of
// the real describe document shows in the scenario panel's fields, the kind lists and validation.
// The scenario layer's own fields (the top of the document, a topology kind's, a live parameter)
// come from the same kind of table as a queue's (sim/scenario.h; ScenarioFields.* in the native
// tests show each such field described, in docs/parameters.md and checked by bl_check), so they
// reach the page the same way.
describe('a new spec in the describe document', () => {
  const withNew = structuredClone(described) as unknown as {
    kinds: Record<string, Record<string, { help: string; specs: unknown[] }>>;
    groups: Record<string, { specs?: unknown[] }>;
    live: Record<string, unknown[]>;
  };
  const scenarioField = (key: string, unit: string, max: number, live = false) => ({
    key,
    label: key,
    unit,
    type: 'number',
    default: 0,
    min: 0,
    max,
    help: 'new',
    live,
  });
  withNew.kinds.topology!.dumbbell!.specs.push(scenarioField('accessJitter', 's', 0.01));
  withNew.groups['']!.specs!.push(scenarioField('warmup', 's', 600));
  withNew.live.flow!.push(scenarioField('pause', 's', 10, true));
  withNew.kinds.queue!.red!.specs.push({
    key: 'burstAllowance',
    label: 'Burst allowance',
    unit: 'packets',
    type: 'int',
    default: 8,
    min: 0,
    max: 64,
    help: 'new',
    live: true,
  });
  withNew.kinds.queue!.fancy = { help: 'A new discipline.', specs: [] };
  withNew.groups.flows!.specs!.push({
    key: 'jitter',
    label: 'Jitter',
    unit: 's',
    type: 'number',
    default: 0,
    min: 0,
    max: 1,
    help: 'new',
    live: false,
  });
  const specs = normalizeSpecs(withNew);
  it('appears among the fields of its group and kind', () => {
    expect(specsOfGroup(specs, 'queue', 'red').map((s) => s.key)).toContain('queue.burstAllowance');
    expect(specsOfGroup(specs, 'queue', 'droptail').map((s) => s.key)).not.toContain('queue.burstAllowance');
    expect(specsOfGroup(specs, 'flows', 'aimd').map((s) => s.key)).toContain('flows.jitter');
    expect(kindsOfGroup(specs, 'queue')).toContain('fancy');
    // Scenario-layer fields: a topology kind's, the document's own (the panel's top fields are
    // the specs without a dot that are not objects) and a live flow parameter.
    expect(specsOfGroup(specs, 'topology', 'dumbbell').map((s) => s.key)).toContain('topology.accessJitter');
    expect(specsOfGroup(specs, 'topology', 'chain').map((s) => s.key)).not.toContain('topology.accessJitter');
    expect(specs.find((s) => s.key === 'warmup')).toMatchObject({ type: 'number', min: 0, max: 600, unit: 's' });
    expect(specs.find((s) => s.key === 'live.flow.pause')).toMatchObject({ live: true, max: 10 });
  });
  it('is validated against its range', () => {
    const sp = findSpec(specs, 'queue.burstAllowance', () => 'red')!;
    expect(validateValue(sp, 8)).toEqual({ ok: true, value: 8 });
    const r = validateValue(sp, 65);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('whole number from 0 to 64 packets');
  });
  it('round-trips through the URL encoder and decoder, which refuses it without the spec', () => {
    const state = defaultState();
    state.scenario = withKind(state.scenario, specs, 'queue', 'red');
    setPath(state.scenario, 'queue.burstAllowance', 12);
    setPath(state.scenario, 'flows.jitter', 0.25);
    setPath(state.scenario, 'topology.accessJitter', 0.005);
    setPath(state.scenario, 'warmup', 5);
    const hash = encodeState(state);
    expect(hash).toContain('queue.burstAllowance=12');
    expect(hash).toContain('flows.jitter=0.25');
    expect(hash).toContain('topology.accessJitter=0.005');
    expect(hash).toContain('warmup=5');
    const back = decodeState(hash, specs);
    expect(back.dropped).toEqual([]);
    expect(back.state.scenario).toEqual(state.scenario);
    expect(encodeState(back.state)).toBe(hash);
    // The same link read with the describe document before the spec was added: not a field.
    const before = decodeState(hash, normalizeSpecs(described));
    expect([...before.dropped]).toEqual([
      '4 keys left out (unknown scenario field): flows.jitter, queue.burstAllowance, topology.accessJitter and 1 more',
    ]);
  });
  it("appears in the check's messages with its range in its own units", () => {
    // What bl_check reports for a field is {path, message, value, range}; the page words it with the
    // field's spec from the describe document (a time in ms or s, a count in its unit).
    const burst = findSpec(specs, 'queue.burstAllowance', () => 'red')!;
    const jitter = findSpec(specs, 'flows.jitter')!;
    const problem = (path: string, value: unknown, min: number, max: number, unit: string) => ({
      path,
      message: `${String(value)} is out of range; allowed [${min}, ${max}] ${unit}`,
      value,
      range: { min, max, unit },
      options: null,
      default: null,
    });
    expect(problemText(problem('queue.burstAllowance', 65, 0, 64, 'packets'), burst)).toBe(
      'Allowed: a whole number from 0 to 64 packets',
    );
    expect(problemText(problem('flows.jitter', 2, 0, 1, 's'), jitter)).toBe('Allowed: a number from 0 s to 1 s');
    expect(problemText(problem('flows.jitter', 'soon', 0, 1, 's'), jitter)).toBe(
      'soon is out of range; allowed [0, 1] s. Allowed: a number from 0 s to 1 s',
    );
    expect(problemLine(problem('flows.jitter', 2, 0, 1, 's'))).toBe('flows.jitter: Allowed: a number from 0 to 1 s');
  });
  it("words a refused live change in its control's units, as the check's problems", () => {
    // bl_set_param_problem's answer for 150 % typed in the live panel: the core's range is SI.
    const exo = specs.find((s) => s.key === 'live.flow.exoLoss')!;
    const rate = specs.find((s) => s.key === 'live.link.rate')!;
    const refused = (path: string, value: number, min: number, max: number, unit: string) =>
      Object.assign(new Error(`${path}: ${value} is out of range; allowed [${min}, ${max}] ${unit}`.trim()), {
        problem: {
          path,
          code: 'field' as const,
          message: `${value} is out of range; allowed [${min}, ${max}] ${unit}`.trim(),
          value,
          range: { min, max, unit },
          options: null,
          default: null,
        },
      });
    expect(refusalText(refused('flows.exoLoss', 1.5, 0, 1, ''), exo)).toBe('Allowed: a number from 0% to 100%');
    // A rate in the units the control shows (kb/s ... Gb/s), not the core's bit/s.
    const rateText = refusalText(refused('link.bottleneck.rate', 1e13, 1000, 1e12, 'bit/s'), rate);
    expect(rateText).toMatch(/^Allowed: a number from \S+ [kMG]b\/s to \S+ [kMGT]b\/s$/);
    // A refusal the core gave no problem for (a locked embed's guard) keeps its words.
    expect(refusalText(new Error('link.rate is locked by the instructor'), rate)).toBe(
      'link.rate is locked by the instructor',
    );
  });
});
