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
//   node scripts/validate-delay.mjs [--print] [--only htt|htt-seeds|ted|ted-sensitivity|ted-ns2] [--jobs N]
// (ted-ns2, DropTail on the TED network in ns-2, runs when ns-2 is installed.)
// Uses the shared runner (scripts/lib/runners.mjs: build/native/blsim, `npm run build:native`).
// scripts/sweep.mjs's columns are the weighted-AIMD ones, so the grids are spelled out here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, runNative, jain, haveNs2 } from './lib/runners.mjs';
import { runNs2Graph } from './lib/ns2graph.mjs';

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
  if (kind === 'red')
    return { kind, buffer, minTh: Math.round(0.2 * buffer), maxTh: Math.round(0.6 * buffer), maxP: 0.1, gentle: true };
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
  return {
    retx: sum('retransmits'),
    recv: sum('deliveredPackets'),
    timeouts: sum('timeouts'),
    jain: s.jain,
    overflow: s.queues.reduce(
      (a, q) => a + (/^(bottleneck|L\d)$/.test(q.id) ? q.drops.overflow + q.drops.early : 0),
      0,
    ),
  };
}
async function htt() {
  const axes = [
    {
      title: 'Bottleneck propagation delay (100 Mb/s, 100 packets)',
      label: 'delay (ms)',
      points: [1, 5, 10, 20, 30],
      make: (x, q) => httDumbbell({ delay: x / 1000 }, q),
    },
    {
      title: 'Bottleneck bandwidth (30 ms, 100 packets)',
      label: 'rate (Mb/s)',
      points: [20, 50, 100],
      make: (x, q) => httDumbbell({ delay: 0.03, rate: x * 1e6 }, q),
    },
    {
      title: 'Buffer (100 Mb/s, 10 ms)',
      label: 'buffer (packets)',
      points: [50, 100, 200, 400],
      make: (x, q) => httDumbbell({ buffer: x }, q),
    },
    {
      title: 'Cross traffic, three groups (100 Mb/s hops, 100 packets)',
      label: 'users per group',
      points: [50, 75, 100],
      make: (x, q) => httCross(x, q),
    },
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

// The cross-traffic topology at 100 users per group, seeds 1-6: which group keeps the links.
// One group's flows are locked out (repeated timeouts against full buffers); which one depends
// on the seed, so one seed's table row can mislead.
async function httSeeds(seeds = [1, 2, 3, 4, 5, 6], users = 100) {
  const runs = queues.flatMap((q) => seeds.map((seed) => ({ q, seed, doc: { ...httCross(users, q), seed } })));
  const res = await pool(runs, async (r) => {
    const s = (await runNative(r.doc)).summary;
    const group = (k) => s.flows.slice(k * users, (k + 1) * users);
    return {
      ...r,
      jain: s.jain,
      recv: s.flows.reduce((a, f) => a + f.deliveredPackets, 0),
      starved: [0, 1, 2].map((k) => group(k).filter((f) => f.goodputBps < (0.05 * 100e6) / (2 * users)).length),
    };
  });
  let md = `\n**Cross traffic, ${users} users per group, seeds ${seeds[0]}-${seeds.at(-1)}.** Received packets (thousands) / Jain's index / flows of groups 1, 2, 3 locked out (goodput under 5 % of an equal share of a shared hop, 100 Mb/s / (2 x users)), 50 s.\n\n`;
  md += `| seed | ${queues.map((q) => `${q} recv (k)`).join(' | ')} | ${queues.map((q) => `${q} Jain`).join(' | ')} | ${queues.map((q) => `${q} locked out (G1/G2/G3)`).join(' | ')} |\n`;
  md += `| --- |${' ---: |'.repeat(9)}\n`;
  for (const seed of seeds) {
    const row = (q) => res.find((r) => r.seed === seed && r.q === q);
    md += `| ${seed} | ${queues.map((q) => (row(q).recv / 1000).toFixed(1)).join(' | ')} | ${queues.map((q) => row(q).jain.toFixed(3)).join(' | ')} | ${queues.map((q) => row(q).starved.join(' / ')).join(' | ')} |\n`;
  }
  return md;
}

// ---- TED ----
const bottleneckFlows = [0, 1, 2, 3, 4, 5, 7, 8, 9]; // C1-C6, C8-C10
const others = [6, 10, 11]; // C7, C11, C12
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
    return {
      label,
      paper,
      jain: jain(g),
      mean: g.reduce((a, x) => a + x, 0) / g.length,
      min: Math.min(...g),
      max: Math.max(...g),
      others: others.map((i) => s.flows[i].goodputBps / 1e6),
      timeouts: s.flows.reduce((a, f) => a + f.timeouts, 0),
      fastRetx: s.flows.reduce((a, f) => a + f.fastRetransmits, 0),
      overflow: drops.reduce((a, q) => a + q.drops.overflow, 0),
      deadline: drops.reduce((a, q) => a + q.drops.deadline, 0),
      perFlow: g,
    };
  });
  const inf = res.find((r) => r.label === 'DropTail, infinite').mean;
  let md =
    '\n| run | Jain (paper) | Jain (ours) | mean bottleneck goodput Mb/s | vs DropTail infinite | min / max Mb/s | C7, C11, C12 Mb/s | timeouts | fast retx | overflow / deadline drops |\n';
  md += '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n';
  for (const r of res)
    md += `| ${r.label} | ${r.paper} | ${r.jain.toFixed(3)} | ${r.mean.toFixed(1)} | ${(100 * (r.mean / inf - 1)).toFixed(1)} % | ${r.min.toFixed(1)} / ${r.max.toFixed(1)} | ${r.others.map((x) => x.toFixed(1)).join(', ')} | ${r.timeouts} | ${r.fastRetx} | ${r.overflow} / ${r.deadline} |\n`;
  md += '\nPer-flow goodput (Mb/s) of the bottleneck flows C1-C6, C8-C10 (RTT 16, 16, 16, 12, 12, 12, 7, 7, 4 ms):\n\n';
  md += '| run | ' + bottleneckFlows.map((i) => `C${i + 1}`).join(' | ') + ' |\n| --- |' + ' ---: |'.repeat(9) + '\n';
  for (const r of res) md += `| ${r.label} | ${r.perFlow.map((x) => x.toFixed(1)).join(' | ')} |\n`;
  return md;
}

