// The repair that the worker runs on a refused scenario, against the real core's check
// (native blsim --check, the same bl_check the worker calls in WASM).
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../params/types';
import { dropPath, problemNotice, repairScenario } from './repair';
import { coreCheck } from '../../test/nativeCheck';
import described from '../../test/fixtures/describe.json';
import { normalizeSpecs } from '../params/specs';

const specs = normalizeSpecs(described);

describe('dropPath', () => {
  it('removes a field, a field inside an array element, or the element', () => {
    const s: JsonObject = {
      version: 1,
      queue: { kind: 'red', maxP: 7 },
      flowOverrides: [{ flow: 1 }, { flow: 2, weight: 'x' }],
    };
    expect(dropPath(s, 'queue.maxP')).toBe(true);
    expect(s.queue).toEqual({ kind: 'red' });
    expect(dropPath(s, 'flowOverrides[1].weight')).toBe(true);
    expect(s.flowOverrides).toEqual([{ flow: 1 }, { flow: 2 }]);
    expect(dropPath(s, 'flowOverrides[0]')).toBe(true);
    expect(s.flowOverrides).toEqual([{ flow: 2 }]);
    expect(dropPath(s, 'nothing.here')).toBe(false);
    expect(dropPath(s, 'flowOverrides[5]')).toBe(false);
    expect(dropPath(s, 'version')).toBe(false);
    expect(dropPath(s, '')).toBe(false);
    expect(dropPath(s, '__proto__.x')).toBe(false);
  });
});

