// What a student reads uses the page's labels and human units: every kind of notice (a link
// repaired by the core's check, a lock refusal, a host message refused, a live change refused)
// and the print summary's parameter lines of every preset, built by the real core (manifests
// from native blsim). Raw keys ("topology.bottleneckRate", "exoLoss"), option keys ("newreno",
// "droptail"), SI numbers (16000000) and JSON ("[[0,0],...]") stay in raw JSON and exports.
import { describe, expect, it } from 'vitest';
import described from '../../test/fixtures/describe.json';
import { coreCheck, coreManifest } from '../../test/nativeCheck';
import { normalizeSpecs } from '../params/specs';
import type { JsonObject, Manifest } from '../params/types';
import { PRESETS } from '../scenario/presets';
import { repairScenario } from '../scenario/repair';
import { lockReason, lockViolations } from '../embed/lock';
import { parseHostMessage } from '../embed/hostMessages';
import { liveRefusalText } from '../run/simController';
import { decodeState } from '../url/scenarioUrl';
import { printParams } from './printParams';

const specs = normalizeSpecs(described);

/** Words a label may use that look like keys: the core's own labels and option labels ("mulTCP"). */
const LABEL_WORDS = new Set(
  specs.flatMap((sp) => [sp.label, ...Object.values(sp.optionLabels ?? {})]).flatMap((l) => l.split(/[^\w-]+/)),
);
/** Option keys that differ from their label ("newreno" -> "NewReno", "fq_codel" -> "FQ-CoDel"). */
const OPTION_KEYS = new Set(
  specs.flatMap((sp) =>
    Object.entries(sp.optionLabels ?? {})
      .filter(([k, l]) => k !== l && !LABEL_WORDS.has(k) && k.length > 2 && k !== 'none')
      .map(([k]) => k),
  ),
);

