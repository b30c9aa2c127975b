// What charts read from the run's manifest: the legends' window-rule names, whether a fair-share
// line applies, the run's resolved numbers.
import { describe, expect, it } from 'vitest';
import described from '../../test/fixtures/describe.json';
import { normalizeSpecs } from '../params/specs';
import { testManifest } from '../params/manifestFixture';
import type { Manifest, ParamChange } from '../params/types';
import type { SimSnapshot } from '../run/simController';
import { changedAt, flowRuleNames, runValue, sharesOneBottleneck } from './chartContext';

const specs = normalizeSpecs(described);

describe('flowRuleNames', () => {
  it('nothing when every flow runs one rule', () => {
    expect(flowRuleNames(specs, testManifest({ flows: 3, cc: 'cubic' }))).toBeNull();
    expect(flowRuleNames(specs, testManifest({ flows: 1, cc: 'bbr' }))).toBeNull();
    expect(flowRuleNames(specs, null)).toBeNull();
  });
  it("each flow's rule as its sender runs it, by the page's names (not keys)", () => {
    const m = testManifest({ flows: 3, cc: 'cubic' });
    m.flows[0]!.cc = 'bbr';
    m.flows[2]!.cc = 'aimd';
    // describe's kinds.cc labels: bbr "BBR", cubic "CUBIC", aimd "Reno (AIMD)".
    expect(flowRuleNames(specs, m)).toEqual(['BBR', 'CUBIC', 'Reno (AIMD)']);
  });
});

describe('sharesOneBottleneck', () => {
  it('a dumbbell: every flow crosses the bottleneck, the slowest link of its path', () => {
    expect(sharesOneBottleneck(testManifest({ flows: 2, rate: 16e6 }))).toBe(true);
  });
  it('no share when a flow does not cross the bottleneck (a chain with cross traffic)', () => {
    const m = testManifest({ flows: 2 });
    m.flows[1]!.crossesBottleneck = false;
    expect(sharesOneBottleneck(m)).toBe(false);
  });
  it('no share when a link on a path is slower than the bottleneck', () => {
    // testManifest's access links run at 100 Mb/s; a 200 Mb/s "bottleneck" is not the narrow link.
    expect(sharesOneBottleneck(testManifest({ flows: 2, rate: 2e8 }))).toBe(false);
    expect(sharesOneBottleneck(null)).toBe(false);
  });
});

describe('runValue', () => {
  it("the run's numbers as the core resolved them, not the scenario's", () => {
    const m: Manifest = testManifest();
    m.run.samplePeriod = 0.5;
    const snap = { manifest: m } as unknown as SimSnapshot;
    expect(runValue(snap, 'samplePeriod', 0.1)).toBe(0.5);
    expect(runValue(snap, 'nothing', 7)).toBe(7);
    expect(runValue({ manifest: null } as unknown as SimSnapshot, 'samplePeriod', 0.1)).toBe(0.1);
  });

  it('a reference line starts at the latest live change of its value, never at a loss schedule step', () => {
    const mark = (t: number, entity: string, key: string, schedule = false): ParamChange => ({
      t,
      entity,
      key,
      value: 1,
      label: '',
      ...(schedule ? { schedule } : {}),
    });
    const marks = [
      mark(5, 'queue.bottleneck', 'target'),
      mark(9, 'queue.other', 'target'),
      mark(12, 'queue.bottleneck', 'interval'),
      mark(20, 'flows', 'exoLoss', true),
      mark(15, 'queue.bottleneck', 'target'),
    ];
    expect(changedAt(marks, (e) => e === 'queue.bottleneck', ['target'])).toBe(15);
    expect(changedAt(marks, (e) => e === 'queue.bottleneck', ['interval', 'target'])).toBe(15);
    expect(changedAt(marks, (e) => e === 'flows', ['exoLoss'])).toBeUndefined();
    expect(changedAt([], () => true, ['target'])).toBeUndefined();
  });
});
