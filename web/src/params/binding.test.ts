// The binding's checks of a loaded core: the functions it calls and the describe version it
// reads are the core's own (abi.h, schema.h), and a module or document that is not is named.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ABI_FUNCTIONS, DESCRIBE_VERSION, describeProblem, missingFunctions } from '../../../wasm-core/js/binding.mjs';

const root = path.resolve(__dirname, '../../..');
const read = (p: string) => readFileSync(path.join(root, p), 'utf8');

/** A module as Emscripten's glue makes it: a function per export, less the ones in `leave`. */
function fakeModule(leave: string[] = []): Record<string, unknown> {
  const m: Record<string, unknown> = {};
  for (const f of ABI_FUNCTIONS) if (!leave.includes(f.slice(1))) m[f] = () => 0;
  return m;
}

describe('what the binding expects of the core', () => {
  it("reads the describe version the core's sources write (schema.h kDescribeVersion)", () => {
    const m = /constexpr int kDescribeVersion = (\d+);/.exec(read('wasm-core/src/sim/schema.h'));
    expect(m, 'kDescribeVersion in wasm-core/src/sim/schema.h').not.toBeNull();
    expect(DESCRIBE_VERSION).toBe(Number(m![1]));
  });
  it('lists every ABI function it calls, each one abi.h declares', () => {
    const used = new Set(
      read('wasm-core/js/binding.mjs')
        .match(/\._bl_[a-z_]+\(/g)!
        .map((s) => s.slice(1, -1)),
    );
    const declared = new Set(read('wasm-core/include/bl/abi.h').match(/\bbl_[a-z0-9_]+(?=\s*\()/g)!);
    expect([...used].sort()).toEqual(ABI_FUNCTIONS.filter((f) => f.startsWith('_bl_')).sort());
    for (const f of used) expect(declared.has(f.slice(1)), `${f} in abi.h`).toBe(true);
  });
  it('the committed describe snapshot passes its check', () => {
    expect(describeProblem(JSON.parse(read('web/test/fixtures/describe.json')))).toBeNull();
  });
});

describe('missingFunctions', () => {
  it('is empty for a module with every function', () => {
    expect(missingFunctions(fakeModule())).toEqual([]);
  });
  it("names what the glue lacks (an older build's glue and .wasm)", () => {
    expect(missingFunctions(fakeModule(['bl_check', 'bl_fluid_steady']))).toEqual(['bl_check', 'bl_fluid_steady']);
  });
  it('names everything for something that is not a module', () => {
    expect(missingFunctions(undefined)).toHaveLength(ABI_FUNCTIONS.length);
  });
});

describe('describeProblem', () => {
  it('refuses another version, naming both', () => {
    expect(describeProblem({ version: 1, groups: { queue: {} } })).toBe(
      `the core describes its parameters in version 1; this page reads version ${DESCRIBE_VERSION}`,
    );
  });
  it('refuses a document without a version (an old core) or without groups', () => {
    expect(describeProblem({ specs: [] })).toContain('version (none)');
    expect(describeProblem({ version: DESCRIBE_VERSION, groups: {} })).toBe('bl_describe lists no parameter groups');
    expect(describeProblem([{ key: 'x' }])).toContain('a list');
    expect(describeProblem(null)).toContain('no document');
  });
});
