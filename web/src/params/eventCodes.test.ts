// The page's event codes (EventKind, DropReason in types.ts) are the core's: read here from the
// C++ enums the tracer writes into a metric block's events (TraceEvent in core/simulation.h,
// DropReason in core/packet.h), so a code the core adds, drops or renumbers fails this test.
// (Summary and Manifest keys: coreKeys.test.ts.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DropReason, EventKind } from './types';

const src = path.resolve(__dirname, '../../../wasm-core/src/core');

/** `enum class NAME : type { A = 1, B = 2 }` in a C++ header, as {A: 1, B: 2}. */
function cppEnum(file: string, name: string): Record<string, number> {
  const text = readFileSync(path.join(src, file), 'utf8');
  const m = new RegExp(`enum class ${name}\\s*:\\s*\\w+\\s*\\{([^}]*)\\}`).exec(text);
  if (!m) throw new Error(`enum class ${name} not found in ${file}`);
  const out: Record<string, number> = {};
  for (const item of m[1]!.split(',')) {
    const kv = /(\w+)\s*=\s*(\d+)/.exec(item);
    if (kv) out[kv[1]!] = Number(kv[2]);
  }
  return out;
}

describe("event codes are the core's", () => {
  it('EventKind: TraceEvent', () => {
    expect({ ...EventKind }).toEqual(cppEnum('simulation.h', 'TraceEvent'));
  });
  it('DropReason: the packet drop reasons (None, 0, is never an event)', () => {
    const { None, ...reasons } = cppEnum('packet.h', 'DropReason');
    expect(None).toBe(0);
    expect({ ...DropReason }).toEqual(reasons);
  });
});
