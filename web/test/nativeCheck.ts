// The real core's check for unit tests: native `blsim --check`, the same bl_check the worker
// calls in WASM (node agreement tests keep the two equal). Build it with build-native.sh.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CheckResult } from '../../wasm-core/js/binding.mjs';

const blsim = path.resolve(__dirname, '../../build/native/blsim');

export function coreCheck(json: string): CheckResult {
  const file = path.join(os.tmpdir(), `bl-check-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, json);
  try {
    return JSON.parse(execFileSync(blsim, ['--check', file], { encoding: 'utf8' })) as CheckResult;
  } catch (e) {
    // Exit status 1: problems found, printed all the same.
    return JSON.parse((e as { stdout: string }).stdout) as CheckResult;
  } finally {
    fs.unlinkSync(file);
  }
}

/** A preset's run as the real core built it, at `at` s (native `blsim --preset NAME --manifest-at`). */
export function coreManifest(preset: string, at = 0.1): unknown {
  const presets = path.resolve(__dirname, '../../public/presets');
  return JSON.parse(
    execFileSync(blsim, ['--preset', preset, '--presets', presets, '--manifest-at', String(at)], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    }),
  ) as unknown;
}
