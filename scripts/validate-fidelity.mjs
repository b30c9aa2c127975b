// Validation of loss events, not only shares (issue 14; docs/validation.md, section "Loss
// events beside ns-2"). The XQM dumbbell (20 flows, 16 Mb/s 1 ms bottleneck of 250 packets,
// access delays uniform in 1-4 ms, 1000-byte packets, 200 s measured from 50 s) with TCP SACK
// (ns-2's Sack1), minimum RTO 0.2 s, Bernoulli exogenous loss before the receiver's access
// queue (ns-2's `$ns lossmodel`; our `position: "beforeQueue"`), under DropTail and under RED
// (minTh 5, maxTh 15, maxP 0.1, weight 0.002, ns-2's defaults for gentle and wait).
// Three runs per row and seed:
//   ns-2        docs/ns2/dumbbell.tcl, which also dumps the access delays and start times it drew;
//   ours/ns-2   a `graph` topology rebuilt from those draws (same delays and start per flow);
//   ours/own    our dumbbell with its own draws.
// Columns: bottleneck busy time, payload goodput / capacity, Jain's index of goodput (ns-2's
// sink counts goodput), whole-run timeouts and retransmitted packets summed over the flows,
// whole-run bottleneck drops, mean queue over the window. Each figure is the mean over the seeds.
// --ns2-tcp runs our SACK flows with ns-2's rules where they differ from the RFCs we follow by
// default (docs/tcp.md): cwnd halved and kept after a fast retransmit (recoveryCwnd "ns2"),
// growth counted per ACK (cc.aimd ackCounting "perAck") and RFC 5681's duplicate ACK (dupAck
// "any", Sack1 counts every ACK of snd_una); it writes its own table (validate-fidelity-ns2tcp).
// The ns-2 side is the same either way.
// --ours KEY=VALUE sets a flow key (docs/parameters.md, flow) of our SACK flows only, in both
// of our runs (dupAck=any: RFC 5681's duplicate ACK, as ns-2's Sack1); it implies --print.
//   node scripts/validate-fidelity.mjs [--print] [--seeds N] [--queues droptail,red] [--ns2-tcp]
//                                      [--ours KEY=VALUE]...
import fs from 'node:fs';
import path from 'node:path';
import { root, runNative, runNs2, haveNs2, jain } from './lib/runners.mjs';
import { writeBetweenMarkers } from './lib/doc-markers.mjs';

const args = process.argv.slice(2);
const opt = (k, d) => (args.includes(k) ? args[args.indexOf(k) + 1] : d);
const nSeeds = Number(opt('--seeds', 2));
const queues = opt('--queues', 'droptail,red').split(',');
const ns2Tcp = args.includes('--ns2-tcp');
const oursFlows = {}; // --ours KEY=VALUE
args.forEach((a, i) => {
  if (a !== '--ours') return;
  const [k, v] = (args[i + 1] ?? '').split('=');
  if (!k || v === undefined) throw new Error(`--ours takes KEY=VALUE, not ${args[i + 1]}`);
  oursFlows[k] = v === 'true' || v === 'false' ? v === 'true' : Number.isNaN(Number(v)) ? v : Number(v);
});
const printOnly = args.includes('--print') || Object.keys(oursFlows).length > 0;
const ns2Rules = { recoveryCwnd: 'ns2', ccParams: { ackCounting: 'perAck' }, dupAck: 'any' };
const ourFlowKeys = { ...(ns2Tcp ? ns2Rules : {}), ...oursFlows };
const lossRates = [0, 0.01, 0.02, 0.05, 0.07];
const doc = path.join(root, 'docs/validation.md');
if (!haveNs2()) throw new Error('ns-2 is not installed (BL_WITH_NS2=1 npm run setup)');

const preset = JSON.parse(fs.readFileSync(path.join(root, 'public/presets/xqm-dumbbell.json'), 'utf8'));
const queueOf = (kind) =>
  kind === 'red'
    ? { kind: 'red', buffer: 250, minTh: 5, maxTh: 15, maxP: 0.1, weight: 0.002 }
    : { kind: 'droptail', buffer: 250 };

const dumbbell = (q, rate, seed) => ({
  ...preset,
  name: `fidelity ${q} ${rate}`,
  seed,
  samplePeriod: 1,
  queue: queueOf(q),
  exoLoss: { kind: 'bernoulli', rate, position: 'beforeQueue' },
  flows: { ...preset.flows, tcp: 'sack', minRto: 0.2 },
});

// The same network as a graph, with ns-2's per-flow draws: sender i -- L -- R -- receiver i.
function rebuilt(base, ns2flows) {
  const t = base.topology;
  const nodes = ['L', 'R'];
  const links = [
    { name: 'bottleneck', from: 'L', to: 'R', rate: t.bottleneckRate, delay: t.bottleneckDelay, queue: base.queue },
  ];
  const flows = [];
  for (const f of ns2flows) {
    nodes.push(`s${f.id}`, `r${f.id}`);
    links.push({
      name: `src.${f.id}`,
      from: `s${f.id}`,
      to: 'L',
      rate: t.accessRate,
      delay: f.srcDelay,
      queue: { kind: 'droptail', buffer: 10000 },
    });
    links.push({
      name: `dst.${f.id}`,
      from: 'R',
      to: `r${f.id}`,
      rate: t.accessRate,
      delay: f.dstDelay,
      queue: { kind: 'droptail', buffer: 10000 },
      loss: base.exoLoss,
    });
    flows.push({ src: `s${f.id}`, dst: `r${f.id}`, start: f.start, startSpread: 0 });
  }
  const { exoLoss: _exoLoss, queue: _queue, ...rest } = base; // a graph takes neither at the top (issue 14)
  return {
    ...rest,
    topology: { kind: 'graph', nodes, links, flows },
    flows: { tcp: 'sack', minRto: 0.2, ...ourFlowKeys },
  };
}

