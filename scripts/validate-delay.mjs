// Validation of the delay-based models (docs/validation-delay.md): Head-to-Tail with TCP Vegas
// (Dimitriou and Tsaoussidis, Sec. 7) and TED (Baldi and Vesco, Sec. III), run with the native
// CLI from the presets public/presets/htt-*.json and ted-*.json.
//   HtT: DropTail, RED and HtT side by side on the dumbbell (bottleneck delay swept, then
//   bandwidth at 30 ms, then buffer) and on the three-group cross-traffic topology (50, 75,
//   100 users per group): retransmitted packets, received packets, Jain's index.
//   TED: the reconstructed Fig. 1 network: DropTail with Q_max and unbounded buffers, TED with
//   the deadline sets S1-S3, then 1-ACK fast retransmit and the TED-driven RTO: Jain's index
//   of the nine bottleneck flows' goodput, their mean goodput, the other three flows' goodput.
// Writes the tables into docs/validation-delay.md between its markers, or prints them.
//   node scripts/validate-delay.mjs [--print] [--only htt|ted] [--jobs N]
// Uses the shared runner (scripts/lib/runners.mjs: build/native/blsim, `npm run build:native`).
// scripts/sweep.mjs's columns are the weighted-AIMD ones, so the grids are spelled out here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, runNative, jain } from './lib/runners.mjs';

const args = process.argv.slice(2);
const printOnly = args.includes('--print');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const jobs = args.includes('--jobs') ? Number(args[args.indexOf('--jobs') + 1]) : os.cpus().length;
const docFile = path.join(root, 'docs/validation-delay.md');
const preset = (n) => JSON.parse(fs.readFileSync(path.join(root, 'public/presets', `${n}.json`), 'utf8'));
const clone = (x) => JSON.parse(JSON.stringify(x));

