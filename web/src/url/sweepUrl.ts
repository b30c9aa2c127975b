// The sweep's part of the URL, kept apart from the scenario keys (scenarioUrl.ts only hands
// over the entries named `sweep` or `sweep.*`):
//
//   &sweep=1&sweep.param=flowOverrides[0].weight&sweep.values=1,10,100&sweep.duration=60
//
// `sweep=1` opens the sweep panel; the other keys are the fields of SweepConfig that differ
// from DEFAULT_SWEEP. Decoding never throws: a bad value is dropped and named, the default kept.
import { findPreset } from '../scenario/presets';
import { DEFAULT_SWEEP, type SweepConfig, isMeasure } from '../sweep/sweepConfig';

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

/** Numeric fields: whole number or not, and the allowed range. */
const NUMBERS: Partial<Record<Field, { int: boolean; min: number; max: number }>> = {
  flow: { int: true, min: 0, max: 1999 },
  duration: { int: false, min: 0.001, max: 3600 },
  measureFrom: { int: false, min: 0, max: 3600 },
  seeds: { int: true, min: 1, max: 100 },
  workers: { int: true, min: 0, max: 16 },
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

function decodeField(cfg: SweepConfig, f: Field, raw: string): string | null {
  const key = `${SWEEP_KEY}.${KEYS[f]}`;
  const num = NUMBERS[f];
  if (num) {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n) || (num.int && !Number.isInteger(n)) || n < num.min || n > num.max) {
      return `${key}=${raw}: expected ${num.int ? 'a whole number' : 'a number'} from ${num.min} to ${num.max}`;
    }
    (cfg as unknown as Record<string, number>)[f] = n;
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
export function decodeSweep(entries: readonly [string, string][], dropped: string[]): SweepConfig | null {
  if (!entries.length) return null;
  const cfg: SweepConfig = { ...DEFAULT_SWEEP };
  const byKey = new Map((Object.keys(KEYS) as Field[]).map((f) => [`${SWEEP_KEY}.${KEYS[f]}`, f]));
  for (const [key, raw] of entries) {
    if (key === SWEEP_KEY) continue;
    const f = byKey.get(key);
    if (!f) {
      dropped.push(`${key}: unknown sweep setting`);
      continue;
    }
    const err = decodeField(cfg, f, raw);
    if (err) dropped.push(err);
  }
  if (cfg.measureFrom >= cfg.duration) {
    dropped.push(`${SWEEP_KEY}.from=${cfg.measureFrom}: must be below the duration (${cfg.duration} s); used 0`);
    cfg.measureFrom = 0;
  }
  return cfg;
}