function ourFigures(s) {
  const sum = (k) => s.flows.reduce((a, f) => a + f[k], 0);
  const q = s.queues.find((x) => x.id === 'bottleneck');
  return {
    util: s.utilization,
    goodUtil: s.goodputUtilization,
    jain: s.jainGoodput,
    timeouts: sum('timeouts'),
    retx: sum('retransmits'),
    drops: Object.values(q.drops).reduce((a, x) => a + x, 0),
    meanQueue: q.meanLength,
  };
}

const rows = [];
for (const q of queues) {
  for (const rate of lossRates) {
    const acc = { ns2: [], rebuilt: [], own: [] };
    for (let seed = 1; seed <= nSeeds; seed++) {
      const scn = dumbbell(q, rate, seed);
      const { result: r } = await runNs2(scn);
      const T = scn.duration - scn.measureFrom;
      acc.ns2.push({
        // ns-2's sink counts whole packets (its packetSize_ + 40): scale to payload, as ours.
        util: r.utilization,
        goodUtil: (r.aggregateBps * (scn.packetSize - 40)) / scn.packetSize / scn.topology.bottleneckRate,
        jain: jain(r.flows.map((f) => f.throughputBps)),
        timeouts: r.timeouts,
        retx: r.retransmits,
        drops: r.bottleneckDropsRun,
        meanQueue: r.meanQueue,
        T,
      });
      acc.rebuilt.push(ourFigures((await runNative(rebuilt(scn, r.flows))).summary));
      const ownScn = { ...scn, flows: { ...scn.flows, ...ourFlowKeys } };
      acc.own.push(ourFigures((await runNative(ownScn)).summary));
    }
    const mean = (xs) =>
      Object.fromEntries(Object.keys(xs[0]).map((k) => [k, xs.reduce((a, x) => a + x[k], 0) / xs.length]));
    rows.push({ q, rate, ns2: mean(acc.ns2), rebuilt: mean(acc.rebuilt), own: mean(acc.own) });
    console.error(`${q} ${+(rate * 100).toFixed(2)} %: done`);
  }
}

const pct = (x) => `${(x * 100).toFixed(1)}`;
const f3 = (x) => x.toFixed(3);
const n0 = (x) => Math.round(x).toLocaleString('en-US').replace(/,/g, ' ');
const rel = (a, b) => (b > 0 ? `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(0)} %` : 'n/a');
const header = [
  `Measured ${new Date().toISOString().slice(0, 10)} with \`node scripts/validate-fidelity.mjs\`; each figure is the mean over seeds` +
    ` ${Array.from({ length: nSeeds }, (_, i) => i + 1).join(', ')}. Per cell: ns-2 / ours with ns-2's draws / ours with our` +
    " own draws. util: bottleneck busy time (%); goodput: payload delivered / capacity (%); Jain: of the flows' goodput over" +
    ' [50, 200] s; timeouts, retransmitted packets and bottleneck drops: whole run, summed over the 20 flows; the' +
    ' "vs ns-2" columns give ours (ns-2 draws) relative to ns-2.' +
    (ns2Tcp
      ? ' Our SACK flows use ns-2\'s rules: `recoveryCwnd: "ns2"`, `ccParams: {ackCounting: "perAck"}` and `dupAck: "any"`.'
      : '') +
    (Object.keys(oursFlows).length ? ` Our flows also set ${JSON.stringify(oursFlows)}.` : ''),
  '',
  '| queue | exo loss | util | goodput | Jain | timeouts | vs ns-2 | retransmits | vs ns-2 | drops | vs ns-2 | mean queue |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];
const body = rows.map(({ q, rate, ns2: a, rebuilt: b, own: c }) => {
  const three = (k, fmt) => `${fmt(a[k])} / ${fmt(b[k])} / ${fmt(c[k])}`;
  return (
    `| ${q} | ${+(rate * 100).toFixed(2)} % | ${three('util', pct)} | ${three('goodUtil', pct)} | ${three('jain', f3)} | ` +
    `${three('timeouts', n0)} | ${rel(b.timeouts, a.timeouts)} | ${three('retx', n0)} | ${rel(b.retx, a.retx)} | ` +
    `${three('drops', n0)} | ${rel(b.drops, a.drops)} | ${three('meanQueue', (x) => x.toFixed(1))} |`
  );
});
const table = [...header, ...body].join('\n');
if (printOnly) console.log(table);
else {
  writeBetweenMarkers(doc, { [ns2Tcp ? 'validate-fidelity-ns2tcp' : 'validate-fidelity']: table });
  console.log(table);
}
