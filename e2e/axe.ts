// axe-core over a page, as the accessibility tests run it: WCAG 2.1 A and AA rules (or the rules
// named), violations only, described by rule, impact, help and the first elements that break it.
//
// Run with axe.run() in the page (AxeBuilder's legacy mode; same-origin frames, such as the embed
// builder's preview, are still tested) and asking for violations only: AxeBuilder's default runs
// axe in each frame, sends every pass and its elements to the test process and aggregates them in
// a blank page it opens for the purpose. On the main page that took 5.2 s of the test process's
// CPU and a new renderer per check; docs/testing.md has the numbers.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeScope {
  /** Rule ids to run instead of the WCAG 2.1 A/AA tags. */
  rules?: string[];
  /** A selector: only what is inside it is checked. */
  include?: string;
  /** Only violations of these impacts are returned (default: all). */
  impacts?: string[];
}

/** axe's violations on the page now, one line each ("id (impact): help: target | target"). */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  let b = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  b = scope.rules ? b.withRules(scope.rules) : b.withTags(WCAG_AA);
  if (scope.include) b = b.include(scope.include);
  const r = await b.analyze();
  return r.violations
    .filter((v) => !scope.impacts || scope.impacts.includes(v.impact ?? ''))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** Serious or critical WCAG 2.1 A/AA violations (the bar every page of the app is held to). */
export const seriousViolations = (page: Page, include?: string): Promise<string[]> =>
  axeViolations(page, { include, impacts: ['serious', 'critical'] });
