// Where the time of `npm test` goes, from its printed output: each stage's seconds (and its share),
// then the slowest browser tests and spec files from Playwright's list reporter.
// Usage: npm test 2>&1 | tee test.log; node scripts/test-times.mjs test.log [N slowest, default 20]
import { readFileSync } from 'node:fs';

const [file, nArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/test-times.mjs <npm test log> [N]');
const n = Number(nArg ?? 20);
const text = readFileSync(file, 'utf8');

const stages = [...text.matchAll(/^=== test stage: (.+) passed in (\d+) s$/gm)].map((m) => ({
  name: m[1],
  s: Number(m[2]),
}));
const total = stages.reduce((a, b) => a + b.s, 0);
console.log('| stage | s | share |\n| --- | ---: | ---: |');
for (const { name, s } of stages) console.log(`| ${name} | ${s} | ${((100 * s) / total).toFixed(0)} % |`);
console.log(`| all | ${total} | |`);

// "  ✓  12 e2e/app.spec.ts:97:1 › title (2.0s)" or "(1.2m)"
const tests = [...text.matchAll(/^\s+✓\s+\d+ (e2e\/[^:]+):(\d+):\d+ › (.*) \(([\d.]+)(m?s|m)\)$/gm)].map((m) => ({
  spec: m[1],
  line: m[2],
  title: m[3],
  s: m[5] === 'm' ? Number(m[4]) * 60 : m[5] === 'ms' ? Number(m[4]) / 1000 : Number(m[4]),
}));
if (tests.length) {
  const sum = tests.reduce((a, b) => a + b.s, 0);
  console.log(`\n${tests.length} browser tests, ${sum.toFixed(0)} s of test time in all (spread over the workers)`);
  console.log(`\n| slowest browser tests | s |\n| --- | ---: |`);
  for (const t of [...tests].sort((a, b) => b.s - a.s).slice(0, n))
    console.log(`| ${t.spec}:${t.line} ${t.title.slice(0, 90)} | ${t.s.toFixed(1)} |`);
  const bySpec = new Map();
  for (const t of tests) {
    const e = bySpec.get(t.spec) ?? { s: 0, n: 0 };
    e.s += t.s;
    e.n++;
    bySpec.set(t.spec, e);
  }
  console.log(`\n| spec file | tests | s |\n| --- | ---: | ---: |`);
  for (const [spec, e] of [...bySpec].sort((a, b) => b[1].s - a[1].s).slice(0, n))
    console.log(`| ${spec} | ${e.n} | ${e.s.toFixed(1)} |`);
}
