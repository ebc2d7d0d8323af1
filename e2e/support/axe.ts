import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

/*
 * Accessibility checks with axe-core, injected by hand: @axe-core/playwright 4.11+ needs Node 22, and
 * the engine itself is one browser script. page.evaluate runs it through the DevTools protocol, which
 * the app's Content-Security-Policy (no inline or eval'd script) does not block.
 */
const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    axe: { run: (context: Document, options: object) => Promise<AxeResults> };
  }
}

export interface AxeOptions {
  /** Impacts that fail the check (issue 8: serious and critical). */
  impacts?: readonly string[];
  /** WCAG tag sets to run; by default WCAG 2.x A and AA plus axe's best practices. */
  tags?: readonly string[];
}

/** Runs axe on the whole page and returns the violations of the given impacts. */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<Result[]> {
  const impacts = options.impacts ?? ['serious', 'critical'];
  const tags = options.tags ?? ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (runTags) => window.axe.run(document, { runOnly: { type: 'tag', values: runTags }, resultTypes: ['violations'] }),
    [...tags],
  );
  return results.violations.filter((violation) => impacts.includes(violation.impact ?? ''));
}

/** A readable summary for a failing assertion: rule, impact, and the first few offending elements. */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join('\n  ')}`,
    )
    .join('\n');
}
