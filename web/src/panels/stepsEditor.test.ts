import { describe, expect, it } from 'vitest';
import { rowsToSteps } from './StepsEditor';

describe('rowsToSteps', () => {
  it('reads seconds and percent (units optional) into sorted [t, fraction] steps', () => {
    expect(
      rowsToSteps([
        { t: '40', pct: '5 %' },
        { t: '0 s', pct: '0' },
        { t: '20', pct: '1' },
      ]),
    ).toEqual({
      ok: true,
      steps: [
        [0, 0],
        [20, 0.01],
        [40, 0.05],
      ],
    });
  });
  it('names the row and the allowed range of a bad value', () => {
    expect(
      rowsToSteps([
        { t: '0', pct: '0' },
        { t: '-1', pct: '1' },
      ]),
    ).toEqual({ ok: false, message: 'row 2: the time must be a number of seconds from 0' });
    expect(rowsToSteps([{ t: '0', pct: '150' }])).toEqual({
      ok: false,
      message: 'row 1: the loss rate must be from 0 % to 100 %',
    });
    expect(rowsToSteps([{ t: '', pct: '1' }]).ok).toBe(false);
  });
});
