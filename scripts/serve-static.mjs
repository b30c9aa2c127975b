// The browser tests' web server (playwright.config.ts): the built site in dist/, file for file,
// as a static host serves it, and nothing else. `vite preview` compressed every response as it
// went out (each test opens the app afresh: 26 s of the suite's CPU, docs/testing.md); here the
// files go out as they are, since the tests and the server share one machine. Like `vite
// preview` it asks browsers to revalidate (Cache-Control: no-cache) and answers / and any folder
// with its index.html.
//   node scripts/serve-static.mjs [--dir dist] [--host 127.0.0.1] [--port 4173]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const root = path.resolve(opt('--dir', 'dist'));
const host = opt('--host', '127.0.0.1');
const port = Number(opt('--port', 4173));
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`serve-static: --port must be an integer in 1..65535, got ${opt('--port')}`);
  process.exit(2);
}
if (!fs.existsSync(path.join(root, 'index.html'))) {
  console.error(
    `serve-static: ${root} has no index.html (build the site first: npx vite build --config web/vite.config.ts)`,
  );
  process.exit(2);
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.gz': 'application/gzip',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};

/** The file a request's path names inside root (a folder: its index.html), or null. */
function fileOf(urlPath) {
  let p;
  try {
    p = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const full = path.resolve(root, `.${p}`);
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  try {
    const st = fs.statSync(full);
    if (st.isFile()) return full;
    if (st.isDirectory()) {
      const index = path.join(full, 'index.html');
      return fs.statSync(index).isFile() ? index : null;
    }
  } catch {
    /* not there */
  }
  return null;
}

const server = http.createServer((req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const file = fileOf(new URL(req.url ?? '/', 'http://x').pathname);
  if (!file) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
    return;
  }
  const size = fs.statSync(file).size;
  res.writeHead(200, {
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Content-Length': size,
    'Cache-Control': 'no-cache',
  });
  if (req.method === 'HEAD') res.end();
  else fs.createReadStream(file).pipe(res);
});
server.listen(port, host, () => console.log(`serve-static: ${root} at http://${host}:${port}/`));
