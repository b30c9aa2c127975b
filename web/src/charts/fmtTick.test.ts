import { describe, expect, it } from 'vitest';
import { fmtTick } from './renderTimeChart';

describe('axis tick labels', () => {
  it('keeps fractions plain (a Jain index of 0.8 is not "800m")', () => {
    expect(fmtTick(0.8)).toBe('0.8');
    expect(fmtTick(0.1 + 0.2)).toBe('0.3');
    expect(fmtTick(250)).toBe('250');
    expect(fmtTick(0)).toBe('0');
  });
  it('uses SI prefixes from 1000 up', () => {
    expect(fmtTick(16e6)).toBe('16M');
    expect(fmtTick(2500)).toBe('2.5k');
  });
});