describe('repairScenario with the core check', () => {
  it('drops every refused field in one round, naming each by its label with what is allowed in its units', () => {
    const s: JsonObject = {
      version: 1,
      duration: 30,
      queue: { kind: 'red', maxP: 7, minTh: 5 },
      flows: { count: 4, weight: 0 },
      flowOverrides: [{ flow: 1, bogus: 2 }, 'x', { flow: 2, weight: 3 }],
    };
    let calls = 0;
    const r = repairScenario(s, (j) => (calls++, coreCheck(j)), 5, undefined, specs);
    expect(r.ok).toBe(true);
    expect(calls).toBe(2); // one round found all four, the second passed
    expect(s).toEqual({
      version: 1,
      duration: 30,
      queue: { kind: 'red', minTh: 5 },
      flows: { count: 4 },
      flowOverrides: [{ flow: 1 }, { flow: 2, weight: 3 }],
    });
    expect(r.notices).toHaveLength(4);
    // RED's maxP is a probability shown in % (700%, allowed 0% to 100%, default 10%).
    expect(r.notices[0]).toBe(
      'Max drop probability: 700% is out of range; allowed a number from 0% to 100%; reset to its default 10%',
    );
    expect(r.notices[1]).toMatch(/^Weight: 0 is out of range; allowed .*0\.01.*1000.*; reset to its default 1$/);
    expect(r.notices[2]).toMatch(/^Flow 1: bogus: unknown key; known keys here: flow, /);
    expect(r.notices[3]).toMatch(/^A flow: expected a group of fields/);
  });

  it('passes over the note that the work budget waits for the others (code "unchecked")', () => {
    // A source from a node that does not exist is not built, so the core says the work budget
    // was not estimated (path "", nothing to remove); the repair mends the source and is done.
    const s: JsonObject = { version: 1, duration: 10, traffic: [{ kind: 'cbr', rate: 1e6, from: 'nowhere' }] };
    const first = coreCheck(JSON.stringify(s));
    expect(first.problems.map((p) => [p.path, p.code])).toEqual([
      ['traffic[0].from', 'rule'],
      ['', 'unchecked'],
    ]);
    const r = repairScenario(s, coreCheck, 5, undefined, specs);
    expect(r.notices).toHaveLength(1);
    expect(r).toEqual({
      ok: true,
      notices: [expect.stringMatching(/^Traffic source 1: .*: no node named "nowhere"; left out$/)],
    });
    expect(s).toEqual({ version: 1, duration: 10, traffic: [{ kind: 'cbr', rate: 1e6 }] });
  });

  it("a failure names the document's own problem, not the hole a removal left", () => {
    // A scripted check: the first round refuses graph.dst; with dst removed, the second finds
    // it missing, which cannot be removed. The notice must say what was wrong with the link.
    const s: JsonObject = { version: 1, graph: { src: 'a', dst: 'a' } };
    const check = (json: string) => {
      const g = (JSON.parse(json) as { graph: { dst?: string } }).graph;
      const problem =
        g.dst === undefined
          ? { path: 'graph.dst', message: 'give the name of a node' }
          : { path: 'graph.dst', message: '"a" is also graph.src; a flow needs two different nodes' };
      return {
        ok: false as const,
        problems: [{ ...problem, value: null, range: null, options: null, default: null }],
      };
    };
    const r = repairScenario(s, check, 5);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).toBe('graph.dst: "a" is also graph.src; a flow needs two different nodes');
  });

  it('a failure after a repaired field names what could not be repaired, not the repaired field', () => {
    // Round 0 refuses an unknown key (removed); round 1 finds a rule that names no removable field.
    const s: JsonObject = { version: 1, graph: { extra: 1, pair: 'a' } };
    const check = (json: string) => {
      const g = (JSON.parse(json) as { graph: { extra?: number } }).graph;
      const problem =
        g.extra !== undefined
          ? { path: 'graph.extra', message: 'unknown key' }
          : { path: 'graph.src/graph.dst', message: 'both are "a"' };
      return {
        ok: false as const,
        problems: [{ ...problem, value: null, range: null, options: null, default: null }],
      };
    };
    const r = repairScenario(s, check, 5);
    expect(r.ok ? '' : r.error).toBe('graph.src/graph.dst: both are "a"');
    expect(r.notices).toEqual(['graph.extra: unknown key; left out']);
  });

  it('goes on to the rules between fields once every field is fine', () => {
    const s: JsonObject = { version: 1, duration: 10, measureFrom: 20, seed: -1 };
    const r = repairScenario(s, coreCheck, 5, undefined, specs);
    expect(r.ok).toBe(true);
    expect(r.notices.map((n) => n.split(':')[0])).toEqual(['Seed', 'Measure from']);
    expect(s).toEqual({ version: 1, duration: 10 });
  });

  it('fails, naming the problem, when there is nothing to leave out', () => {
    const r = repairScenario({ version: 1, topology: { kind: 'graph' } }, coreCheck, 5);
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/^topology\.nodes: /) as string });
    expect(repairScenario({ version: 99 }, coreCheck, 5).ok).toBe(false);
  });

  it("a value set back to the preset's is named by the field's label, in its units, with the type in words", () => {
    // The link's text where a number belongs; the preset has 16e6 bit/s, shown as 16 Mb/s.
    const s: JsonObject = { version: 1, topology: { kind: 'dumbbell', bottleneckRate: 'fast' } };
    const base: JsonObject = { version: 1, topology: { kind: 'dumbbell', bottleneckRate: 16e6 } };
    const r = repairScenario(s, coreCheck, 5, base, specs);
    expect(r.notices).toEqual(["Bottleneck rate: expected a number, got text; reset to the preset's 16 Mb/s"]);
    // A choice set back: its option's label, not its key (the queue kind DropTail, not droptail).
    const q: JsonObject = { version: 1, queue: { kind: 'nope' } };
    const rq = repairScenario(q, coreCheck, 5, { version: 1, queue: { kind: 'droptail' } }, specs);
    expect(rq.notices[0]).toMatch(/^Queue kind: .*; reset to the preset's DropTail$/);
  });

  it('says what a notice drops when there is no default', () => {
    expect(problemNotice({ path: 'a.b', message: 'bad', value: 1, range: null, options: null, default: null })).toBe(
      'a.b: bad; left out',
    );
  });
});
