// The headless entry point people use: `npm run sim -- --preset NAME --series FILE.csv`
// (scripts/sim.sh around build/native/blsim) prints the summary and writes the series.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sim = (...args) =>
  spawnSync('bash', [path.join(root, 'scripts/sim.sh'), ...args], {
    encoding: 'utf8',
    cwd: root,
    env: { ...process.env, INIT_CWD: root },
  });

test('sim --preset prints the summary and --series writes one row per sample', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-cli-'));
  const csv = path.join(dir, 'series.csv');
  try {
    const preset = JSON.parse(fs.readFileSync(path.join(root, 'public/presets/xqm-dumbbell.json'), 'utf8'));
    const r = sim('--preset', 'xqm-dumbbell', '--series', csv);
    assert.equal(r.status, 0, r.stderr);
    const summary = JSON.parse(r.stdout);
    assert.equal(summary.simSeconds, preset.duration);
    assert.equal(summary.flows.length, preset.flows.count);
    assert.ok(summary.utilization > 0.5 && summary.utilization <= 1, `utilization ${summary.utilization}`);
    const [header, ...rows] = fs.readFileSync(csv, 'utf8').trim().split('\n');
    const cols = header.split(',');
    assert.equal(cols[0], 't');
    assert.ok(cols.includes('jain') && cols.includes('flow.19.cwnd'), `columns: ${header.slice(0, 200)}`);
    assert.equal(rows.length, Math.round(preset.duration / preset.samplePeriod));
    assert.ok(
      rows.every((row) => row.split(',').length === cols.length),
      'ragged CSV rows',
    );
    assert.equal(Number(rows.at(-1).split(',')[0]), preset.duration);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// Jain's index is 0/0 in an interval where no active flow delivered anything (here before the
// only flow starts at 1 s): --series writes NaN there, a token CSV readers parse, never an empty
// field (issue 27); once the flow delivers, it is 1.
test('sim --series writes NaN for jain and wjain where no flow delivered', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-cli-'));
  const file = path.join(dir, 'late.json');
  const csv = path.join(dir, 'late.csv');
  fs.writeFileSync(
    file,
    JSON.stringify({
      version: 1,
      duration: 3,
      samplePeriod: 0.5,
      topology: { bottleneckRate: 10e6 },
      flows: { count: 1, start: 1, startSpread: 0 },
    }),
  );
  try {
    const r = sim('--scenario', file, '--series', csv);
    assert.equal(r.status, 0, r.stderr);
    const [header, ...rows] = fs.readFileSync(csv, 'utf8').trim().split('\n');
    const cols = header.split(',');
    const cells = rows.map((row) => row.split(','));
    assert.ok(
      cells.every((c) => c.every((x) => x !== '' && (x === 'NaN' || Number.isFinite(Number(x))))),
      'an empty or unreadable field',
    );
    const jain = cells.map((c) => c[cols.indexOf('jain')]);
    const wjain = cells.map((c) => c[cols.indexOf('wjain')]);
    assert.equal(jain[0], 'NaN'); // 0-0.5 s: the flow has not started
    assert.equal(wjain[0], 'NaN');
    assert.equal(Number(jain.at(-1)), 1); // 2.5-3 s: the one flow delivers
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('sim names the presets when the one asked for does not exist', () => {
  const r = sim('--preset', 'no-such-preset');
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /no preset 'no-such-preset' \(have: .*xqm-dumbbell/);
});

test('sim passes blsim errors through with a non-zero exit', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-cli-'));
  const file = path.join(dir, 'bad.json');
  fs.writeFileSync(file, JSON.stringify({ version: 1, duration: -5 }));
  try {
    const r = sim('--scenario', file);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /duration/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('sim refuses a scenario past the command line work budget before running it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-cli-'));
  const file = path.join(dir, 'days.json');
  // 1,000 CBR sources at 100 Gb/s for an hour: about 90,000 billion events (weeks of work).
  const traffic = Array.from({ length: 1000 }, () => ({ kind: 'cbr', rate: 1e11 }));
  fs.writeFileSync(file, JSON.stringify({ version: 1, duration: 3600, samplePeriod: 1, traffic }));
  try {
    const r = sim('--scenario', file);
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /duration: 3600 s at these rates is about \d+ billion events of work/);
    assert.match(r.stderr, /the work budget is 20 billion events \(browser 1 billion, command line 20 billion\)/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// blsim's input (issue 28, item 10): what the command line reads must be what it runs. A NUL byte
// hid trailing garbage, invalid UTF-8 in a string was accepted, --help was "missing value",
// --set could not name a link with ':' or '=' in its name, "flow.01" was flow 1, and a --set past
// the end was dropped without a word.
/** Runs fn(file) with `bytes` written to a scenario file in a fresh directory. */
function withFile(bytes, fn) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-cli-'));
  const file = path.join(dir, 'scenario.json');
  fs.writeFileSync(file, bytes);
  try {
    return fn(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('a NUL byte in the scenario is refused with its place, in --scenario and --check', () => {
  // '{"version":1,"duration":1}' is 26 bytes: the NUL is byte 26, line 1, column 27.
  withFile(Buffer.from('{"version":1,"duration":1}\0garbage'), (file) => {
    for (const opt of ['--scenario', '--check']) {
      const r = sim(opt, file);
      assert.equal(r.status, 2, `${opt}: ${r.stdout}`);
      assert.match(r.stderr, /a NUL byte at byte 26 \(line 1, column 27\); a scenario is JSON text/);
    }
  });
});

test('invalid UTF-8 in a string is refused with its line and column', () => {
  // '{"version":1,"name":"a' is 22 bytes: the bad byte is column 23.
  const head = Buffer.from('{"version":1,"name":"a');
  const tail = Buffer.from('b","duration":1}');
  for (const [bad, what] of [
    [[0xff], 'byte 0xFF'],
    [[0xc0, 0xaf], 'byte 0xC0'], // an overlong '/'
    [[0xed, 0xa0, 0x80], 'a sequence starting with byte 0xED'], // a UTF-16 surrogate
    [[0xe2, 0x82], 'a sequence starting with byte 0xE2'], // cut short
    [[0xf4, 0x90, 0x80, 0x80], 'a sequence starting with byte 0xF4'], // past U+10FFFF
  ]) {
    withFile(Buffer.concat([head, Buffer.from(bad), tail]), (file) => {
      const r = sim('--scenario', file);
      assert.equal(r.status, 1, r.stdout);
      assert.ok(
        r.stderr.includes(`scenario is not valid JSON: line 1, column 23: invalid UTF-8 in a string (${what})`),
        r.stderr,
      );
    });
  }
  // Well-formed UTF-8 of every length still reads: é, €, 𝄞.
  withFile(Buffer.from('{"version":1,"name":"é € 𝄞","duration":1}'), (file) => {
    const r = sim('--scenario', file);
    assert.equal(r.status, 0, r.stderr);
  });
});

test('--help prints the options and exits 0', () => {
  const r = sim('--help');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^usage: blsim --scenario FILE\.json/);
  assert.match(r.stdout, /--set ENTITY:KEY=VALUE@SECONDS/);
  assert.match(r.stdout, /read from the right/);
});

test('--set reaches a link whose name holds ":", "=" and "@"; a name that is not there is refused', () => {
  const scenario = {
    version: 1,
    duration: 1,
    topology: {
      kind: 'graph',
      nodes: ['x', 'y'],
      links: [{ name: 'a:b=c@d', from: 'x', to: 'y', rate: 1e6 }],
      flows: [{ src: 'x', dst: 'y' }],
    },
  };
  withFile(JSON.stringify(scenario), (file) => {
    const ok = sim('--scenario', file, '--set', 'link.a:b=c@d:rate=2e6@0.5');
    assert.equal(ok.status, 0, ok.stderr);
    const missing = sim('--scenario', file, '--set', 'link.a:b:rate=2e6@0.5');
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /blsim: --set: link\.a:b: no such link/);
  });
});

test('--set names a flow only by its decimal index, and a change past the end is refused, not dropped', () => {
  withFile(JSON.stringify({ version: 1, duration: 1, flows: { count: 3 } }), (file) => {
    for (const entity of ['flow.+1', 'flow.01', 'flow. 1']) {
      const r = sim('--scenario', file, '--set', `${entity}:weight=2@0.5`);
      assert.equal(r.status, 1, `${entity}: ${r.stdout}`);
      assert.match(r.stderr, /no such flow; flows are flow\.0 \.\. flow\.2/);
    }
    assert.equal(sim('--scenario', file, '--set', 'flow.1:weight=2@0.5').status, 0);
    const late = sim('--scenario', file, '--set', 'flows:weight=2@5');
    assert.equal(late.status, 1);
    assert.match(late.stderr, /--set flows:weight=2@5: the run has finished at 1 s/);
    const atEnd = sim('--scenario', file, '--set', 'flows:weight=2@1');
    assert.equal(atEnd.status, 1);
    assert.match(atEnd.stderr, /flows\.weight: the run has finished at 1 s/);
    const negative = sim('--scenario', file, '--set', 'flows:weight=2@-1');
    assert.equal(negative.status, 2);
    assert.match(negative.stderr, /SECONDS a time of 0 or more/);
  });
});