/** What in `text` a student should not read; empty when it is clean. */
function rawBits(text: string): string[] {
  // A live change's link fragment ("(live=5:flows:exoLoss:7)") quotes the link as written.
  let t = text.replace(/\(live=[^)]*\)/g, '');
  const out: string[] = [];
  const key = /\b[a-zA-Z_]\w*(?:\[\d*\])?(?:\.[a-zA-Z_]\w*)+\b/g;
  for (const m of t.matchAll(key)) out.push(`key ${m[0]}`);
  t = t.replace(key, '');
  for (const m of t.matchAll(/\b[a-z]+[A-Z]\w*\b/g)) if (!LABEL_WORDS.has(m[0])) out.push(`camelCase ${m[0]}`);
  // A long number without a unit after it: SI as the core holds it (16000000 for 16 Mb/s).
  for (const m of t.matchAll(/\b\d{6,}\b(?!\s*[a-zA-Zµ%])/g)) out.push(`SI number ${m[0]}`);
  for (const m of t.matchAll(/\b\w+\b/g)) if (OPTION_KEYS.has(m[0])) out.push(`option key ${m[0]}`);
  if (/\[\[|\{"/.test(t)) out.push('JSON');
  return out;
}

describe('rawBits (the detector itself)', () => {
  it('finds the words the issue saw and passes labels', () => {
    expect(rawBits("topology.bottleneckRate: expected a number, got string; reset to the preset's 16000000")).toEqual([
      'key topology.bottleneckRate',
      'SI number 16000000',
    ]);
    expect(rawBits('queue.kind droptail')).toEqual(['key queue.kind', 'option key droptail']);
    expect(rawBits('exoLoss.steps [[0,0],[20,0.01]]')).toEqual(['key exoLoss.steps', 'JSON']);
    expect(rawBits('flows.tcp newreno')).toEqual(['key flows.tcp', 'option key newreno']);
    expect(rawBits("Bottleneck rate: expected a number, got text; reset to the preset's 16 Mb/s")).toEqual([]);
    expect(rawBits('Congestion control mulTCP, 0.5 s')).toEqual([]);
  });
});

describe('every notice kind names fields by label, in human units', () => {
  const repaired = (doc: JsonObject, base?: JsonObject) => {
    const r = repairScenario(doc, coreCheck, 5, base, specs);
    return r.ok ? r.notices : [...r.notices, r.error];
  };
  const cases: [string, string[]][] = [
    [
      'a number as text, set back to the preset',
      repaired(
        { version: 1, topology: { kind: 'dumbbell', bottleneckRate: 'fast' } },
        { version: 1, topology: { kind: 'dumbbell', bottleneckRate: 16e6 } },
      ),
    ],
    ['out of range, reset to the default', repaired({ version: 1, queue: { kind: 'red', maxP: 7 } })],
    ['a rate out of range', repaired({ version: 1, topology: { kind: 'dumbbell', bottleneckRate: 1e15 } })],
    ['an unknown option', repaired({ version: 1, queue: { kind: 'nope' } }, { version: 1, queue: { kind: 'codel' } })],
    ['a flow entry out of range', repaired({ version: 1, flowOverrides: [{ flow: 0, weight: 1e9 }] })],
    ['a window rule unknown', repaired({ version: 1, flows: { cc: 'warp' } })],
    ['a TCP variant unknown', repaired({ version: 1, flows: { tcp: 'tahoe' } })],
    [
      'lock refusals',
      [
        lockReason(['flows.exoLoss'], 'link.bottleneck', 'rate', specs)!,
        lockReason([], 'queue.bottleneck', 'buffer', specs)!,
        ...lockViolations(
          decodeState('#v=1&unlock=flows.exoLoss').state,
          decodeState('#v=1&unlock=queue.buffer&queue.buffer=10&topology.bottleneckRate=5000000').state,
          specs,
        ),
      ],
    ],
    [
      'host messages refused',
      (() => {
        const m = coreManifest('bufferbloat-droptail') as Manifest;
        const say = (data: unknown, unlock: string[] | null) => {
          const r = parseHostMessage(data, specs, m, unlock);
          return r && !r.ok ? [r.message] : [];
        };
        return [
          ...say({ type: 'bottleneck-lab:set', param: 'queue.buffer', value: 10 }, ['flows.exoLoss']),
          ...say({ type: 'bottleneck-lab:set', param: 'flows.exoLoss', value: '0.05' }, null),
        ];
      })(),
    ],
    [
      'a live change refused',
      [
        liveRefusalText(specs, coreManifest('bufferbloat-droptail') as Manifest, {
          change: { t: 5, entity: 'flows', key: 'exoLoss', value: 7 },
          error: 'out of range',
          problem: {
            path: 'exoLoss',
            code: 'field',
            message: '7 is out of range',
            value: 7,
            range: { min: 0, max: 1, unit: '' },
            options: null,
            default: 0,
          },
        }),
      ],
    ],
  ];
  it.each(cases)('%s', (_what, notices) => {
    expect(notices.length).toBeGreaterThan(0);
    for (const n of notices) expect({ notice: n, raw: rawBits(n) }).toEqual({ notice: n, raw: [] });
  });
});

describe("every preset's print summary lines", () => {
  it.each(PRESETS.filter((p) => p.id !== 'first-visit').map((p) => [p.id, p] as const))('%s', (id, p) => {
    const m = coreManifest(id) as Manifest;
    const lines = printParams(specs, p.scenario, m);
    expect(lines.length).toBeGreaterThan(0);
    for (const [label, text] of lines) {
      const line = `${label} ${text}`;
      expect({ line, raw: rawBits(line) }).toEqual({ line, raw: [] });
    }
    // The TCP variant is said only where a window rule uses it: not under BBR alone.
    const variant = lines.find(([l]) => l === 'TCP variant');
    expect(variant === undefined).toBe(m.flows.every((f) => f.ownsWindow));
  });
});

describe('a long list in the print summary', () => {
  it("a user's own trace (100,000 delivery times) is one short line: count, first times and last", () => {
    const p = PRESETS.find((x) => x.id === 'lte-video-call')!;
    const times = Array.from({ length: 100_000 }, (_, i) => Math.floor(i * 1.2));
    const topology = { ...(p.scenario.topology as JsonObject), trace: 'custom', traceMs: times, traceFile: 'mine.txt' };
    const lines = printParams(specs, { ...p.scenario, topology }, null);
    const trace = lines.find(([, text]) => text.startsWith('100000 values: '));
    expect(trace).toBeDefined();
    expect(trace![1]).toMatch(/^100000 values: 0(\.0)? ?\w*, 1(\.\d+)? ?\w*, 2(\.\d+)? ?\w*, …, \S+( \w+)?$/);
    expect(trace![1].length).toBeLessThan(80);
  });
});
