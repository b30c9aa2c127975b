// Human units, in one place. Values stay in SI everywhere (scenario file, URL, core: bit/s,
// seconds, fractions); this table says how people read and type them: rates in kb/s, Mb/s,
// Gb/s, times in us, ms, s, probabilities in %. normalizeSpecs gives each spec its family.
import type { Json, ParamSpec } from './types';

export type Family = NonNullable<ParamSpec['display']>;

export interface Scale {
  /** Shown beside the number. */
  unit: string;
  /** SI value of 1 of this unit. */
  factor: number;
  /** What may be typed after a number (lower case, spaces removed). */
  aliases: string[];
}

const FAMILIES: Record<Family, { scales: Scale[]; /** The scale a zero is shown in. */ zero: number; log: boolean }> = {
  rate: {
    scales: [
      { unit: 'bit/s', factor: 1, aliases: ['b/s', 'bit/s', 'bps', 'bit'] },
      { unit: 'kb/s', factor: 1e3, aliases: ['kb/s', 'kbit/s', 'kbps', 'k'] },
      { unit: 'Mb/s', factor: 1e6, aliases: ['mb/s', 'mbit/s', 'mbps', 'm'] },
      { unit: 'Gb/s', factor: 1e9, aliases: ['gb/s', 'gbit/s', 'gbps', 'g'] },
    ],
    zero: 2,
    log: true,
  },
  time: {
    scales: [
      { unit: 'µs', factor: 1e-6, aliases: ['us', 'µs', 'μs'] },
      { unit: 'ms', factor: 1e-3, aliases: ['ms'] },
      { unit: 's', factor: 1, aliases: ['s', 'sec'] },
    ],
    zero: 1,
    log: false,
  },
  fraction: { scales: [{ unit: '%', factor: 0.01, aliases: ['%'] }], zero: 0, log: false },
  count: { scales: [], zero: 0, log: true },
};

/**
 * The family of a core spec: bit/s and s by their unit; a dimensionless number from 0 to 1 that
 * is a probability, a loss or a share by its words; packets and flows with a wide range are
 * counts (log sliders).
 */
export function displayFamily(
  spec: Pick<ParamSpec, 'unit' | 'type' | 'min' | 'max' | 'label' | 'help'>,
): Family | undefined {
  if (spec.type !== 'number' && spec.type !== 'integer') return undefined;
  if (spec.unit === 'bit/s') return 'rate';
  if (spec.unit === 's') return 'time';
  if (
    spec.unit === '' &&
    spec.type === 'number' &&
    spec.min === 0 &&
    spec.max === 1 &&
    /probab|loss|fill|share|drop/i.test(`${spec.label} ${spec.help}`)
  )
    return 'fraction';
  if ((spec.unit === 'packets' || spec.unit === 'flows') && (spec.max ?? 0) / Math.max(1, spec.min ?? 1) >= 1000)
    return 'count';
  return undefined;
}

const trim = (x: number, digits = 4) => +x.toPrecision(digits);

/**
 * x.toFixed(digits) without a minus sign on a number that rounds to zero: -0.004 -> "0.00",
 * not "-0.00" (a difference of two runs, a tiny negative from floating point).
 */
export function fixedText(x: number, digits: number): string {
  const t = x.toFixed(digits);
  return /^-0(\.0*)?$/.test(t) ? t.slice(1) : t;
}

/**
 * An integer with commas between thousands ("1,000", "-12,345"), as toLocaleString('en-US')
 * writes it but without ICU: a page's first toLocaleString or localeCompare loads ICU's data,
 * 20-110 ms of the main thread in Chromium (npm run bench:start), on the first screen's path.
 */
