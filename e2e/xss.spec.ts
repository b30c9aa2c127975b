// Script injection through a link (issue 28, item 1): compare mode's labels ("A: ...", "B: ...")
// name the field and the value the link sets, and the Jain chart's tooltip once built its HTML
// from them. Each link here ran script when the pointer was over that chart. The page is served
// WITHOUT any Content-Security-Policy (the test server sends none and index.html has no policy
// meta tag; checked below), so nothing but the page itself stands between the link and a sink:
// a tooltip or label that parsed the text as HTML would run it and fail this test.
import { test, expect } from './fixtures';

const LINKS = [
  // <style onload=alert(1)> in B's label.
  '#v=1&compare=name:%3Cstyle%20onload%3Dalert(1)%3E',
  // Two fields: A's label opens the attribute and a comment, B's closes them and sets a global.
  "#v=1&name=%3Cstyle%20onload%3D'%2F*&compare=name:*%2Fwindow.__xss%3Dorigin'%3E",
];

for (const hash of LINKS) {
  test(`${hash}: hovering the Jain chart shows the labels as text and runs nothing`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1600 });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    const response = await page.goto(`/${hash}`);
    // No policy protects this page: the header is absent and there is no policy meta tag.
    expect(response!.headers()['content-security-policy']).toBeUndefined();
    expect(await page.locator('meta[http-equiv]').count()).toBe(0);

    await page.waitForFunction(() => window.__bl?.compare() != null);
    await page.evaluate(() => window.__bl!.compare()!.runUntil(3));
    const chart = page.locator('[data-chart="compare-jain"]');
    await expect(chart).toBeVisible();
    // A pointer over the plot, at a few places, so the tooltip is drawn with both labels.
    const box = (await chart.locator('canvas').first().boundingBox())!;
    for (const fx of [0.3, 0.6, 0.9]) await page.mouse.move(box.x + box.width * fx, box.y + box.height / 2);
    const tip = chart.locator('.chart-tip');
    await expect(tip).toBeVisible();
    // Give any injected handler the frames it would need to run, then check that nothing ran
    // and that the tooltip holds no element a link wrote.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))),
    );
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.locator('style[onload]').count()).toBe(0);
    expect(await tip.locator('style, script, img, iframe, svg').count()).toBe(0);
    // The labels are in the tooltip as the very characters of the link.
    const b = decodeURIComponent(hash.slice(hash.indexOf('compare=name:') + 'compare=name:'.length));
    await expect(tip).toContainText(`B: Name = ${b}`);
    expect(errors).toEqual([]);
  });
}
