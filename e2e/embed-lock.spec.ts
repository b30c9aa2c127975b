// An embed with a lock list, inside a course page on another origin: locked parameters are
// refused through the control, through postMessage and through the URL; an unlocked one applies;
// the page reports its height to the host.
import type { Frame, Page } from '@playwright/test';
import { test, expect, openMore } from './fixtures';

const EMBED_HASH =
  '#v=1&duration=300&exoLoss.kind=none&exoLoss.steps=~&view.speed=5&unlock=flows.exoLoss&view.panels=controls,charts,flows';

// The course page: on another origin than the app's 127.0.0.1, a local one (Chromium does not
// let a public page frame a local server). Any small file of the server is opened at
// localhost and its document replaced by the course page.
const HOST = `http://localhost:${process.env.BL_E2E_PORT ?? 4173}/presets/xqm-dumbbell.json`;

async function openHost(page: Page, baseURL: string): Promise<Frame> {
  const src = `${baseURL}?embed=1${EMBED_HASH}`;
  await page.goto(HOST);
  await page.setContent(`<!doctype html><title>Week 3</title><h1>Week 3: queues</h1>
      <iframe id="lab" src="${src.replace(/&/g, '&amp;')}" width="900" height="500"></iframe>
      <script>
        window.msgs = [];
        window.addEventListener('message', (e) => { if (e.source === document.getElementById('lab').contentWindow) window.msgs.push(e.data); });
        window.send = (m) => document.getElementById('lab').contentWindow.postMessage(m, '*');
      </script>`);
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL).origin);
  const frame = (await (await page.waitForSelector('#lab')).contentFrame())!;
  await frame.waitForFunction(() => window.__bl !== undefined);
  await frame.evaluate(() => window.__bl!.ready());
  return frame;
}

type Msg = { type: string; ok?: boolean; message?: string; height?: number };
const msgs = (page: Page) => page.evaluate(() => (window as unknown as { msgs: Msg[] }).msgs);
const send = (page: Page, m: object) =>
  page.evaluate((x) => (window as unknown as { send: (m: object) => void }).send(x), m);

