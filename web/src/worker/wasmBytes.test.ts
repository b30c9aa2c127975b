// Fetching the core gzipped and compiling it as it arrives: inflated here, used as is when the
// host inflated it, the plain module without DecompressionStream, a clear error for anything else,
// and a module compiled from a body that comes in pieces.
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileWasm, wasmResponse } from './wasmBytes';

// The smallest valid module with something in it: one exported function `f` returning 42.
// magic, version 1; type section: () -> i32; function section: 1 function of type 0; export
// section: "f" = function 0; code section: i32.const 42, end.
const MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f, 0x03, 0x02, 0x01, 0x00,
  0x07, 0x05, 0x01, 0x01, 0x66, 0x00, 0x00, 0x0a, 0x06, 0x01, 0x04, 0x00, 0x41, 0x2a, 0x0b,
]);

/** A body sent `size` bytes at a time, as a network delivers it. */
function pieces(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) c.close();
      else {
        c.enqueue(bytes.slice(at, at + size));
        at += size;
      }
    },
  });
}

function server(files: Record<string, Uint8Array>, chunk = 3) {
  const asked: string[] = [];
  const fetchFn = (async (url: string) => {
    asked.push(url);
    const body = files[url];
    return body ? new Response(pieces(body, chunk)) : new Response('missing', { status: 404 });
  }) as unknown as typeof fetch;
  return { asked, fetchFn };
}

const bytesOf = async (r: Response) => [...new Uint8Array(await r.arrayBuffer())];

afterEach(() => vi.unstubAllGlobals());

describe('wasmResponse', () => {
  it('inflates the gzipped module, as a WebAssembly response', async () => {
    const s = server({ 'c.wasm.gz': gzipSync(MODULE) });
    const r = await wasmResponse('c.wasm.gz', 'c.wasm', s.fetchFn);
    expect(r.headers.get('Content-Type')).toBe('application/wasm');
    expect(await bytesOf(r)).toEqual([...MODULE]);
    expect(s.asked).toEqual(['c.wasm.gz']);
  });
  it('keeps every byte when the first pieces are shorter than the magic number', async () => {
    for (const chunk of [1, 2, 5, 1000]) {
      const s = server({ 'c.wasm.gz': gzipSync(MODULE) }, chunk);
      expect(await bytesOf(await wasmResponse('c.wasm.gz', 'c.wasm', s.fetchFn))).toEqual([...MODULE]);
    }
  });
  it('uses the bytes as they are when the host already inflated them', async () => {
    const s = server({ 'c.wasm.gz': MODULE });
    expect(await bytesOf(await wasmResponse('c.wasm.gz', 'c.wasm', s.fetchFn))).toEqual([...MODULE]);
  });
  it('names the file and its first bytes when it is neither', async () => {
    const s = server({ 'c.wasm.gz': new TextEncoder().encode('<!doctype html>') });
    await expect(wasmResponse('c.wasm.gz', 'c.wasm', s.fetchFn)).rejects.toThrow(
      'c.wasm.gz: neither gzip nor WebAssembly (starts 3c 21 64 6f)',
    );
  });
  it('says so when the file is empty', async () => {
    const s = server({ 'c.wasm.gz': new Uint8Array(0) });
    await expect(wasmResponse('c.wasm.gz', 'c.wasm', s.fetchFn)).rejects.toThrow(
      'c.wasm.gz: neither gzip nor WebAssembly (starts empty)',
    );
  });
  it('says the HTTP status of a missing file', async () => {
    const s = server({});
    await expect(wasmResponse('c.wasm.gz', 'c.wasm', s.fetchFn)).rejects.toThrow('c.wasm.gz: HTTP 404');
  });
  it('fetches the plain module where the browser cannot inflate', async () => {
    vi.stubGlobal('DecompressionStream', undefined);
    const s = server({ 'c.wasm': MODULE });
    const r = await wasmResponse('c.wasm.gz', 'c.wasm', s.fetchFn);
    expect(r.headers.get('Content-Type')).toBe('application/wasm');
    expect(await bytesOf(r)).toEqual([...MODULE]);
    expect(s.asked).toEqual(['c.wasm']);
  });
});

describe('compileWasm', () => {
  const run = async (m: WebAssembly.Module) => ((await WebAssembly.instantiate(m)).exports.f as () => number)();
  it('compiles the inflated stream as it arrives', async () => {
    const s = server({ 'c.wasm.gz': gzipSync(MODULE) }, 2);
    expect(await run(await compileWasm(await wasmResponse('c.wasm.gz', 'c.wasm', s.fetchFn)))).toBe(42);
  });
  it('compiles from the whole body where the browser cannot stream', async () => {
    vi.stubGlobal('WebAssembly', Object.create(WebAssembly, { compileStreaming: { value: undefined } }));
    const s = server({ 'c.wasm.gz': gzipSync(MODULE) });
    const m = await compileWasm(await wasmResponse('c.wasm.gz', 'c.wasm', s.fetchFn));
    vi.unstubAllGlobals();
    expect(await run(m)).toBe(42);
  });
});
