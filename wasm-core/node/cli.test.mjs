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
