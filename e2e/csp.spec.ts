// The built site under the Content-Security-Policy that docs/teaching.md ("Hosting") tells a
// course to send (issue 16): the app, a run, the embed path and the lessons index report no
// violation. The preview server sends no policy of its own, so the header is added here to
// every response, as a host would.
import { test, expect } from './fixtures';

const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'";

test('the built site runs under the documented CSP with zero violations', async ({ lab, page }) => {
  await page.route('**/*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'content-security-policy': CSP, 'x-content-type-options': 'nosniff' },
    });
  });
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) console.push(m.text());
  });
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  await lab.open('#v=1&flows.count=4');
  expect(await lab.runUntil(2)).toBeGreaterThanOrEqual(2);
  expect(await violations()).toEqual([]);
  // The charts draw (scripts, styles and the worker all allowed).
  await expect
    .poll(async () => Math.max(0, ...Object.values(await lab.charts()).map((c) => c.points)))
    .toBeGreaterThan(0);

  // The embed path: embed.html redirects with embed.js to the app in embed mode.
  await page.goto('/embed.html#v=1&view.panels=charts&view.charts=queue');
  await expect(page).toHaveURL(/\?embed=1#v=1/);
  await page.waitForFunction(() => window.__bl !== undefined);
  await page.evaluate(() => window.__bl!.ready());
  await lab.runUntil(1);
  expect(await violations()).toEqual([]);

  await page.goto('/#lessons');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // The lessons' lazily loaded style sheet and scripts arrive after the heading: wait for them,
  // so they are checked too and no fetch of this test's route handler outlives the test (one did
  // in CI and failed the next test with "route.fetch: Test ended").
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
  expect(console).toEqual([]);
  await page.unrouteAll({ behavior: 'wait' });
});
