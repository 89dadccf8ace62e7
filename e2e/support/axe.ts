import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { settleAnimations } from './browser';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeResult = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };

/**
 * Runs axe-core on the page (or the element a selector names) once finite animations have ended,
 * and returns its serious and critical violations as `rule (target; target)` lines for an
 * assertion message. An empty list is the pass. A finding is confirmed by a second scan a moment
 * later: on a loaded machine a scan can land between two renders (a list being replaced, a badge
 * fading in), and only what stays on screen is what a reader meets.
 */
export async function seriousAxeViolations(page: Page, selector?: string): Promise<string[]> {
  const first = await axeScan(page, selector);
  if (first.length === 0) return first;
  await page.waitForTimeout(1_000);
  const second = await axeScan(page, selector);
  const rule = (finding: string) => finding.split(' ')[0];
  const firstRules = new Set(first.map(rule));
  return second.filter((finding) => firstRules.has(rule(finding)));
}

async function axeScan(page: Page, selector?: string): Promise<string[]> {
  await settleAnimations(page);
  // Evaluated through the DevTools protocol, not as a <script> tag: the site's Content-Security-Policy
  // (rightly) blocks inline scripts it has no hash for.
  await page.evaluate(axeSource);
  return page.evaluate(async (scope) => {
    const axe = (window as unknown as { axe: { run: (ctx: Element | Document) => Promise<AxeResult> } }).axe;
    const context = scope ? document.querySelector(scope) : document;
    if (!context) throw new Error(`axe: nothing matches ${scope}`);
    const result = await axe.run(context);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
  }, selector ?? null);
}
