// Property tests of the URL decoder (issue 11): whatever the hash, decoding never throws,
// never touches Object.prototype, and what it reads re-encodes to a fixed point:
// encode(decode(encode(decode(x)))) === encode(decode(x)).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeState, encodeState } from './scenarioUrl';
import { normalizeSpecs } from '../params/specs';
import { PRESETS } from '../scenario/presets';

const specs = normalizeSpecs([
  { key: 'seed', type: 'int', min: 0, max: 1e9 },
  { key: 'queue.kind', type: 'enum', options: ['droptail', 'red'] },
  { key: 'queue.buffer', type: 'int', min: 1, max: 100000 },
  { key: 'flows.count', type: 'int', min: 1, max: 1000 },
]);

// Hash-shaped input: keys and values from what real and hostile links use, joined by & and =.
const key = fc.oneof(
  fc.constantFrom(
    'v',
    'preset',
    'seed',
    'queue.kind',
    'queue.buffer',
    'flows.count',
    'live',
    'view.charts',
    'view.hide',
    'view.theme',
    'view.speed',
    'view.panels',
    'flowOverrides',
    'topology.kind',
    'topology.rates',
    'topology.nodes',
    'exoLoss.steps',
    'name',
    'lesson',
    'step',
    'compare',
    'unlock',
    'student',
    'sweep',
    'sweep.param',
    '__proto__.x',
    'constructor.prototype.x',
    'queue.__proto__',
    'version',
    'a..b',
    '',
  ),
  fc.string(),
);
const value = fc.oneof(
  fc.constantFrom(
    '~',
    'true',
    'false',
    'null',
    '1',
    '-5',
    '1e400',
    'NaN',
    'red',
    '[1,2]',
    '[{"flow":1}]',
    '[{"__proto__":{"x":1}}]',
    '{"a":1}',
    '"x"',
    '[[[[[[[[[[1]]]]]]]]]]',
    '0:flows:exoLoss:0.1;2:flow.1:weight:3',
    `preset=${PRESETS[1]?.id ?? 'x'}`,
    '%E0%A4%A',
    '%',
    'queue,cwnd',
    'dark',
  ),
  fc.string(),
  fc.json(),
);
const hash = fc
  .array(fc.tuple(key, value), { maxLength: 12 })
  .map((kv) => '#' + kv.map(([k, v]) => `${k}=${v}`).join('&'));

const noPollution = () => {
  expect(({} as Record<string, unknown>).x).toBeUndefined();
  expect(typeof Object.prototype.hasOwnProperty).toBe('function');
};

describe('URL decoder properties', () => {
  for (const [name, arb] of [
    ['any string', fc.string({ maxLength: 400 })],
    ['any unicode string', fc.string({ unit: 'binary', maxLength: 200 })],
    ['hash-shaped strings', hash],
  ] as const) {
    it(`${name}: decodes without throwing, with or without specs, and re-encodes to a fixed point`, () => {
      fc.assert(
        fc.property(arb, (x) => {
          for (const sp of [specs, undefined]) {
            const d = decodeState(x, sp);
            expect(Array.isArray(d.dropped)).toBe(true);
            const once = encodeState(d.state);
            const twice = encodeState(decodeState(once, sp).state);
            expect(twice).toBe(once);
          }
          noPollution();
        }),
        { numRuns: 300 },
      );
    });
  }
});