export function groupThousands(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/** The scale a value is best shown in (16e6 bit/s -> Mb/s, 0.01 s -> ms), or null (shown as is). */
export function scaleFor(spec: Pick<ParamSpec, 'display'>, v: number): Scale | null {
  const fam = spec.display ? FAMILIES[spec.display] : undefined;
  if (!fam || fam.scales.length === 0) return null;
  if (!Number.isFinite(v) || v === 0) return fam.scales[fam.zero]!;
  let best = fam.scales[0]!;
  for (const sc of fam.scales) if (Math.abs(v) >= sc.factor * (1 - 1e-9)) best = sc;
  return best;
}

/** The number shown in a scale ("16" for 16e6 bit/s in Mb/s). */
export function toScale(v: number, sc: Scale | null): string {
  return String(sc ? trim(v / sc.factor, 6) : v);
}

/** A value with its unit: "16 Mb/s", "10 ms", "2%", "250 packets". */
export function formatHuman(v: number, spec: Pick<ParamSpec, 'display' | 'unit'>): string {
  if (Number.isNaN(v)) return '?';
  const sc = scaleFor(spec, v);
  if (!sc) return `${trim(v)}${spec.unit ? ` ${spec.unit}` : ''}`;
  const n = trim(v / sc.factor);
  return sc.unit === '%' ? `${n}%` : `${n} ${sc.unit}`;
}

/**
 * Any value of a parameter as the page shows it, a number through formatHuman ("16 Mb/s",
 * "2%") but for one with no scale, which keeps every digit ("12345 packets", a seed); an option
 * or word as it is ("droptail"), a switch as on or off, anything longer (a list, an object) as
 * JSON cut to `max` characters; unset reads "default". (Live changes' numbers, with their own
 * rules for specs without a family, are liveParams.formatValue's.)
 */
export function paramText(
  v: Json | undefined,
  spec: Pick<ParamSpec, 'display' | 'unit' | 'optionLabels'> | undefined,
  max = 24,
): string {
  if (v === undefined) return 'default';
  if (typeof v === 'string' && spec?.optionLabels?.[v]) return spec.optionLabels[v];
  if (typeof v === 'number')
    return spec && scaleFor(spec, v)
      ? formatHuman(v, spec)
      : `${+v.toPrecision(12)}${spec?.unit ? ` ${spec.unit}` : ''}`;
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  const t = typeof v === 'string' ? v : JSON.stringify(v);
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/**
 * n of a unit in SI. A unit below 1 divides by its inverse, which is exact: 100 µs is 1e-4 s,
 * where 100 * 1e-6 is 9.999999999999999e-5 (below a minimum of 1e-4, and refused).
 */
function inSI(n: number, sc: Scale): number {
  return sc.factor < 1 ? n / Math.round(1 / sc.factor) : n * sc.factor;
}

export type Parsed = { ok: true; value: number } | { ok: false; message: string };

/**
 * Reads what a person typed: a number with an optional unit of the spec's family ("16 Mb/s",
 * "16Mbps", "500 k", "10 ms", "2 %"). A bare number is in `shown` (the unit beside the box).
 */
export function parseHuman(
  text: string,
  spec: Pick<ParamSpec, 'display' | 'unit' | 'key'>,
  shown: Scale | null,
): Parsed {
  const m = /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)\s*(\S*)\s*$/i.exec(text);
  if (!m) return { ok: false, message: `${spec.key}: "${text}" is not a number` };
  const n = Number(m[1]);
  const unit = m[2]!.toLowerCase();
  const fam = spec.display ? FAMILIES[spec.display] : undefined;
  if (!unit) return { ok: true, value: shown ? inSI(n, shown) : n };
  const sc = fam?.scales.find((s) => s.aliases.includes(unit));
  if (sc) return { ok: true, value: inSI(n, sc) };
  if (!fam || fam.scales.length === 0) {
    if (spec.unit && unit === spec.unit.toLowerCase()) return { ok: true, value: n };
    return { ok: false, message: `${spec.key}: unknown unit "${m[2]}"${spec.unit ? ` (use ${spec.unit})` : ''}` };
  }
  return {
    ok: false,
    message: `${spec.key}: unknown unit "${m[2]}" (use ${fam.scales.map((s) => s.unit).join(', ')})`,
  };
}

/**
 * The allowed range in human units: "from 0% to 100%", "from 1 kb/s to 100 Gb/s"; with
 * `format`, each bound as it writes it (a control's own unit: "from 0.1 ms to 10000 ms").
 */
export function humanRange(spec: ParamSpec, format?: (v: number) => string): string {
  const f = format ?? ((v: number) => formatHuman(v, spec));
  const kind = spec.type === 'integer' ? 'a whole number' : 'a number';
  if (spec.min !== undefined && spec.max !== undefined) {
    // A range from 0 reads in the unit of its top ("from 0 s to 3600 s", not "from 0 ms").
    const sc = spec.min === 0 && !format ? scaleFor(spec, spec.max) : null;
    const lo = sc && sc.unit !== '%' ? `0 ${sc.unit}` : f(spec.min);
    return `${kind} from ${lo} to ${f(spec.max)}`;
  }
  if (spec.min !== undefined) return `${kind} of at least ${f(spec.min)}`;
  if (spec.max !== undefined) return `${kind} of at most ${f(spec.max)}`;
  return kind;
}

/** Whether the family's sliders are logarithmic (rates, buffers, counts over decades). */
export function logSlider(spec: ParamSpec): boolean {
  return !!spec.display && FAMILIES[spec.display].log && (spec.min ?? 0) > 0;
}

/** The slider's default upper end: probabilities stop at 10% (a wider range on request). */
export const NARROW_FRACTION_MAX = 0.1;

const STEPS = 1000;
/** Slider position (0..1000) for a value, and back, on a log or linear scale over [lo, hi]. */
export function toSlider(v: number, lo: number, hi: number, log: boolean): number {
  const x = Math.min(hi, Math.max(lo, v));
  return Math.round(STEPS * (log ? Math.log(x / lo) / Math.log(hi / lo) : (x - lo) / (hi - lo)));
}
export function fromSlider(p: number, lo: number, hi: number, log: boolean, integer: boolean): number {
  const f = p / STEPS;
  const v = log ? lo * Math.pow(hi / lo, f) : lo + f * (hi - lo);
  // Round to three significant digits so a slider lands on readable values (16 Mb/s, not 15.98).
  const r = integer ? Math.round(v) : +v.toPrecision(3);
  return Math.min(hi, Math.max(lo, r));
}
export const SLIDER_STEPS = STEPS;
