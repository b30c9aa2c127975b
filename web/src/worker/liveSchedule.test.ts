import { describe, expect, it } from 'vitest';
import described from '../../test/fixtures/describe.json';
import { normalizeSpecs } from '../params/specs';
import { testManifest } from '../params/manifestFixture';
import { liveRefusalText } from '../run/simController';
import { splitAtEnd } from './liveSchedule';

describe("a link's live changes against the run's end", () => {
  it('keeps the changes before the end, in time order, and refuses those at or after it, saying why', () => {
    const before = { t: 10, entity: 'flows', key: 'exoLoss', value: 0.02 };
    const early = { t: 5, entity: 'flow.1', key: 'weight', value: 2 };
    const atEnd = { t: 60, entity: 'flows', key: 'weight', value: 3 };
    const after = { t: 70, entity: 'flows', key: 'exoLoss', value: 0.1 };
    const { kept, refused } = splitAtEnd([after, before, atEnd, early], 60);
    expect(kept).toEqual([early, before]);
    expect(refused.map((r) => r.change)).toEqual([atEnd, after]);
    // The notice names the change, its time and the run's duration, and that the link drops it.
    expect(liveRefusalText(normalizeSpecs(described), testManifest(), refused[1]!)).toBe(
      'Exogenous loss of all flows set to 10% at 70 s (live=70:flows:exoLoss:0.1): refused. The run ends at 60 s, so it would never apply; left out of the link',
    );
    // A run without an end keeps every change.
    expect(splitAtEnd([after], Number.POSITIVE_INFINITY).kept).toEqual([after]);
  });
});
