// The core's WebAssembly as bytes, fetched gzipped. blcore.wasm is 810 kB and a third of that
// gzipped; static hosts and `vite preview` send .wasm uncompressed, which on a 1.6 Mb/s phone link
// is 4 s before the first chart can move. So the build ships blcore.wasm.gz
// (scripts/build-wasm.sh) and the worker inflates it with the browser's DecompressionStream.
// A host that labels the .gz file `Content-Encoding: gzip` has the browser inflate it already:
// the bytes then start with WebAssembly's magic number and are used as they are. A browser without
// DecompressionStream (before Safari 16.4, Firefox 113) fetches the plain module instead.

const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];
const GZIP_MAGIC = [0x1f, 0x8b];

function startsWith(b: Uint8Array, magic: number[]): boolean {
  return b.length >= magic.length && magic.every((x, i) => b[i] === x);
}

async function fetchBytes(url: string, fetchFn: typeof fetch): Promise<ArrayBuffer> {
  const r = await fetchFn(url, { credentials: 'same-origin' });
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.arrayBuffer();
}

/** The module's bytes from `gzUrl` (inflated here or by the host), or from `plainUrl` without DecompressionStream. */
export async function wasmBytes(gzUrl: string, plainUrl: string, fetchFn: typeof fetch = fetch): Promise<ArrayBuffer> {
  if (typeof DecompressionStream !== 'function') return fetchBytes(plainUrl, fetchFn);
  const buf = await fetchBytes(gzUrl, fetchFn);
  const head = new Uint8Array(buf, 0, Math.min(4, buf.byteLength));
  if (startsWith(head, WASM_MAGIC)) return buf;
  if (!startsWith(head, GZIP_MAGIC)) {
    const hex = [...head].map((x) => x.toString(16).padStart(2, '0')).join(' ');
    throw new Error(`${gzUrl}: neither gzip nor WebAssembly (starts ${hex || 'empty'})`);
  }
  const inflated = new Blob([buf]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(inflated).arrayBuffer();
}