// ---- TED: sensitivity of the reconstruction ----
// The paper leaves the access links, windows, packet size and Reno variant unstated; each row
// changes one (or a few) of our assumptions and reruns DropTail (Q_max and unbounded buffers)
// and TED S3 and S1, 60 s (measured from 10 s). Buffers stay Q_max of Sec. II.B for the
// changed packet size and input rates: the deadline-set's D_max x the summed rate of the links
// into the upstream node, in packets, rounded up (as the presets are).
const tedVariants = [
  ['as in the presets (rwnd 100, NewReno, 100 Mb/s access, 1000 B)', {}],
  ['rwnd 64 (a 64 KB window)', { rwnd: 64 }],
  ['rwnd 44, 1500-byte packets (a 64 KB window)', { rwnd: 44, packetSize: 1500 }],
  ["rwnd 47 (DropTail infinite's 0.84 by W / (RTT + q))", { rwnd: 47 }],
  ['Reno', { tcp: 'reno' }],
  ['access links 1 Gb/s', { access: 1e9 }],
  ['access 1 Gb/s, rwnd 64, Reno', { access: 1e9, rwnd: 64, tcp: 'reno' }],
  ['starts spread over 0-10 s', { startSpread: 10 }],
  ['TED local (LBD) instead of end to end', { mode: 'lbd', tedOnly: true }],
];
const tedSensRuns = [
  ['DropTail finite', 'ted-droptail-finite', 0.0009],
  ['DropTail infinite', 'ted-droptail-infinite', 0],
  ['TED S3', 'ted-s3', 0.0009],
  ['TED S1', 'ted-s1', 0.001],
];
function tedVariant(name, dmax, v, duration) {
  const d = clone(preset(name));
  d.duration = duration;
  if (v.rwnd) d.flows.rwnd = v.rwnd;
  if (v.tcp) d.flows.tcp = v.tcp;
  if (v.startSpread) d.flows.startSpread = v.startSpread;
  if (v.packetSize) d.packetSize = v.packetSize;
  const links = d.topology.links;
  if (v.access) for (const l of links) if (/^in\d+$/.test(l.name)) l.rate = v.access;
  if (v.mode) for (const l of links) if (l.queue?.kind === 'ted') l.queue.mode = v.mode;
  if (dmax > 0) {
    for (const l of links.filter((x) => /^[ABCD]$/.test(x.name))) {
      const feeding = links.filter((x) => x.to === l.from).map((x) => x.rate);
      l.queue.buffer = Math.ceil((dmax * feeding.reduce((a, r) => a + r, 0)) / (8 * d.packetSize) - 1e-9);
      if (l.queue.kind === 'ted') {
        l.queue.inputs = feeding.length;
        l.queue.inputRate = feeding.reduce((a, r) => a + r, 0) / feeding.length;
      }
    }
  }
  return d;
}
async function tedSensitivity(duration = 60) {
  // A TED-only change leaves the DropTail runs as in the first row: they are not repeated.
  const items = tedVariants.flatMap(([label, v]) =>
    tedSensRuns
      .filter(([run]) => !v.tedOnly || run.startsWith('TED'))
      .map(([run, name, dmax]) => ({ label, run, doc: tedVariant(name, dmax, v, duration) })),
  );
  const res = await pool(items, async (it) => {
    const s = (await runNative(it.doc)).summary;
    const g = bottleneckFlows.map((i) => s.flows[i].goodputBps / 1e6);
    const c = s.queues.find((q) => q.id === 'C');
    return {
      ...it,
      jain: jain(g),
      mean: g.reduce((a, x) => a + x, 0) / g.length,
      g,
      timeouts: s.flows.reduce((a, f) => a + f.timeouts, 0),
      queueUs: ((c.meanLength * 8 * it.doc.packetSize) / 300e6) * 1e6,
    };
  });
  let md = `\n${duration} s runs (goodput from 10 s). Each cell: Jain's index of the nine bottleneck flows; their mean goodput (Mb/s); the 16 ms and 4 ms flows' goodput (C1 / C10, Mb/s); timeouts. Last column: TED S3's mean queueing delay at C (the 4 ms flows' deadline is 120 us).\n\n`;
  md +=
    '| assumption changed | ' +
    tedSensRuns.map(([r]) => r).join(' | ') +
    ' | S3 queue at C (us) |\n| --- |' +
    ' ---: |'.repeat(tedSensRuns.length + 1) +
    '\n';
  md += `| *paper (Table III)* | ${['0.759', '0.84', '0.991', '0.963'].join(' | ')} | - |\n`;
  for (const [label] of tedVariants) {
    const row = tedSensRuns.map(([run]) => res.find((x) => x.label === label && x.run === run));
    const cells = row.map((r) =>
      r
        ? `${r.jain.toFixed(3)}; ${r.mean.toFixed(1)}; ${r.g[0].toFixed(0)} / ${r.g[8].toFixed(1)}; ${r.timeouts}`
        : 'as row 1',
    );
    md += `| ${label} | ${cells.join(' | ')} | ${row[2].queueUs.toFixed(0)} |\n`;
  }
  return md;
}

