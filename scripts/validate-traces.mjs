// Validation: trace-driven links (docs/validation-traces.md). Runs the LTE presets
// (public/presets/lte-video-call*.json: one flow over the shipped AT&T LTE driving trace, both
// directions) with the native CLI over seeds 1-5 and writes the tables between their markers in
// the document (or prints them with --print):
//   capacity: delivered vs the trace's opportunities, per window of the sample rows, and how
//             closely a CUBIC flow through a deep buffer follows the trace's capacity;
//   buffers:  CUBIC through DropTail buffers of 25 to 1000 packets, CoDel and BBR: throughput
//             and queueing delay (bufferbloat, and what CoDel and BBR do about it);
//   sprout:   Sprout's experiment (Winstein et al., NSDI 2013) on their traces
//             (wasm-core/traces/sprout/, gzip): one CUBIC flow, DropTail or CoDel with no buffer
//             limit to speak of, 20 ms each way, the whole trace, measured after 60 s; seeds 1-3.
//   node scripts/validate-traces.mjs [--print] [--seeds 1-5] [--jobs J] [--only lte|sprout]
import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { root, runNative } from './lib/runners.mjs';
import { writeBetweenMarkers } from './lib/doc-markers.mjs';
import { pool } from './lib/pool.mjs';
import { validationArgs } from './lib/cli.mjs';

const { printOnly, opt, seeds, jobs } = validationArgs(
  'usage: node scripts/validate-traces.mjs [--print] [--seeds 1-5] [--jobs J] [--only lte|sprout]',
);
const only = opt('--only', '');
if (!['', 'lte', 'sprout'].includes(only)) {
  console.error(`--only: "${only}" is not lte or sprout`);
  process.exit(2);
}
const doc = path.join(root, 'docs/validation-traces.md');
const preset = (id) => JSON.parse(fs.readFileSync(path.join(root, `public/presets/${id}.json`), 'utf8'));

const cases = [
  ...[25, 100, 250, 1000].map((b) => ({ name: `CUBIC, DropTail ${b}`, id: 'lte-video-call', buffer: b })),
  { name: 'CUBIC, CoDel (buffer 1000)', id: 'lte-video-call-codel', buffer: 1000 },
  { name: 'BBR, DropTail 1000', id: 'lte-video-call-bbr', buffer: 1000 },
];

async function run(c, seed) {
  const s = preset(c.id);
  s.seed = seed;
  s.queue.buffer = c.buffer;
  const csv = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bl-traces-')), 'series.csv');
  try {
    const { summary } = await runNative(s, ['--series', csv]);
    const [head, ...lines] = fs.readFileSync(csv, 'utf8').trim().split('\n');
    const cols = head.split(',');
    const rows = lines.map((l) => l.split(',').map(Number));
    const col = (name) => rows.map((r) => r[cols.indexOf(name)]);
    return { summary, t: col('t'), thr: col('flow.0.thr'), cap: col('link.bottleneck.capacity'), s };
  } finally {
    fs.rmSync(path.dirname(csv), { recursive: true, force: true });
  }
}

// Windows of 1 to 50 sample rows: bits received in rows [i, j] against the trace's bits in rows
// [i - 1, j] (arrivals lag departures by the path's delay, 22 ms, less than one 100 ms row).
function windowCheck(r) {
  const n = r.t.length;
  let violations = 0;
  let worst = 0;
  for (let i = 1; i < n; i++) {
    let got = 0;
    let offered = r.cap[i - 1];
    for (let j = i; j < Math.min(n, i + 50); j++) {
      got += r.thr[j];
      offered += r.cap[j];
      if (got > offered) violations++;
      if (offered > 0) worst = Math.max(worst, got / offered);
    }
  }
  return { violations, worst };
}

function corr(a, b) {
  const m = (x) => x.reduce((p, q) => p + q, 0) / x.length;
  const ma = m(a);
  const mb = m(b);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < a.length; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}

