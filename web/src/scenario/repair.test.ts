import { describe, expect, it } from 'vitest';
import { dropFieldNamedInError, fieldOfError } from './repair';
import type { JsonObject } from '../core/types';

describe('repair from core errors', () => {
  it('finds the field path at the start of an error', () => {
    expect(fieldOfError('queue.maxP: 7 is out of range; allowed [0, 1]')).toBe('queue.maxP');
    expect(fieldOfError('flowOverrides[2].weight: expected a number')).toBe('flowOverrides[2].weight');
    expect(fieldOfError('something went wrong')).toBeNull();
  });
  it('removes a named field, or a field inside an array element', () => {
    const s: JsonObject = {
      version: 1,
      queue: { kind: 'red', maxP: 7 },
      flowOverrides: [{ flow: 1 }, { flow: 2, weight: 'x' }],
    };
    expect(dropFieldNamedInError(s, 'queue.maxP: out of range')).toBe('queue.maxP');
    expect(s.queue).toEqual({ kind: 'red' });
    expect(dropFieldNamedInError(s, 'flowOverrides[1].weight: expected a number')).toBe('flowOverrides[1].weight');
    expect(s.flowOverrides).toEqual([{ flow: 1 }, { flow: 2 }]);
    expect(dropFieldNamedInError(s, 'flowOverrides[0]: bad')).toBe('flowOverrides[0]');
    expect(s.flowOverrides).toEqual([{ flow: 2 }]);
    expect(dropFieldNamedInError(s, 'nothing.here: bad')).toBeNull();
    expect(dropFieldNamedInError(s, 'version: bad')).toBeNull();
  });
});
