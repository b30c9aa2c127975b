// The core's WebAssembly, fetched gzipped and compiled while it arrives. blcore.wasm is about
// 1 MB and a third of that gzipped; static hosts and `vite preview` send .wasm uncompressed, which
// on a 1.6 Mb/s phone link is 4 s before the first chart can move. So the build ships
// blcore.wasm.gz (scripts/build-wasm.sh). The worker's entry (sim.worker.ts) fetches it as soon as
// it runs and inflates it with the browser's DecompressionStream, feeding the inflated bytes to
// WebAssembly.compileStreaming as they come: the module is compiled while it downloads, not after.
// A host that labels the .gz file `Content-Encoding: gzip` has the browser inflate it already:
// the bytes then start with WebAssembly's magic number and are used as they are. A browser
// without DecompressionStream (before Safari 16.4, Firefox 113) fetches the plain module instead.

const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];
const GZIP_MAGIC = [0x1f, 0x8b];

function startsWith(b: Uint8Array, magic: number[]): boolean {
  return b.length >= magic.length && magic.every((x, i) => b[i] === x);
}

async function fetchOk(url: string, fetchFn: typeof fetch): Promise<Response> {
  const r = await fetchFn(url, { credentials: 'same-origin' });
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r;
}

/** The first `n` bytes of a stream (fewer if it ends first), and a stream of all of it, those bytes included. */
async function peek(body: ReadableStream<Uint8Array>, n: number): Promise<[Uint8Array, ReadableStream<Uint8Array>]> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let have = 0;
  let done = false;
  while (have < n && !done) {
    const r = await reader.read();
    if (r.done) done = true;
    else {
      chunks.push(r.value);
      have += r.value.length;
    }
  }
  const head = new Uint8Array(Math.min(n, have));
  let at = 0;
  for (const c of chunks) {
    if (at >= head.length) break;
    const part = c.subarray(0, head.length - at);
    head.set(part, at);
    at += part.length;
  }
  const whole = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      if (done) controller.close();
    },
    async pull(controller) {
      const r = await reader.read();
      if (r.done) controller.close();
      else controller.enqueue(r.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return [head, whole];
}

/** A Response that compileStreaming takes (it requires the WebAssembly media type), over `body`. */
function asWasm(body: ReadableStream<Uint8Array> | null): Response {
  return new Response(body, { headers: { 'Content-Type': 'application/wasm' } });
}

/**
 * The module as a Response whose body streams its bytes as they arrive: from `gzUrl`, inflated
 * here or by the host, or from `plainUrl` where the browser has no DecompressionStream.
 */
export async function wasmResponse(gzUrl: string, plainUrl: string, fetchFn: typeof fetch = fetch): Promise<Response> {
  if (typeof DecompressionStream !== 'function') return asWasm((await fetchOk(plainUrl, fetchFn)).body);
  const r = await fetchOk(gzUrl, fetchFn);
  const [head, body] = await peek(r.body ?? new Blob([]).stream(), 4);
  if (startsWith(head, WASM_MAGIC)) return asWasm(body);
  if (!startsWith(head, GZIP_MAGIC)) {
    void body.cancel();
    const hex = [...head].map((x) => x.toString(16).padStart(2, '0')).join(' ');
    throw new Error(`${gzUrl}: neither gzip nor WebAssembly (starts ${hex || 'empty'})`);
  }
  // (A stream of Uint8Array is one of BufferSource, which is what DecompressionStream takes.)
  return asWasm((body as ReadableStream<BufferSource>).pipeThrough(new DecompressionStream('gzip')));
}

/** Compiles the module while its bytes arrive, or from all of them where the browser cannot stream. */
export async function compileWasm(res: Response): Promise<WebAssembly.Module> {
  if (typeof WebAssembly.compileStreaming === 'function') return WebAssembly.compileStreaming(res);
  return WebAssembly.compile(await res.arrayBuffer());
}