// Over [measureFrom, end]: received / offered, and the correlation of 1-s sums.
function tracking(r) {
  const from = r.s.measureFrom;
  const k = r.t.map((t, i) => (t > from ? i : -1)).filter((i) => i >= 0);
  const sum = (xs) => k.reduce((p, i) => p + xs[i], 0);
  const per = Math.round(1 / r.s.samplePeriod);
  const bins = (xs) => {
    const out = [];
    for (let i = 0; i + per <= k.length; i += per) out.push(k.slice(i, i + per).reduce((p, j) => p + xs[j], 0));
    return out;
  };
  return { share: sum(r.thr) / sum(r.cap), corr: corr(bins(r.thr), bins(r.cap)) };
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const fmt = (x, d = 2) => x.toFixed(d);
async function lteTables() {
  const items = cases.flatMap((c) => seeds.map((seed) => ({ c, seed })));
  const results = await pool(items, jobs, ({ c, seed }) => run(c, seed));
  const byCase = cases.map((c) => results.filter((_, i) => items[i].c === c));

  const capRows = byCase.map((rs, k) => {
    const w = rs.map(windowCheck);
    const tr = rs.map(tracking);
    return `| ${cases[k].name} | ${w.reduce((a, x) => a + x.violations, 0)} | ${fmt(Math.max(...w.map((x) => x.worst)), 3)} | ${fmt(mean(tr.map((x) => x.share)) * 100, 1)} % | ${fmt(mean(tr.map((x) => x.corr)), 3)} |`;
  });
  const capacity = [
    `Seeds ${seeds[0]}-${seeds[seeds.length - 1]}, 60 s each, measured from 10 s; windows of 1 to 50 rows of 0.1 s.`,
    '',
    '| run | windows with received > offered | largest received / offered | received / offered over [10, 60] s | correlation of 1-s throughput with 1-s capacity |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...capRows,
  ].join('\n');

  const bufRows = byCase.map((rs, k) => {
    const s = rs.map((r) => r.summary);
    const thr = mean(s.map((x) => x.flows[0].throughputBps)) / 1e6;
    const util = mean(s.map((x) => x.utilization)) * 100;
    const md = mean(s.map((x) => x.meanDelay)) * 1000;
    const p95 = mean(s.map((x) => x.p95Delay)) * 1000;
    const drops = mean(s.map((x) => x.flows[0].congestionLosses));
    const rtos = mean(s.map((x) => x.flows[0].timeouts));
    return `| ${cases[k].name} | ${fmt(thr)} | ${fmt(util, 1)} % | ${fmt(md, 0)} | ${fmt(p95, 0)} | ${fmt(drops, 0)} | ${fmt(rtos, 1)} |`;
  });
  const down = fs.readFileSync(path.join(root, 'wasm-core/traces/lte-driving.down'), 'utf8').trim().split('\n');
  const meanRate = fmt((down.length * 1500 * 8) / Number(down[down.length - 1]) / 1000); // Mb/s: bits per ms / 1000
  const buffers = [
    `Seeds ${seeds[0]}-${seeds[seeds.length - 1]} (means over seeds), 60 s each, measured from 10 s; the trace's mean capacity is ${meanRate} Mb/s.`,
    '',
    '| run | throughput (Mb/s) | utilisation | mean queueing delay (ms) | p95 queueing delay (ms) | congestion losses | retransmission timeouts |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...bufRows,
  ].join('\n');
  return { capacity, buffers };
}

// Sprout's experiment. Each network's trace pair: data over one direction, ACKs over the other.
const SPROUT = [
  { net: 'AT&T LTE', file: 'ATT-LTE-driving' },
  { net: 'T-Mobile 3G (UMTS)', file: 'TMobile-UMTS-driving' },
  { net: 'Verizon 3G (1xEV-DO)', file: 'Verizon-EVDO-driving' },
];
const sproutMs = (name) =>
  zlib
    .gunzipSync(fs.readFileSync(path.join(root, `wasm-core/traces/sprout/${name}.gz`)))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map(Number);
const PUBLISHED = { droptail: { util: 61.7, p95: 25164 }, codel: { util: 61.1, p95: 497 } };

async function sproutTables() {
  const links = SPROUT.flatMap((n) =>
    ['down', 'up'].map((dir) => {
      const data = sproutMs(`${n.file}.${dir}`);
      const acks = sproutMs(`${n.file}.${dir === 'down' ? 'up' : 'down'}`);
      return { name: `${n.net} ${dir === 'down' ? 'downlink' : 'uplink'}`, data, acks, file: `${n.file}.${dir}` };
    }),
  );
  const sproutSeeds = seeds.slice(0, 3);
  // 'window': CUBIC through DropTail with a receiver window of 2,000 packets (3 MB), the order of a
  // Linux receiver's largest window in 2012, added after the first measurement to explain it.
  const schemes = ['droptail', 'codel', 'window'];
  const items = links.flatMap((l) => schemes.flatMap((q) => sproutSeeds.map((seed) => ({ l, q, seed }))));
  const results = await pool(items, jobs, async ({ l, q, seed }) => {
    const period = l.data[l.data.length - 1] / 1000;
    const s = {
      version: 1,
      name: `Sprout's experiment: ${l.name}, ${q}`,
      seed,
      duration: Math.floor(period),
      samplePeriod: 1,
      measureFrom: 60,
      packetSize: 1500,
      topology: {
        kind: 'dumbbell',
        bottleneckDelay: 0.02,
        accessRate: 100e6,
        accessDelayMin: 0.001,
        accessDelayMax: 0.001,
        trace: 'custom',
        traceMs: l.data,
        traceFile: l.file,
        traceUp: 'custom',
        traceUpMs: l.acks,
        traceUpFile: l.file,
      },
      queue: { kind: q === 'codel' ? 'codel' : 'droptail', buffer: 100000 },
      flows: { count: 1, cc: 'cubic', tcp: 'sack', ...(q === 'window' ? { rwnd: 2000 } : {}) },
    };
    const { summary } = await runNative(s);
    // Utilisation against what the trace offered while measured (their scorer's "available"),
    // [60 s, duration]: the trace's opportunities in that window x 1500 B.
    const offered = l.data.filter((t) => t > 60000 && t <= s.duration * 1000).length * 1500 * 8;
    const util = ((summary.flows[0].throughputBps * (s.duration - 60)) / offered) * 100;
    return { util, p95: summary.p95Delay * 1000, capacity: (l.data.length * 1500 * 8) / period };
  });
  const at = (l, q) => results.filter((_, i) => items[i].l === l && items[i].q === q);
  const rows = links.map((l) => {
    const d = at(l, 'droptail');
    const c = at(l, 'codel');
    const w = at(l, 'window');
    return {
      name: l.name,
      cap: d[0].capacity / 1e6,
      du: mean(d.map((x) => x.util)),
      dp: mean(d.map((x) => x.p95)),
      cu: mean(c.map((x) => x.util)),
      cp: mean(c.map((x) => x.p95)),
      wu: mean(w.map((x) => x.util)),
      wp: mean(w.map((x) => x.p95)),
    };
  });
  const avg = (k) => mean(rows.map((r) => r[k]));
  const sec = (ms) => (ms >= 1000 ? `${fmt(ms / 1000, 1)} s` : `${fmt(ms, 0)} ms`);
  return [
    `Seeds ${sproutSeeds[0]}-${sproutSeeds[sproutSeeds.length - 1]} (means over seeds), each link's whole trace, measured from 60 s; utilisation = what the flow received / what the trace offered while measured; delay: ours the p95 queueing delay, theirs the p95 self-inflicted delay (see the target).`,
    '',
    '| link | mean capacity (Mb/s) | CUBIC utilisation | CUBIC p95 delay | CUBIC-CoDel utilisation | CUBIC-CoDel p95 delay | CUBIC, window 2,000: utilisation | p95 delay |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${fmt(r.cap)} | ${fmt(r.du, 1)} % | ${sec(r.dp)} | ${fmt(r.cu, 1)} % | ${sec(r.cp)} | ${fmt(r.wu, 1)} % | ${sec(r.wp)} |`,
    ),
    `| **mean of our six links** | | **${fmt(avg('du'), 1)} %** | **${sec(avg('dp'))}** | **${fmt(avg('cu'), 1)} %** | **${sec(avg('cp'))}** | ${fmt(avg('wu'), 1)} % | ${sec(avg('wp'))} |`,
    `| Sprout paper, mean of eight links | | ${PUBLISHED.droptail.util} % | ${sec(PUBLISHED.droptail.p95)} | ${PUBLISHED.codel.util} % | ${sec(PUBLISHED.codel.p95)} | | |`,
    '',
    `CUBIC's p95 delay / CUBIC-CoDel's: ours ${fmt(avg('dp') / avg('cp'), 0)}x, theirs ${fmt(PUBLISHED.droptail.p95 / PUBLISHED.codel.p95, 0)}x.`,
  ].join('\n');
}

const out = {};
if (only !== 'sprout') Object.assign(out, await lteTables());
if (only !== 'lte') out.sprout = await sproutTables();

if (printOnly) console.log(Object.values(out).join('\n\n'));
else {
  writeBetweenMarkers(doc, out);
  console.log(`wrote ${path.relative(root, doc)}`);
}
