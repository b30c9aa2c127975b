import { describe, expect, it } from 'vitest';
import { normalizeSpecs } from '../params/specs';
import { decodeState, defaultState, encodeState } from '../url/scenarioUrl';
import { lockId, lockReason, lockViolations } from './lock';
import { parseHostMessage } from './hostMessages';
import { testManifest } from '../params/manifestFixture';
import described from '../../test/fixtures/describe.json';

// The core's describe document: refusals name parameters by the live controls' labels.
const realSpecs = normalizeSpecs(described);

// bl_describe's layout (version 2), abridged.
const specs = normalizeSpecs({
  groups: { queue: { selector: 'queue.kind', default: 'droptail', kinds: 'queue' } },
  kinds: {
    queue: {
      droptail: { help: '', specs: [{ key: 'buffer', type: 'int', min: 1, max: 100000, default: 250, live: true }] },
    },
  },
  live: {
    flow: [
      { key: 'exoLoss', min: 0, max: 1, default: 0, live: true },
      { key: 'weight', min: 0.01, max: 1000, default: 1, live: true },
    ],
    link: [{ key: 'rate', unit: 'bit/s', min: 1000, max: 1e11, default: 1e6, live: true }],
  },
});

describe('teaching URL keys', () => {
  it('round-trips compare, unlock and student, and leaves them out by default', () => {
    const s = defaultState();
    expect(encodeState(s)).toBe('#v=1');
    s.teach = { compare: { path: 'queue.kind', value: 'red' }, unlock: ['flows.exoLoss', 'link.rate'], student: true };
    const hash = encodeState(s);
    expect(hash).toBe('#v=1&compare=queue.kind:red&unlock=flows.exoLoss,link.rate&student=1');
    expect(decodeState(hash)).toEqual({ state: s, dropped: [] });
    s.teach = { compare: { path: 'queue.maxP', value: 0.2 }, unlock: [], student: false };
    expect(decodeState(encodeState(s)).state.teach).toEqual(s.teach);
    expect(encodeState(s)).toContain('unlock=none');
  });

  it('names what it cannot read, and a bad lock list still locks', () => {
    const d = decodeState('#v=1&compare=red&unlock=flows.exoLoss,everything&student=maybe');
    expect(d.dropped).toEqual([
      'compare=red: expected scenario.path:value (e.g. queue.kind:red)',
      'unlock "everything": expected flows.<key>, queue.<key> or link.<key>',
      'student=maybe: expected 1 or 0',
    ]);
    expect(d.state.teach).toEqual({ compare: null, unlock: ['flows.exoLoss'], student: false });
  });
});

describe('locks', () => {
  it('maps live entities to lock ids', () => {
    expect(lockId('flows', 'exoLoss')).toBe('flows.exoLoss');
    expect(lockId('flow.3', 'weight')).toBe('flows.weight');
    expect(lockId('queue.bottleneck', 'buffer')).toBe('queue.buffer');
    expect(lockId('link.AB', 'rate')).toBe('link.rate');
  });

  it('refuses locked parameters only on a locked page', () => {
    expect(lockReason(null, 'link.bottleneck', 'rate')).toBeNull();
    expect(lockReason(['flows.exoLoss'], 'flow.2', 'exoLoss')).toBeNull();
    expect(lockReason(['flows.exoLoss'], 'link.bottleneck', 'rate', realSpecs)).toBe(
      'Rate (link) is locked by the instructor (only Exogenous loss (flows) may change here)',
    );
    expect(lockReason([], 'flows', 'exoLoss', realSpecs)).toBe(
      'Exogenous loss (flows) is locked by the instructor (nothing may change here)',
    );
    expect(lockReason([], 'queue.bottleneck', 'buffer', realSpecs)).toBe(
      'Buffer (queue) is locked by the instructor (nothing may change here)',
    );
  });

  it('lets a new URL of a locked page change only unlocked live parameters', () => {
    const base = decodeState('#v=1&unlock=flows.exoLoss&view.panels=controls,charts').state;
    const next = (extra: string) => decodeState(`#v=1&unlock=flows.exoLoss&view.panels=controls,charts${extra}`).state;
    // Each field by the page's label (this abridged describe labels buffer and rate by their keys).
    expect(lockViolations(base, next('&live=5:flows:exoLoss:0.1&view.theme=dark'), specs)).toEqual([]);
    expect(lockViolations(base, next('&live=5:link.bottleneck:rate:1000000'), specs)).toEqual([
      'rate (link) is locked by the instructor',
    ]);
    expect(lockViolations(base, next('&queue.buffer=10'), specs)).toEqual(['buffer is locked by the instructor']);
    expect(lockViolations(base, decodeState('#v=1&view.panels=controls,charts').state, specs)).toEqual([
      'What may change here is set by the instructor: a link cannot change it',
    ]);
    expect(lockViolations(base, next('&student=1'), specs)).toEqual(['Student mode is locked by the instructor']);
    expect(lockViolations(defaultState(), next('&queue.buffer=10'), specs)).toEqual([]); // not locked
  });
});

describe('host messages', () => {
  const s = testManifest();
  it('ignores messages that are not ours and checks the rest against the lock list and specs', () => {
    expect(parseHostMessage('hello', specs, s, null)).toBeNull();
    expect(parseHostMessage({ type: 'other:set' }, specs, s, null)).toBeNull();
    expect(parseHostMessage({ type: 'bottleneck-lab:play' }, specs, s, [])).toEqual({
      ok: true,
      command: { kind: 'play' },
    });
    expect(
      parseHostMessage({ type: 'bottleneck-lab:set', param: 'flows.exoLoss', value: 0.05 }, specs, s, [
        'flows.exoLoss',
      ]),
    ).toEqual({
      ok: true,
      command: { kind: 'set', entity: 'flows', key: 'exoLoss', value: 0.05, field: 'flows.exoLoss' },
    });
    expect(
      parseHostMessage({ type: 'bottleneck-lab:set', param: 'flows.weight', value: 2, flow: 3 }, specs, s, null),
    ).toEqual({ ok: true, command: { kind: 'set', entity: 'flow.3', key: 'weight', value: 2, field: 'flows.weight' } });
    expect(
      parseHostMessage({ type: 'bottleneck-lab:set', param: 'link.rate', value: 1e6 }, realSpecs, s, ['flows.exoLoss']),
    ).toEqual({
      ok: false,
      message: 'Rate (link) is locked by the instructor (only Exogenous loss (flows) may change here)',
    });
    // Out of range is the core's to refuse (bl_set_param, e2e embed-lock): the message passes it on.
    expect(parseHostMessage({ type: 'bottleneck-lab:set', param: 'flows.exoLoss', value: 7 }, specs, s, null)).toEqual({
      ok: true,
      command: { kind: 'set', entity: 'flows', key: 'exoLoss', value: 7, field: 'flows.exoLoss' },
    });
    expect(parseHostMessage({ type: 'bottleneck-lab:set', param: 'seed', value: 7 }, specs, s, null)).toMatchObject({
      ok: false,
    });
    expect(parseHostMessage({ type: 'bottleneck-lab:reload' }, specs, s, null)).toMatchObject({ ok: false });
  });

  it('refuses a parameter named after a prototype (issue 11)', () => {
    for (const param of ['flows.__proto__', 'queue.constructor', 'link.prototype']) {
      expect(parseHostMessage({ type: 'bottleneck-lab:set', param, value: 1 }, specs, s, null)).toEqual({
        ok: false,
        message: `param "${param}": "${param.split('.')[1]}" is not a parameter`,
      });
    }
  });
});
