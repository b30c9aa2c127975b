// A user's own delivery trace (Mahimahi format: one delivery time in whole ms a line), read in
// the page and put into the scenario as topology.trace "custom" with its times (traceMs) and
// its file's name (traceFile). The times stay in the page (url/scenarioUrl.ts leaves them out
// of the link); the core checks order and limits and names the field when it refuses them.
import type { Scenario } from '../params/types';
import { cloneScenario } from './presets';

export type TraceDirection = 'down' | 'up';

const FIELDS: Record<TraceDirection, { choice: string; ms: string; file: string }> = {
  down: { choice: 'trace', ms: 'traceMs', file: 'traceFile' },
  up: { choice: 'traceUp', ms: 'traceUpMs', file: 'traceUpFile' },
};

/** The scenario field keys (under topology) of a direction's trace. */
export function traceFields(dir: TraceDirection) {
  return FIELDS[dir];
}

/** The delivery times of a trace file's text, or the first line that is not a whole number. */
export function parseTraceText(text: string): { ms: number[] } | { error: string } {
  const ms: number[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (t === '') continue;
    if (!/^\d{1,10}$/.test(t)) return { error: `line ${i + 1}: "${t.slice(0, 20)}" is not a whole number of ms` };
    ms.push(Number(t));
  }
  if (ms.length === 0) return { error: 'the file has no delivery times (one whole number of ms a line)' };
  return { ms };
}

/** The scenario with a direction of its bottleneck following the trace `ms` read from `file`. */
export function withTraceFile(s: Scenario, dir: TraceDirection, file: string, ms: number[]): Scenario {
  const n = cloneScenario(s);
  const topo = (n.topology ?? {}) as Record<string, unknown>;
  const f = FIELDS[dir];
  topo[f.choice] = 'custom';
  topo[f.ms] = ms;
  topo[f.file] = file;
  n.topology = topo as Scenario['topology'];
  return n;
}

/** The trace file a scenario names whose times are not in it (a link opened without the file). */
export function missingTraceFiles(s: Scenario): string[] {
  const topo = (s.topology ?? {}) as Record<string, unknown>;
  return (['down', 'up'] as const).flatMap((d) => {
    const f = FIELDS[d];
    return topo[f.choice] === 'custom' && !Array.isArray(topo[f.ms]) && typeof topo[f.file] === 'string'
      ? [topo[f.file] as string]
      : [];
  });
}
