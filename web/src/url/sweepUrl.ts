// The sweep's part of the URL, kept apart from the scenario keys (scenarioUrl.ts only hands
// over the entries named `sweep` or `sweep.*`):
//
//   &sweep=1&sweep.param=flowOverrides[0].weight&sweep.values=1,10,100&sweep.duration=60
//
// `sweep=1` opens the sweep panel; the other keys are the fields of SweepConfig that differ
// from DEFAULT_SWEEP. Decoding never throws: a bad value is dropped and named, the default kept.
// The numbers are checked against the describe document's specs (duration, measureFrom, the flow
// limit); without them (before the core is loaded) only their kind is.
import { isLinkNumber } from './linkNumber';
import { findPreset } from '../scenario/presets';
import {
  DEFAULT_SWEEP,
  type SweepConfig,
  type SweepNumberSpecs,
  isMeasure,
  sweepNumberSpecs,
} from '../sweep/sweepConfig';
import type { ParamSpec } from '../params/types';
import { rangeText, validateValue } from '../params/specs';

export const SWEEP_KEY = 'sweep';

export function isSweepKey(key: string): boolean {
  return key === SWEEP_KEY || key.startsWith(`${SWEEP_KEY}.`);
}

type Field = keyof SweepConfig;

/** URL key of each field (short where the field name is long). */
const KEYS: Record<Field, string> = {
  base: 'base',
  param: 'param',
  values: 'values',
  log: 'log',
  series: 'series',
  seriesValues: 'seriesValues',
  fixed: 'set',
  measure: 'measure',
  flow: 'flow',
  duration: 'duration',
  measureFrom: 'from',
  seeds: 'seeds',
  workers: 'workers',
};

/** The [key, value] entries of a sweep (none when the panel is closed), unescaped. */
export function sweepEntries(cfg: SweepConfig | null): [string, string][] {
  if (!cfg) return [];
  const out: [string, string][] = [[SWEEP_KEY, '1']];
  for (const f of Object.keys(KEYS) as Field[]) {
    if (cfg[f] !== DEFAULT_SWEEP[f]) out.push([`${SWEEP_KEY}.${KEYS[f]}`, String(cfg[f])]);
  }
  return out;
}

function decodeField(cfg: SweepConfig, f: Field, raw: string, numbers: SweepNumberSpecs): string | null {
  const key = `${SWEEP_KEY}.${KEYS[f]}`;
  const num = (numbers as Partial<Record<Field, ParamSpec>>)[f];
  if (num) {
    // A page-side check, and the right one here: these are the sweep form's own settings, read
    // while a link is decoded (synchronously, often before the core is loaded), not a scenario.
    // Seeds, workers and the flow measured are the sweep runner's, which no core spec has; a
    // duration or measureFrom that passes here goes into each run's scenario, whose creation
    // the core judges (a run it refuses is listed with the core's own words, field and range).
    // A bad setting is only dropped, the form's default kept, and named in the link's notices.
    const r = isLinkNumber(raw) ? validateValue(num, raw) : null;
    if (!r?.ok || typeof r.value !== 'number') return `${key}=${raw}: expected ${rangeText(num)}`;
    (cfg as unknown as Record<string, number>)[f] = r.value;
    return null;
  }
  switch (f) {
    case 'log':
      if (raw !== 'true' && raw !== 'false') return `${key}=${raw}: expected true or false`;
      cfg.log = raw === 'true';
      return null;
    case 'measure':
      if (!isMeasure(raw)) return `${key}=${raw}: expected ratio, throughput, loss, timeouts or jain`;
      cfg.measure = raw;
      return null;
    case 'base':
      if (raw !== 'current' && !findPreset(raw)) return `${key}=${raw}: expected "current" or a preset id`;
      cfg.base = raw;
      return null;
    default:
      (cfg as unknown as Record<string, string>)[f] = raw;
      return null;
  }
}

/** The sweep of a link's `sweep` / `sweep.*` entries (null when there are none). */
export function decodeSweep(
  entries: readonly [string, string][],
  dropped: string[],
  specs?: readonly ParamSpec[],
): SweepConfig | null {
  if (!entries.length) return null;
  const numbers = sweepNumberSpecs(specs);
  const cfg: SweepConfig = { ...DEFAULT_SWEEP };
  const byKey = new Map((Object.keys(KEYS) as Field[]).map((f) => [`${SWEEP_KEY}.${KEYS[f]}`, f]));
  for (const [key, raw] of entries) {
    if (key === SWEEP_KEY) continue;
    const f = byKey.get(key);
    if (!f) {
      dropped.push(`${key}: unknown sweep setting`);
      continue;
    }
    const err = decodeField(cfg, f, raw, numbers);
    if (err) dropped.push(err);
  }
  if (cfg.measureFrom >= cfg.duration) {
    dropped.push(`${SWEEP_KEY}.from=${cfg.measureFrom}: must be below the duration (${cfg.duration} s); used 0`);
    cfg.measureFrom = 0;
  }
  return cfg;
}
