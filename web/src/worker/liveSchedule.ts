// A link's scheduled live changes against the run they are replayed in: a change at or after the
// end of the run would never apply (the core takes changes at times below the duration), so it
// is refused when the run is built, said in the notice and left out of the link, like a value
// the core refuses when the run reaches it.
import type { LiveChange } from '../params/types';
import type { LiveRefusal } from './protocol';

/** The changes the run reaches (sorted by time), and those at or after its end, each with why. */
export function splitAtEnd(
  live: readonly LiveChange[],
  duration: number,
): { kept: LiveChange[]; refused: LiveRefusal[] } {
  const kept: LiveChange[] = [];
  const refused: LiveRefusal[] = [];
  for (const c of [...live].sort((a, b) => a.t - b.t)) {
    if (c.t < duration) kept.push(c);
    else
      refused.push({
        change: c,
        error: `The run ends at ${duration} s, so it would never apply`,
        problem: null,
      });
  }
  return { kept, refused };
}
