// The page's controls look up their group's specs (specsOfGroup) for every control it draws: the
// field that selects a kind must be found once per spec list, not once per spec read (a scan of
// the list for each of its specs took about a second of the first render, npm run bench:start).
import { describe, expect, it } from 'vitest';
import { kindFieldOf, normalizeSpecs, specsOfGroup } from './specs';
import type { ParamSpec } from './types';
import described from '../../test/fixtures/describe.json';

/** The specs, each counting how often its `selects` is read. */
function counted(specs: ParamSpec[]): { list: ParamSpec[]; reads: () => number } {
  let n = 0;
  const list = specs.map(
    (s) =>
      new Proxy(s, {
        get(t, k, r) {
          if (k === 'selects') n++;
          return Reflect.get(t, k, r) as unknown;
        },
      }),
  );
  return { list, reads: () => n };
}

describe('finding the field that selects a kind', () => {
  const specs = normalizeSpecs(described);
  it('reads each spec once per spec list, however many lookups follow', () => {
    expect(specs.length).toBeGreaterThan(200);
    const { list, reads } = counted(specs);
    for (const group of ['queue', 'flows', 'exoLoss', 'topology']) {
      specsOfGroup(list, group, undefined);
      specsOfGroup(list, group, kindFieldOf(list, group) === 'cc' ? 'cubic' : 'red');
    }
    // One pass over the list to find the selectors, and kindParamsOf's look at the selector of
    // each group (a few reads per call): 351 here. A scan of the list for each spec read was
    // 405,585 (the list's length squared, times the groups and calls).
    expect(reads()).toBeLessThanOrEqual(2 * specs.length);
  });
  it('answers as the list says: the selector of a group, "kind" for a group without one', () => {
    expect(kindFieldOf(specs, 'queue')).toBe('kind');
    expect(kindFieldOf(specs, 'flows')).toBe('cc');
    expect(kindFieldOf(specs, 'no.such.group')).toBe('kind');
    // Another list is read on its own.
    const other: ParamSpec[] = [{ ...specs.find((s) => s.key === 'flows.cc')!, key: 'flows.rule' }];
    expect(kindFieldOf(other, 'flows')).toBe('rule');
  });
});
