import { describe, expect, it } from 'vitest';
import type { ParamSpec } from './types';
import {
  displayFamily,
  fixedText,
  formatHuman,
  paramText,
  fromSlider,
  groupThousands,
  humanRange,
  parseHuman,
  scaleFor,
  toSlider,
} from './units';

const spec = (p: Partial<ParamSpec>): ParamSpec => {
  const s: ParamSpec = { key: 'x', label: 'x', unit: '', type: 'number', default: 0, help: '', live: false, ...p };
  const d = displayFamily(s);
  return d ? { ...s, display: d } : s;
};
const rate = spec({ key: 'topology.bottleneckRate', unit: 'bit/s', min: 1e3, max: 1e11 });
const time = spec({ key: 'flows.deadline', unit: 's', min: 0, max: 10 });
const loss = spec({ key: 'live.flow.exoLoss', label: 'Exogenous loss', min: 0, max: 1 });
const buffer = spec({ key: 'queue.buffer', unit: 'packets', type: 'integer', min: 1, max: 100000 });

describe('display families from the specs', () => {
  it('rates, times, probabilities and wide counts; other numbers as they are', () => {
    expect([rate.display, time.display, loss.display, buffer.display]).toEqual(['rate', 'time', 'fraction', 'count']);
    expect(spec({ label: 'Price step', min: 0, max: 1 }).display).toBeUndefined();
    expect(spec({ unit: 'packets', min: 0, max: 100 }).display).toBeUndefined();
    expect(spec({ unit: 'bit/s', type: 'json' }).display).toBeUndefined();
  });
});

describe('formatHuman', () => {
  it('picks the unit from the value', () => {
    expect(formatHuman(16e6, rate)).toBe('16 Mb/s');
    expect(formatHuman(1.5e9, rate)).toBe('1.5 Gb/s');
    expect(formatHuman(64e3, rate)).toBe('64 kb/s');
    expect(formatHuman(0.01, time)).toBe('10 ms');
    expect(formatHuman(0.00012, time)).toBe('120 µs');
    expect(formatHuman(2.5, time)).toBe('2.5 s');
    expect(formatHuman(0.02, loss)).toBe('2%');
    expect(formatHuman(0.0015, loss)).toBe('0.15%');
    expect(formatHuman(250, buffer)).toBe('250 packets');
  });
});

describe('paramText', () => {
  it('any value of a parameter as the page shows it', () => {
    expect(paramText(16e6, rate)).toBe('16 Mb/s');
    expect(paramText(0.02, loss)).toBe('2%');
    // Counts keep every digit (a buffer of 12345 is not "12350").
    expect(paramText(12345, buffer)).toBe('12345 packets');
    expect(paramText(4294967295, spec({ type: 'integer' }))).toBe('4294967295');
    expect(paramText('droptail', undefined)).toBe('droptail');
    expect([paramText(true, undefined), paramText(false, undefined)]).toEqual(['on', 'off']);
    expect(paramText(undefined, rate)).toBe('default');
    expect(
      paramText(
        [
          { flow: 0, weight: 2 },
          { flow: 1, weight: 3 },
        ],
        undefined,
      ),
    ).toBe('[{"flow":0,"weight":2},…');
  });
});

