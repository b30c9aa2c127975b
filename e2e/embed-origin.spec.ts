// Embed messages (issue 16): only the parent window may command an embedded page and, when the
// embed code names the host origin (&host=), only from that origin; replies go to that origin;
// numbers must be numbers. Another frame on the same host page is refused.
import type { Frame, Page } from '@playwright/test';
import { test, expect } from './fixtures';

const PORT = process.env.BL_E2E_PORT ?? 4173;
const HOST_ORIGIN = `http://localhost:${PORT}`;
const HASH = '#v=1&duration=300&exoLoss.kind=none&exoLoss.steps=~&view.speed=5&view.panels=controls,charts';

async function frameOf(page: Page, id: string): Promise<Frame> {
  const frame = (await (await page.waitForSelector(`#${id}`)).contentFrame())!;
  await frame.waitForFunction(() => window.__bl !== undefined);
  await frame.evaluate(() => window.__bl!.ready());
  return frame;
}

test('host messages: the parent is obeyed, a sibling frame and a wrong origin are not', async ({ page, baseURL }) => {
  const src = (host: string) => `${baseURL}?embed=1&host=${encodeURIComponent(host)}${HASH}`.replace(/&/g, '&amp;');
  await page.goto(`${HOST_ORIGIN}/presets/xqm-dumbbell.json`);
  await page.setContent(`<!doctype html><title>Course</title>
    <iframe id="lab" src="${src(HOST_ORIGIN)}" width="800" height="400"></iframe>
    <iframe id="strict" src="${src('https://course.example')}" width="800" height="400"></iframe>
    <iframe id="sibling" srcdoc="<script>window.sendTo = (id, m) => parent.document.getElementById(id).contentWindow.postMessage(m, '*');</script>"></iframe>
    <script>
      window.msgs = [];
      window.addEventListener('message', (e) => window.msgs.push({ from: e.source === document.getElementById('lab').contentWindow ? 'lab' : 'other', data: e.data }));
      window.sendTo = (id, m) => document.getElementById(id).contentWindow.postMessage(m, '*');
    </script>`);
  const lab = await frameOf(page, 'lab');
  const strict = await frameOf(page, 'strict');
  const sibling = (await (await page.waitForSelector('#sibling')).contentFrame())!;
  const set = (value: unknown) => ({ type: 'bottleneck-lab:set', param: 'flows.exoLoss', value });
  const results = () =>
    page.evaluate(() =>
      (
        window as unknown as { msgs: { from: string; data: { type: string; ok?: boolean; message?: string } }[] }
      ).msgs.filter((m) => m.data.type === 'bottleneck-lab:result'),
    );
  const marks = (f: Frame) => f.evaluate(() => window.__bl!.marks().map((m) => m.label));

  // Another frame of the host page (same origin as the host) sends a change: ignored, no reply.
  await sibling.evaluate(
    (m) => (window as unknown as { sendTo: (id: string, m: object) => void }).sendTo('lab', m),
    set(0.05),
  );
  // The parent sends a number as text: refused with a reply naming the field.
  await page.evaluate(
    (m) => (window as unknown as { sendTo: (id: string, m: object) => void }).sendTo('lab', m),
    set('0.05'),
  );
  // The parent sends a number: applied, and the reply comes back to the parent.
  await page.evaluate(
    (m) => (window as unknown as { sendTo: (id: string, m: object) => void }).sendTo('lab', m),
    set(0.03),
  );
  await expect.poll(() => marks(lab)).toEqual(['exogenous loss 0% -> 3%']);
  await expect.poll(results).toEqual([
    {
      from: 'lab',
      data: {
        type: 'bottleneck-lab:result',
        ok: false,
        request: 'bottleneck-lab:set',
        message: 'Exogenous loss (flows): expected a number, got text',
      },
    },
    { from: 'lab', data: { type: 'bottleneck-lab:result', ok: true, request: 'bottleneck-lab:set' } },
  ]);

  // An embed whose code names another host origin ignores this page's messages altogether.
  await page.evaluate(
    (m) => (window as unknown as { sendTo: (id: string, m: object) => void }).sendTo('strict', m),
    set(0.04),
  );
  await page.evaluate(
    (m) => (window as unknown as { sendTo: (id: string, m: object) => void }).sendTo('lab', m),
    set(0.01),
  );
  await expect.poll(() => marks(lab)).toEqual(['exogenous loss 0% -> 3%', 'exogenous loss 3% -> 1%']);
  expect(await marks(strict)).toEqual([]);
  expect((await results()).filter((r) => r.from !== 'lab')).toEqual([]);
});

// Issue 28, item 8: `&host=course.example` (no scheme) was read as "no host named", so the
// embed answered any parent. A host that is not a valid origin refuses every host message and
// tells the instructor why.
test('an embed whose host= is not a valid origin answers no host, and says why', async ({ page, baseURL }) => {
  const src = (host: string) => `${baseURL}?embed=1&host=${encodeURIComponent(host)}${HASH}`.replace(/&/g, '&amp;');
  await page.goto(`${HOST_ORIGIN}/presets/xqm-dumbbell.json`);
  await page.setContent(`<!doctype html><title>Course</title>
    <iframe id="lab" src="${src(HOST_ORIGIN)}" width="800" height="400"></iframe>
    <iframe id="bad" src="${src('course.example')}" width="800" height="400"></iframe>
    <script>
      window.msgs = [];
      window.addEventListener('message', (e) => window.msgs.push({ from: e.source === document.getElementById('bad').contentWindow ? 'bad' : 'lab', data: e.data }));
      window.sendTo = (id, m) => document.getElementById(id).contentWindow.postMessage(m, '*');
    </script>`);
  const lab = await frameOf(page, 'lab');
  const bad = await frameOf(page, 'bad');
  const send = (id: string, value: number) =>
    page.evaluate(
      ([i, v]) =>
        (window as unknown as { sendTo: (id: string, m: object) => void }).sendTo(i as string, {
          type: 'bottleneck-lab:set',
          param: 'flows.exoLoss',
          value: v,
        }),
      [id, value] as const,
    );
  const marks = (f: Frame) => f.evaluate(() => window.__bl!.marks().map((m) => m.label));
  await send('bad', 0.04);
  // A message to the valid embed after it: once that one is applied, the first was delivered too.
  await send('lab', 0.01);
  await expect.poll(() => marks(lab)).toEqual(['exogenous loss 0% -> 1%']);
  expect(await marks(bad)).toEqual([]);
  const fromBad = await page.evaluate(() =>
    (window as unknown as { msgs: { from: string }[] }).msgs.filter((m) => m.from === 'bad'),
  );
  expect(fromBad).toEqual([]); // no reply and no height report to a parent it cannot name
  await expect
    .poll(() => bad.evaluate(() => window.__bl!.errors().join('\n')))
    .toMatch(/host=: "course\.example" is not a web address.*messages from the host page are refused/);
});