// ---- TED: DropTail in ns-2 on the same reconstructed network ----
// Whether our DropTail numbers are the simulator's or the reconstruction's: the DropTail
// presets in ns-2 2.35 (docs/ns2/graph.tcl; start times drawn by the runner, not ours).
const tedNs2Runs = [
  ['DropTail, finite (Q_max)', 'ted-droptail-finite', {}],
  ['DropTail, infinite', 'ted-droptail-infinite', {}],
  ['DropTail, finite, Reno', 'ted-droptail-finite', { tcp: 'reno' }],
];
async function tedNs2() {
  if (!haveNs2()) throw new Error('ns-2 is missing: BL_WITH_NS2=1 bash scripts/setup.sh');
  const items = tedNs2Runs.flatMap(([label, name, f]) =>
    ['ours', 'ns-2'].map((sim) => {
      const doc = clone(preset(name));
      Object.assign(doc.flows, f);
      return { label, sim, doc };
    }),
  );
  const res = await pool(items, async (it) => {
    const flows =
      it.sim === 'ours'
        ? (await runNative(it.doc)).summary.flows
        : (await runNs2Graph(it.doc, ['A', 'B', 'C', 'D'])).flows;
    const g = bottleneckFlows.map((i) => flows[i].goodputBps / 1e6);
    return { ...it, g, jain: jain(g), timeouts: flows.reduce((a, f) => a + f.timeouts, 0) };
  });
  let md =
    '\n| run | simulator | Jain | timeouts | ' +
    bottleneckFlows.map((i) => `C${i + 1}`).join(' | ') +
    ' |\n| --- | --- |' +
    ' ---: |'.repeat(11) +
    '\n';
  for (const r of res)
    md += `| ${r.label} | ${r.sim} | ${r.jain.toFixed(3)} | ${r.timeouts} | ${r.g.map((x) => x.toFixed(1)).join(' | ')} |\n`;
  return md;
}

function splice(text, name, body) {
  const b = `<!-- validate-delay:${name}:begin -->`,
    e = `<!-- validate-delay:${name}:end -->`;
  const i = text.indexOf(b),
    j = text.indexOf(e);
  if (i < 0 || j < 0) throw new Error(`markers ${b} / ${e} missing in ${docFile}`);
  return text.slice(0, i + b.length) + '\n' + body + '\n' + text.slice(j);
}

const parts = {};
if (only === null || only === 'htt') parts.htt = await htt();
if (only === null || only === 'htt-seeds') parts['htt-seeds'] = await httSeeds();
if (only === null || only === 'ted') parts.ted = await ted();
if (only === null || only === 'ted-sensitivity') parts['ted-sensitivity'] = await tedSensitivity();
if (only === 'ted-ns2' || (only === null && haveNs2())) parts['ted-ns2'] = await tedNs2();
if (printOnly) {
  for (const [k, v] of Object.entries(parts)) process.stdout.write(`## ${k}\n${v}\n`);
} else {
  let text = fs.readFileSync(docFile, 'utf8');
  for (const [k, v] of Object.entries(parts)) text = splice(text, k, v);
  fs.writeFileSync(docFile, text);
  process.stdout.write(`updated ${path.relative(root, docFile)}\n`);
}
