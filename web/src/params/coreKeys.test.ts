// The page's Summary and Manifest types name exactly the keys the core writes (bl_summary,
// bl_manifest): the key lists in types.ts are tied to the interfaces at compile time, and here
// to the core's output for runs that fill every optional key (a chain's flow groups, TED's
// Q_max, the bottleneck's delays, a loss model). A key the core adds or drops fails this test.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANIFEST_KEYS, SUMMARY_KEYS } from './types';

const root = path.resolve(__dirname, '../../..');
const blsim = path.join(root, 'build/native/blsim');

function run(preset: string, extra: string[]): Record<string, unknown> {
  if (!existsSync(blsim)) throw new Error(`${blsim} is missing: build it with bash scripts/build-native.sh`);
  const s = JSON.parse(readFileSync(path.join(root, `public/presets/${preset}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
  s.duration = 1;
  delete s.measureFrom;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bl-keys-'));
  try {
    const file = path.join(dir, 's.json');
    writeFileSync(file, JSON.stringify(s));
    return JSON.parse(execFileSync(blsim, ['--scenario', file, ...extra], { encoding: 'utf8' })) as Record<
      string,
      unknown
    >;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const keysOf = (xs: unknown[]): string[] => [...new Set(xs.flatMap((x) => Object.keys(x as object)))].sort();
const sorted = (xs: readonly string[]): string[] => [...xs].sort();

describe('the page names the keys the core writes', () => {
  it('Summary, FlowSummary and QueueSummary', () => {
    const runs = [run('ted-s1', []), run('xqm-exp1-red', [])];
    expect(keysOf(runs)).toEqual(sorted(SUMMARY_KEYS.summary));
    expect(keysOf(runs.flatMap((r) => r.flows as unknown[]))).toEqual(sorted(SUMMARY_KEYS.flow));
    expect(keysOf(runs.flatMap((r) => r.queues as unknown[]))).toEqual(sorted(SUMMARY_KEYS.queue));
  });
  it('Manifest and its links, loss models and flows', () => {
    const m = run('xqm-fig2-droptail', ['--manifest-at', '0.5']) as {
      links: { loss: unknown }[];
      flows: { live: unknown }[];
    };
    // A traced link adds its trace.
    const traced = run('lte-video-call', ['--manifest-at', '0.5']) as { links: unknown[] };
    expect(keysOf([m])).toEqual(sorted(MANIFEST_KEYS.manifest));
    expect(keysOf([...m.links, ...traced.links])).toEqual(sorted(MANIFEST_KEYS.link));
    expect(keysOf(m.links.flatMap((l) => (l.loss ? [l.loss] : [])))).toEqual(sorted(MANIFEST_KEYS.loss));
    expect(keysOf(m.flows)).toEqual(sorted(MANIFEST_KEYS.flow));
    expect(keysOf(m.flows.map((f) => f.live))).toEqual(sorted(MANIFEST_KEYS.flowLive));
  });
});