describe('groupThousands', () => {
  it("writes what toLocaleString('en-US') writes for integers", () => {
    for (const n of [0, 7, -7, 999, 1000, -1000, 12345, 999999, 1000000, -1234567, 2 ** 53 - 1])
      expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
  });
  it('leaves what is not a safe integer as String() writes it', () => {
    expect(groupThousands(1.5)).toBe('1.5');
    expect(groupThousands(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(groupThousands(Number.NaN)).toBe('NaN');
  });
});

describe('fixedText', () => {
  it('never writes a minus sign on a number that rounds to zero', () => {
    expect(fixedText(-0.04, 1)).toBe('0.0');
    expect(fixedText(-0.0004, 3)).toBe('0.000');
    expect(fixedText(-0, 0)).toBe('0');
    expect(fixedText(-0.06, 1)).toBe('-0.1');
    expect(fixedText(-1.25, 1)).toBe('-1.3');
    expect(fixedText(0.946, 3)).toBe('0.946');
  });
});

describe('parseHuman', () => {
  const mbps = scaleFor(rate, 16e6);
  it('accepts typed units, with or without a space', () => {
    expect(parseHuman('16 Mb/s', rate, mbps)).toEqual({ ok: true, value: 16e6 });
    expect(parseHuman('16Mbps', rate, mbps)).toEqual({ ok: true, value: 16e6 });
    expect(parseHuman('500 kb/s', rate, mbps)).toEqual({ ok: true, value: 5e5 });
    expect(parseHuman('1 G', rate, mbps)).toEqual({ ok: true, value: 1e9 });
    expect(parseHuman('10 ms', time, scaleFor(time, 1))).toEqual({ ok: true, value: 0.01 });
    expect(parseHuman('2 %', loss, scaleFor(loss, 0))).toEqual({ ok: true, value: 0.02 });
    expect(parseHuman('2%', loss, scaleFor(loss, 0))).toEqual({ ok: true, value: 0.02 });
    expect(parseHuman('250 packets', buffer, null)).toEqual({ ok: true, value: 250 });
  });
  it('reads units below 1 exactly: 100 µs is 1e-4 s, 7 % is 0.07 (issue 23, item 8)', () => {
    // 100 * 1e-6 is 9.999999999999999e-5 in floating point, below a minimum of 1e-4 s.
    expect(parseHuman('100', time, scaleFor(time, 1e-4))).toEqual({ ok: true, value: 1e-4 });
    expect(parseHuman('100 us', time, null)).toEqual({ ok: true, value: 1e-4 });
    // 7 * 0.01 is 0.07000000000000001.
    expect(parseHuman('7', loss, scaleFor(loss, 0))).toEqual({ ok: true, value: 0.07 });
    expect(parseHuman('0.1', time, scaleFor(time, 0.001))).toEqual({ ok: true, value: 1e-4 });
  });
  it('reads a bare number in the unit shown beside the box', () => {
    expect(parseHuman('2', loss, scaleFor(loss, 0.01))).toEqual({ ok: true, value: 0.02 });
    expect(parseHuman('16', rate, mbps)).toEqual({ ok: true, value: 16e6 });
    expect(parseHuman('16', rate, scaleFor(rate, 5e5))).toEqual({ ok: true, value: 16e3 });
    expect(parseHuman('2', time, scaleFor(time, 0.004))).toEqual({ ok: true, value: 0.002 });
  });
  it('refuses text and unknown units, naming the ones it knows', () => {
    expect(parseHuman('fast', rate, mbps).ok).toBe(false);
    const r = parseHuman('16 furlongs', rate, mbps);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('kb/s, Mb/s, Gb/s');
    expect(parseHuman('2 ms', loss, null).ok).toBe(false);
  });
  it('round-trips what it shows', () => {
    for (const v of [1e3, 64e3, 1.5e6, 16e6, 1e9, 1e11]) {
      const sc = scaleFor(rate, v);
      const shown = formatHuman(v, rate);
      expect(parseHuman(shown, rate, sc)).toEqual({ ok: true, value: v });
    }
  });
});

describe('ranges and sliders', () => {
  it('states the allowed range in human units', () => {
    expect(humanRange(loss)).toBe('a number from 0% to 100%');
    expect(humanRange(rate)).toBe('a number from 1 kb/s to 100 Gb/s');
    // A range from 0 reads in its top's unit, not in the smallest ("0 ms").
    expect(humanRange(time)).toBe('a number from 0 s to 10 s');
  });
  it('log sliders cover decades evenly and land on readable values', () => {
    expect(toSlider(1e3, 1e3, 1e11, true)).toBe(0);
    expect(toSlider(1e7, 1e3, 1e11, true)).toBe(500);
    expect(fromSlider(500, 1e3, 1e11, true, false)).toBe(1e7);
    expect(fromSlider(1000, 1, 100000, true, true)).toBe(100000);
    expect(fromSlider(10, 0, 0.1, false, false)).toBeCloseTo(0.001, 12);
  });
});
