import type { LiveChange, ParamChange as ChangeMark } from '../params/types';

/**
 * The live changes of the run as the editor lists them before a Run: "at 12.3 s: exogenous loss
 * 1% -> 5%", worded as the charts mark them (a change the run has not reached yet: its time only).
 */
export function liveChangeTexts(live: readonly LiveChange[], marks: readonly ChangeMark[]): string[] {
  // One pass over each list: a link replays up to 1,000 changes, and this runs on every render.
  const at = (t: number, entity: string, key: string) => `${Math.round(t * 1e9)}|${entity}|${key}`;
  const labels = new Map<string, string>();
  for (const x of marks)
    if (!x.schedule && !labels.has(at(x.t, x.entity, x.key))) labels.set(at(x.t, x.entity, x.key), x.label);
  return live.map((c) => {
    const label = labels.get(at(c.t, c.entity, c.key));
    return `at ${+c.t.toFixed(2)} s${label ? `: ${label}` : ''}`;
  });
}
