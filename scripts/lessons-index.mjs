// Writes public/lessons/index.json from the lesson folders (id, title, summary, topics of
// each public/lessons/<id>/lesson.json), in the order of `order` below, then any others by id.
// The lesson tests fail when the index is stale: run `node scripts/lessons-index.mjs`.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../public/lessons/', import.meta.url));
const order = [
  'aimd-sawtooth',
  'rtt-unfairness',
  'red-vs-droptail',
  'exogenous-loss-xqm',
  'weights-sd-lasd-mpat',
  'deadlines-ted',
  'delay-signals-htt-vegas',
  'bufferbloat-codel',
  'cubic-reno-bbr',
  'ecn-dctcp',
  'l4s-low-delay',
  'lte-video-call',
];
const ids = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
ids.sort((a, b) => (order.indexOf(a) + 1 || 1e9) - (order.indexOf(b) + 1 || 1e9) || a.localeCompare(b));
const index = ids.map((id) => {
  const l = JSON.parse(readFileSync(join(dir, id, 'lesson.json'), 'utf8'));
  return { id: l.id, title: l.title, summary: l.summary, topics: l.topics };
});
writeFileSync(join(dir, 'index.json'), JSON.stringify(index, null, 2) + '\n');
console.log(`public/lessons/index.json: ${index.length} lessons`);
