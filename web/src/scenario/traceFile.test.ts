import { describe, expect, it } from 'vitest';
import type { Scenario } from '../params/types';
import { missingTraceFiles, parseTraceText, withTraceFile } from './traceFile';

describe('a user trace file', () => {
  it('reads one whole number of ms a line, blank lines skipped', () => {
    expect(parseTraceText('0\n2\r\n2\n\n5\n')).toEqual({ ms: [0, 2, 2, 5] });
  });
  it('names the first line that is not a whole number', () => {
    expect(parseTraceText('1\n2.5\n3')).toEqual({ error: 'line 2: "2.5" is not a whole number of ms' });
    expect(parseTraceText('\n \n')).toEqual({
      error: 'the file has no delivery times (one whole number of ms a line)',
    });
  });
  it('puts the times and the file name into the scenario, and says when only the name is there', () => {
    const s = { version: 1, topology: { kind: 'dumbbell' } } as Scenario;
    const t = withTraceFile(s, 'up', 'my.up', [1, 2]);
    expect(t.topology).toEqual({ kind: 'dumbbell', traceUp: 'custom', traceUpMs: [1, 2], traceUpFile: 'my.up' });
    expect(missingTraceFiles(t)).toEqual([]);
    const opened = { version: 1, topology: { kind: 'dumbbell', traceUp: 'custom', traceUpFile: 'my.up' } } as Scenario;
    expect(missingTraceFiles(opened)).toEqual(['my.up']);
    expect(s.topology).toEqual({ kind: 'dumbbell' });
  });
});
