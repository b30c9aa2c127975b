// A step's checks said in words and units, for the reveal: "The bottleneck link's utilisation
// over 10-40 s was 85.4 %, between 70 % and 90 %", not "util = 85.36 < 90". Two checks of one
// measure against numbers (a range) are said once. A measure may name itself (`label`);
// otherwise its words come from its column (flow.0.thr, queue.C.len, link.bottleneck.util).
import type { Check, LessonStep, Measure } from './lessonTypes';
import { type RunReader, formatMeasure, measure } from './measures';

/** What a column's last part measures, and its unit at the scales lessons use. */
const METRICS: Record<string, { words: string; units?: Record<number, string> }> = {
  thr: { words: 'throughput', units: { 1: 'b/s', 1e-3: 'kb/s', 1e-6: 'Mb/s' } },
  goodput: { words: 'goodput', units: { 1: 'b/s', 1e-3: 'kb/s', 1e-6: 'Mb/s' } },
  btlBw: { words: 'bandwidth estimate', units: { 1: 'b/s', 1e-6: 'Mb/s' } },
  cwnd: { words: 'congestion window', units: { 1: 'packets' } },
  srtt: { words: 'smoothed round-trip time', units: { 1: 's', 1000: 'ms' } },
  minRtt: { words: 'minimum round-trip time', units: { 1: 's', 1000: 'ms' } },
  timeouts: { words: 'timeouts' },
  retx: { words: 'retransmissions' },
  lossCong: { words: 'congestion loss rate', units: { 100: '%' } },
  lossExo: { words: 'exogenous loss rate', units: { 100: '%' } },
  len: { words: 'length', units: { 1: 'packets' } },
  avg: { words: 'average length (RED\u2019s estimate)', units: { 1: 'packets' } },
  delay: { words: 'delay', units: { 1: 's', 1000: 'ms' } },
  drops: { words: 'drops' },
  dropsOverflow: { words: 'overflow drops' },
  dropsEarly: { words: 'early drops' },
  marks: { words: 'ECN marks' },
  util: { words: 'utilisation', units: { 100: '%' } },
  // The core's summary (summary.KEY): per packet, over the measured window.
  meanDelay: { words: 'mean queueing delay', units: { 1: 's', 1000: 'ms' } },
  p95Delay: { words: '95th-percentile queueing delay', units: { 1: 's', 1000: 'ms' } },
};

const ACROSS: Record<NonNullable<Measure['across']>, string> = {
  sum: 'total',
  mean: 'mean',
  min: 'smallest',
  max: 'largest',
  jain: '',
};

function flowsWords(m: Measure): string {
  return m.flows ? `flows ${m.flows[0]}\u2013${m.flows[1]}` : 'the flows';
}

/** "flow 0's throughput", "the bottleneck queue's length", "Jain's index of the flows' throughput". */
export function measureWords(m: Measure): string {
  if (m.label) return m.label;
  const parts = m.column.split('.');
  const metric = parts[parts.length - 1]!;
  const what = METRICS[metric]?.words;
  const [kind, id] = parts;
  if (what === undefined) return m.column;
  if (kind === 'flow' && id === '*') {
    if (m.across === 'jain') return `Jain\u2019s index of ${flowsWords(m)}\u2019 ${what}`;
    const count = !METRICS[metric]!.units;
    if (count && m.across === 'mean')
      return `the mean number of ${what} per flow${m.flows ? ` (${flowsWords(m)})` : ''}`;
    return `the ${ACROSS[m.across ?? 'mean']} ${what} of ${flowsWords(m)}`;
  }
  if (kind === 'summary') return `the bottleneck\u2019s ${what}`;
  if (kind === 'flow') return `flow ${id}\u2019s ${what}`;
  const name = id === 'bottleneck' ? 'the bottleneck' : `${kind} ${id}`;
  if (kind === 'link') return `${name} link\u2019s ${what}`;
  if (kind === 'queue') return `${name} queue\u2019s ${what}`;
  return m.column;
}

/** The unit a value is shown in: the measure's own, or its column's at its scale. */
export function measureUnit(m: Measure): string | undefined {
  if (m.unit !== undefined || m.across === 'jain') return m.unit;
  const metric = m.column.split('.').pop()!;
  return METRICS[metric]?.units?.[m.scale ?? 1];
}

function shown(m: Measure, v: number): string {
  return formatMeasure({ ...m, unit: measureUnit(m) }, v);
}

function number(m: Measure, v: number): string {
  const unit = measureUnit(m);
  const x = String(+v.toPrecision(4));
  return unit ? `${x}${unit === '%' ? '' : ' '}${unit}` : x;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const span = (m: Measure) => `over ${m.from}\u2013${m.to} s`;

export interface CheckSentence {
  ok: boolean;
  text: string;
}

/** The step's checks as sentences: each measure once, a numeric range as "between". */
export function checkSentences(step: LessonStep, run: RunReader): CheckSentence[] {
  const ms = step.measures ?? {};
  const checks = step.checks ?? [];
  const out: CheckSentence[] = [];
  const used = new Set<Check>();
  for (const c of checks) {
    if (used.has(c)) continue;
    used.add(c);
    const m = ms[c.left]!;
    const left = measure(m, run);
    const subject = `${cap(measureWords(m))} ${span(m)} was ${shown(m, left)}`;
    const holds = (k: Check, right: number) => (k.op === '>' ? left > right : left < right);
    if (typeof c.right === 'number') {
      // The other side of a range on the same measure, if the step has one.
      const other = checks.find(
        (k) => !used.has(k) && k.left === c.left && typeof k.right === 'number' && k.op !== c.op && !k.factor,
      );
      const right = c.right * (c.factor ?? 1);
      if (other && !c.factor) {
        used.add(other);
        const lo = Math.min(right, other.right as number);
        const hi = Math.max(right, other.right as number);
        const ok = holds(c, right) && holds(other, other.right as number);
        out.push({
          ok,
          text: `${subject}: ${ok ? '' : 'not '}between ${number(m, lo)} and ${number(m, hi)}.`,
        });
        continue;
      }
      const ok = holds(c, right);
      out.push({
        ok,
        text: `${subject}: ${ok ? '' : 'not '}${c.op === '>' ? 'above' : 'below'} ${number(m, right)}.`,
      });
      continue;
    }
    const r = ms[c.right]!;
    const base = measure(r, run);
    const right = base * (c.factor ?? 1);
    const ok = holds(c, right);
    const times = c.factor !== undefined ? `${+c.factor.toPrecision(4)} times ` : '';
    const than = c.op === '>' ? 'more than' : 'less than';
    const sameSpan = r.from === m.from && r.to === m.to;
    out.push({
      ok,
      text: `${subject}: ${ok ? '' : 'not '}${than} ${times}${measureWords(r)}${sameSpan ? '' : ` ${span(r)}`} (${shown(r, base)}).`,
    });
  }
  return out;
}
