// Fetching the core gzipped: inflated here, used as is when the host inflated it, the plain
// module without DecompressionStream, and a clear error for anything else.
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wasmBytes } from './wasmBytes';

const MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 42, 7]);

function server(files: Record<string, Uint8Array>) {
  const asked: string[] = [];
  const fetchFn = (async (url: string) => {
    asked.push(url);
    const body = files[url];
    return body ? new Response(new Blob([new Uint8Array(body)])) : new Response('missing', { status: 404 });
  }) as unknown as typeof fetch;
  return { asked, fetchFn };
}

afterEach(() => vi.unstubAllGlobals());

describe('wasmBytes', () => {
  it('inflates the gzipped module', async () => {
    const s = server({ 'c.wasm.gz': gzipSync(MODULE) });
    const b = new Uint8Array(await wasmBytes('c.wasm.gz', 'c.wasm', s.fetchFn));
    expect([...b]).toEqual([...MODULE]);
    expect(s.asked).toEqual(['c.wasm.gz']);
  });
  it('uses the bytes as they are when the host already inflated them', async () => {
    const s = server({ 'c.wasm.gz': MODULE });
    expect([...new Uint8Array(await wasmBytes('c.wasm.gz', 'c.wasm', s.fetchFn))]).toEqual([...MODULE]);
  });
  it('names the file and its first bytes when it is neither', async () => {
    const s = server({ 'c.wasm.gz': new TextEncoder().encode('<!doctype html>') });
    await expect(wasmBytes('c.wasm.gz', 'c.wasm', s.fetchFn)).rejects.toThrow(
      'c.wasm.gz: neither gzip nor WebAssembly (starts 3c 21 64 6f)',
    );
  });
  it('says the HTTP status of a missing file', async () => {
    const s = server({});
    await expect(wasmBytes('c.wasm.gz', 'c.wasm', s.fetchFn)).rejects.toThrow('c.wasm.gz: HTTP 404');
  });
  it('fetches the plain module where the browser cannot inflate', async () => {
    vi.stubGlobal('DecompressionStream', undefined);
    const s = server({ 'c.wasm': MODULE });
    expect([...new Uint8Array(await wasmBytes('c.wasm.gz', 'c.wasm', s.fetchFn))]).toEqual([...MODULE]);
    expect(s.asked).toEqual(['c.wasm']);
  });
});