/** Runs fn over items with at most `jobs` at a time, keeping order. */
async function pool(items, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const k = next++;
      out[k] = await fn(items[k]);
      process.stderr.write(`\r${out.filter(Boolean).length}/${items.length} runs`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  process.stderr.write('\n');
  return out;
}

// ---- Head-to-Tail ----
const queues = ['droptail', 'red', 'htt'];
function queueFor(kind, buffer) {
  // RED thresholds at 20 % and 60 % of the buffer, gentle (our choice; the paper gives none).
  if (kind === 'red') return { kind, buffer, minTh: Math.round(0.2 * buffer), maxTh: Math.round(0.6 * buffer), maxP: 0.1, gentle: true };
  return { kind, buffer };
}
function httDumbbell({ delay = 0.01, rate = 100e6, buffer = 100 }, kind) {
  const d = clone(preset('htt-dumbbell-vegas'));
  d.topology.bottleneckDelay = delay;
  d.topology.bottleneckRate = rate;
  d.queue = queueFor(kind, buffer);
  return d;
}
function httCross(users, kind) {
  const d = clone(preset('htt-cross-traffic'));
  const g = d.topology;
  for (const l of g.links) if (/^L\d$/.test(l.name)) l.queue = queueFor(kind, 100);
  g.flows = [1, 2, 3].flatMap((k) => Array.from({ length: users }, () => ({ src: `S${k}`, dst: `R${k}` })));
  return d;
}
function httRow(s) {
  const sum = (k) => s.flows.reduce((a, f) => a + f[k], 0);
  return { retx: sum('retransmits'), recv: sum('deliveredPackets'), timeouts: sum('timeouts'), jain: s.jain,
    overflow: s.queues.reduce((a, q) => a + (/^(bottleneck|L\d)$/.test(q.id) ? q.drops.overflow + q.drops.early : 0), 0) };
}
async function htt() {
  const axes = [
    { title: 'Bottleneck propagation delay (100 Mb/s, 100 packets)', label: 'delay (ms)',
      points: [1, 5, 10, 20, 30], make: (x, q) => httDumbbell({ delay: x / 1000 }, q) },
    { title: 'Bottleneck bandwidth (30 ms, 100 packets)', label: 'rate (Mb/s)',
      points: [20, 50, 100], make: (x, q) => httDumbbell({ delay: 0.03, rate: x * 1e6 }, q) },
    { title: 'Buffer (100 Mb/s, 10 ms)', label: 'buffer (packets)',
      points: [50, 100, 200, 400], make: (x, q) => httDumbbell({ buffer: x }, q) },
    { title: 'Cross traffic, three groups (100 Mb/s hops, 100 packets)', label: 'users per group',
      points: [50, 75, 100], make: (x, q) => httCross(x, q) },
  ];
  const runs = axes.flatMap((a, ai) => a.points.flatMap((x) => queues.map((q) => ({ ai, x, q, doc: a.make(x, q) }))));
  const res = await pool(runs, async (r) => ({ ...r, row: httRow((await runNative(r.doc)).summary) }));
  let md = '';
  axes.forEach((a, ai) => {
    md += `\n**${a.title}.** Retransmitted packets / received packets (thousands) / Jain's index, all flows, 50 s.\n\n`;
    md += `| ${a.label} | ${queues.map((q) => `${q} retx`).join(' | ')} | ${queues.map((q) => `${q} recv (k)`).join(' | ')} | ${queues.map((q) => `${q} Jain`).join(' | ')} |\n`;
    md += `| --- |${' ---: |'.repeat(9)}\n`;
    for (const x of a.points) {
      const row = (q) => res.find((r) => r.ai === ai && r.x === x && r.q === q).row;
      md += `| ${x} | ${queues.map((q) => row(q).retx).join(' | ')} | ${queues.map((q) => (row(q).recv / 1000).toFixed(1)).join(' | ')} | ${queues.map((q) => row(q).jain.toFixed(3)).join(' | ')} |\n`;
    }
  });
  return md;
}

// ---- TED ----
const bottleneckFlows = [0, 1, 2, 3, 4, 5, 7, 8, 9];  // C1-C6, C8-C10
const others = [6, 10, 11];                           // C7, C11, C12
const tedRuns = [
  ['DropTail, finite (Q_max)', 'ted-droptail-finite', '0.759'],
  ['DropTail, infinite', 'ted-droptail-infinite', '0.84'],
  ['TED S1', 'ted-s1', '0.963'],
  ['TED S2', 'ted-s2', '0.985'],
  ['TED S3', 'ted-s3', '0.991'],
  ['DropTail finite, 1 ACK', 'ted-droptail-finite-1ack', '0.759'],
  ['TED S3, 1 ACK', 'ted-s3-1ack', '0.997'],
  ['TED S3, TDTO', 'ted-s3-tdto', '-'],
  ['TED S3, 1 ACK + TDTO', 'ted-s3-1ack-tdto', '0.997'],
];
async function ted() {
  const res = await pool(tedRuns, async ([label, name, paper]) => {
    const s = (await runNative(preset(name))).summary;
    const g = bottleneckFlows.map((i) => s.flows[i].goodputBps / 1e6);
    const drops = s.queues.filter((q) => /^[ABCD]$/.test(q.id));
    return { label, paper, jain: jain(g), mean: g.reduce((a, x) => a + x, 0) / g.length, min: Math.min(...g), max: Math.max(...g),
      others: others.map((i) => s.flows[i].goodputBps / 1e6),
      timeouts: s.flows.reduce((a, f) => a + f.timeouts, 0), fastRetx: s.flows.reduce((a, f) => a + f.fastRetransmits, 0),
      overflow: drops.reduce((a, q) => a + q.drops.overflow, 0), deadline: drops.reduce((a, q) => a + q.drops.deadline, 0),
      perFlow: g };
  });
  const inf = res.find((r) => r.label === 'DropTail, infinite').mean;
  let md = '\n| run | Jain (paper) | Jain (ours) | mean bottleneck goodput Mb/s | vs DropTail infinite | min / max Mb/s | C7, C11, C12 Mb/s | timeouts | fast retx | overflow / deadline drops |\n';
  md += '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n';
  for (const r of res)
    md += `| ${r.label} | ${r.paper} | ${r.jain.toFixed(3)} | ${r.mean.toFixed(1)} | ${(100 * (r.mean / inf - 1)).toFixed(1)} % | ${r.min.toFixed(1)} / ${r.max.toFixed(1)} | ${r.others.map((x) => x.toFixed(1)).join(', ')} | ${r.timeouts} | ${r.fastRetx} | ${r.overflow} / ${r.deadline} |\n`;
  md += '\nPer-flow goodput (Mb/s) of the bottleneck flows C1-C6, C8-C10 (RTT 16, 16, 16, 12, 12, 12, 7, 7, 4 ms):\n\n';
  md += '| run | ' + bottleneckFlows.map((i) => `C${i + 1}`).join(' | ') + ' |\n| --- |' + ' ---: |'.repeat(9) + '\n';
  for (const r of res) md += `| ${r.label} | ${r.perFlow.map((x) => x.toFixed(1)).join(' | ')} |\n`;
  return md;
}

function splice(text, name, body) {
  const b = `<!-- validate-delay:${name}:begin -->`, e = `<!-- validate-delay:${name}:end -->`;
  const i = text.indexOf(b), j = text.indexOf(e);
  if (i < 0 || j < 0) throw new Error(`markers ${b} / ${e} missing in ${docFile}`);
  return text.slice(0, i + b.length) + '\n' + body + '\n' + text.slice(j);
}

const parts = {};
if (only !== 'ted') parts.htt = await htt();
if (only !== 'htt') parts.ted = await ted();
if (printOnly) {
  for (const [k, v] of Object.entries(parts)) process.stdout.write(`## ${k}\n${v}\n`);
} else {
  let text = fs.readFileSync(docFile, 'utf8');
  for (const [k, v] of Object.entries(parts)) text = splice(text, k, v);
  fs.writeFileSync(docFile, text);
  process.stdout.write(`updated ${path.relative(root, docFile)}\n`);
}