test('a locked embed refuses changes to locked parameters from the UI, the host and the URL', async ({
  page,
  baseURL,
}) => {
  const frame = await openHost(page, baseURL!);
  await frame.evaluate(() => window.__bl!.waitFor(2));
  const runId = await frame.evaluate(() => window.__bl!.runId());

  // The height message reaches the host, with the page's real height.
  await expect
    .poll(async () => (await msgs(page)).filter((m) => m.type === 'bottleneck-lab:height').length)
    .toBeGreaterThan(0);
  // The last height reported is the page's height now (it grows as panels fill in).
  const lastHeight = async () => (await msgs(page)).filter((m) => m.type === 'bottleneck-lab:height').pop()!.height!;
  const rootHeight = () =>
    frame.evaluate(() => Math.ceil(document.getElementById('root')!.getBoundingClientRect().height));
  await expect.poll(async () => (await lastHeight()) - (await rootHeight())).toBe(0);
  expect(await lastHeight()).toBeGreaterThan(500);

  // UI: the locked link rate is disabled and says why; the unlocked exogenous loss is not.
  const rate = frame.locator('[data-key="live.link.rate"]').first();
  await expect(rate.locator('input[type="text"]')).toBeDisabled();
  await expect(rate).toHaveAttribute(
    'title',
    'Rate (link) is locked by the instructor (only Exogenous loss (flows) may change here)',
  );
  await expect(frame.locator('[data-key="live.flow.weight"] input[type="text"]').first()).toBeDisabled();
  const exo = frame.locator('[data-key="live.flow.exoLoss"]').first();
  await expect(exo.locator('input[type="text"]')).toBeEnabled();
  // The scenario panel cannot be shown in a locked page.
  await expect(frame.getByRole('heading', { name: 'Scenario' })).toHaveCount(0);

  // Host message to a locked parameter: refused, shown, answered.
  await send(page, { type: 'bottleneck-lab:set', param: 'link.rate', value: 2e6 });
  await expect(
    frame.getByTestId('notice').filter({ hasText: 'Rate (link) is locked by the instructor' }),
  ).toBeVisible();
  await expect
    .poll(async () => (await msgs(page)).find((m) => m.type === 'bottleneck-lab:result'))
    .toMatchObject({
      ok: false,
      message: 'Rate (link) is locked by the instructor (only Exogenous loss (flows) may change here)',
    });
  // ... and the test hook's own setParam (the same path as every control) is refused too.
  const direct = await frame.evaluate(() =>
    window.__bl!.setParam('link.bottleneck', 'rate', 2e6).then(
      () => 'applied',
      (e: Error) => e.message,
    ),
  );
  expect(direct).toContain('Rate (link) is locked');
  // An out-of-range value for the unlocked one is refused by the core, naming the field and the range.
  await send(page, { type: 'bottleneck-lab:set', param: 'flows.exoLoss', value: 3 });
  // On the page by the control's label and units (the host's reply keeps the core's words).
  await expect(frame.getByText(/Exogenous loss \(flows\): Allowed: .*0%.*100%/)).toBeVisible();
  expect(await frame.evaluate(() => window.__bl!.marks().length)).toBe(0);

  // Host message to the unlocked parameter: applied live.
  await send(page, { type: 'bottleneck-lab:set', param: 'flows.exoLoss', value: 0.05 });
  await expect
    .poll(() => frame.evaluate(() => window.__bl!.marks().map((m) => m.label)))
    .toEqual(['exogenous loss 0% -> 5%']);
  await expect
    .poll(async () => (await msgs(page)).filter((m) => m.type === 'bottleneck-lab:result' && m.ok).length)
    .toBe(1);
  // Pause and play from the host.
  await send(page, { type: 'bottleneck-lab:pause' });
  await expect.poll(() => frame.evaluate(() => window.__bl!.status())).toBe('paused');
  await send(page, { type: 'bottleneck-lab:play' });
  await expect.poll(() => frame.evaluate(() => window.__bl!.status())).toBe('playing');

  // The URL: a key changing a locked field, or one dropping the lock list, is refused and undone.
  await frame.evaluate(() => {
    location.hash = `${location.hash}&live=1:link.bottleneck:rate:2000000`;
  });
  await expect
    .poll(() => frame.evaluate(() => window.__bl!.errors()))
    .toContain('from the link: Rate (link) is locked by the instructor');
  await frame.evaluate(() => {
    location.hash = `${location.hash}&queue.buffer=20`;
  });
  await expect
    .poll(() => frame.evaluate(() => window.__bl!.errors()))
    .toContain('from the link: Buffer is locked by the instructor');
  await frame.evaluate(() => {
    location.hash = '#v=1&duration=300';
  });
  await expect
    .poll(() => frame.evaluate(() => window.__bl!.errors()))
    .toContain('from the link: What may change here is set by the instructor: a link cannot change it');
  await expect(
    frame
      .getByTestId('notice')
      .filter({ hasText: 'from the link: What may change here is set by the instructor: a link cannot change it' }),
  ).toBeVisible();
  const hash = await frame.evaluate(() => location.hash);
  expect(hash).toContain('unlock=flows.exoLoss');
  expect(hash).not.toContain('link.bottleneck:rate');
  expect(hash).not.toContain('queue.buffer');
  expect(await frame.evaluate(() => window.__bl!.runId())).toBe(runId);

  // A URL changing only the unlocked parameter is applied: the run restarts with it.
  await frame.evaluate(() => {
    location.hash = `${location.hash.replace(/&live=[^&]*/, '')}&live=1:flows:exoLoss:0.02`;
  });
  await expect.poll(() => frame.evaluate(() => window.__bl!.runId())).toBeGreaterThan(runId);
  await frame.evaluate(() => window.__bl!.waitFor(2));
  expect(await frame.evaluate(() => window.__bl!.marks().map((m) => m.label))).toEqual(['exogenous loss 0% -> 2%']);
});

test('the embed builder locks parameters, offers lessons when the site has them, and previews', async ({
  lab,
  page,
}) => {
  await page.route('**/lessons/index.json', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify([{ id: 'red-vs-droptail', title: 'RED vs DropTail', summary: 'Queues', topics: ['aqm'] }]),
    }),
  );
  await lab.open('#v=1&duration=300');
  await openMore(page);
  await page.getByRole('button', { name: 'Get embed code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this simulation' });
  await dialog.getByLabel('Lock parameters').check();
  await dialog.getByLabel('Exogenous loss (flows)').check();
  const code = dialog.getByLabel('Embed code');
  await expect(code).toHaveValue(/unlock=flows\.exoLoss/);
  // Auto height (on by default, 640 px): the page is told its least height.
  await expect(code).toHaveValue(/\?embed=1&amp;auto=640#v=1&amp;duration=300/);
  await dialog.getByLabel('Auto height').check();
  await expect(code).toHaveValue(/bottleneck-lab:height/);
  // The preview is the embed itself, with the lock.
  await expect(dialog.locator('iframe[title="Embed preview"]')).toHaveAttribute('src', /unlock=flows\.exoLoss/);
  // Lessons from the site's index.
  await dialog.getByLabel('Show').selectOption('red-vs-droptail');
  // A lesson is linked as a bare lesson link (the lesson's own first step, not this scenario), with the lock.
  await expect(code).toHaveValue(/\?embed=1&amp;auto=640#lesson=red-vs-droptail&amp;unlock=flows\.exoLoss"/);
});

test('without a lessons index the embed builder offers scenarios only', async ({ lab, page }) => {
  // A site without lessons (a course hosting its own copy may leave them out).
  await page.route('**/lessons/index.json', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await lab.open('#v=1&duration=300');
  await openMore(page);
  await page.getByRole('button', { name: 'Get embed code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this simulation' });
  await expect(dialog.getByTestId('no-lessons')).toBeVisible();
  await expect(dialog.getByLabel('Show').locator('option')).toHaveCount(1);
});
