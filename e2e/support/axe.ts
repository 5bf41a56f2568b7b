/** axe-core on the page as it is now, as every spec runs it. */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs every axe rule on the page and expects no violation; a failure lists each violated rule with
 * the elements that break it, after `label` (which screen or state this is).
 *
 * Two settings change how long it takes, not what is checked: axe runs in the page itself (legacy
 * mode; the default runs it in parts and finishes in a second, blank page, which took as long again;
 * the only thing legacy mode leaves out is cross-origin frames, which Trelli has none of), and only
 * violations are gathered in full (passes and the rest are summed up by axe, not listed node by node).
 */
export async function expectNoAxeViolations(page: Page, label = page.url(), within?: string) {
  // The page at rest: a toast fading out is half-transparent, and its contrast is not what a parent reads.
  // Endless animations (a spinner) are left running.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page });
  // `within`: one part of a page other work shares (a CSS selector); the whole page otherwise.
  if (within) builder.include(within);
  const results = await builder
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(
    results.violations.map((violation) => `${label}: ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
