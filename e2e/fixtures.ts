// Page object for Bottleneck Lab: opens the app and talks to the typed test hook
// (window.__bl) so tests wait on simulated time instead of sleeping.
import { test as base, expect, type Page } from '@playwright/test';
import type { Manifest, ParamChange, Summary } from '../web/src/params/types';
import type { ChartStat } from '../web/src/app/testHook';

export class Lab {
  constructor(readonly page: Page) {}

  /** Opens the app (optionally with a query and a hash) and waits until a run exists. */
  async open(hash = '', query = ''): Promise<void> {
    await this.page.goto(`/${query}${hash}`);
    await this.page.waitForFunction(() => window.__bl !== undefined);
    await this.page.evaluate(() => window.__bl!.ready());
  }

  runUntil(t: number): Promise<number> {
    return this.page.evaluate((x) => window.__bl!.runUntil(x), t);
  }
  waitFor(t: number): Promise<number> {
    return this.page.evaluate((x) => window.__bl!.waitFor(x), t);
  }
  now(): Promise<number> {
    return this.page.evaluate(() => window.__bl!.now());
  }
  status(): Promise<string> {
    return this.page.evaluate(() => window.__bl!.status());
  }
  runId(): Promise<number> {
    return this.page.evaluate(() => window.__bl!.runId());
  }
  columns(): Promise<string[]> {
    return this.page.evaluate(() => window.__bl!.columns());
  }
  series(name: string): Promise<number[]> {
    return this.page.evaluate((n) => window.__bl!.series(n), name);
  }
  summary(): Promise<Summary> {
    return this.page.evaluate(() => window.__bl!.summary());
  }
  manifest(): Promise<Manifest | null> {
    return this.page.evaluate(() => window.__bl!.manifest());
  }
  marks(): Promise<ParamChange[]> {
    return this.page.evaluate(() => window.__bl!.marks());
  }
  notices(): Promise<string[]> {
    return this.page.evaluate(() => window.__bl!.notices());
  }
  charts(): Promise<Record<string, ChartStat>> {
    return this.page.evaluate(() => window.__bl!.charts());
  }

  /** Sum over flows of the mean of a per-flow metric over [t0, t1] of simulated time. */
  async flowSum(metric: string, t0: number, t1: number): Promise<number> {
    return this.page.evaluate(
      ([m, a, b]) => {
        const bl = window.__bl!;
        let sum = 0;
        for (let i = 0; bl.columns().includes(`flow.${i}.${m}`); i++)
          sum += bl.mean(`flow.${i}.${m}`, a as number, b as number);
        return sum;
      },
      [metric, t0, t1] as const,
    );
  }

  /** Mean over flows of a per-flow metric over [t0, t1]. */
  async flowMean(metric: string, t0: number, t1: number): Promise<number> {
    const cols = await this.columns();
    const n = cols.filter((c) => /^flow\.\d+\.cwnd$/.test(c)).length;
    return (await this.flowSum(metric, t0, t1)) / n;
  }
}

/**
 * Opens the header's "More" menu (sharing and export, instructor and research tools, display)
 * unless it is open: the items there wait one click on the first screen.
 */
export async function openMore(page: Page): Promise<void> {
  const more = page.getByRole('button', { name: 'More', exact: true });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
}

export const test = base.extend<{ lab: Lab }>({
  lab: async ({ page }, use) => {
    await use(new Lab(page));
  },
});
export { expect };
