// e2e: alone beside
// (it changes the brand's dividend-base settings, which every agent figure and dividend of today
// reads, so it runs after the lanes, beside only the other alone specs, none of which reads an
// agent's figures or a net revenue report; the settings are put back at the end.)
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Page } from 'playwright-core';
import { operatorToken } from '../../support/api';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { consoleSignIn, createOperator } from '../../support/console';
import { call, eventually } from '../../support/site';

// A settled period is frozen (docs/agents.md "Settled periods are frozen"), in Chromium: an operator
// reads the demo's settled dividend of agent01 (its base by branch on the statement page) and the
// net revenue report of its day, then changes every deduction setting of the dividend base in the
// brand settings form (each switch turned over, a 10% provider fee on every vendor played that
// day, a 5% payment fee). Reloaded, the statement's base and the report still say what they said,
// as the statement was settled on; a later period would follow the new settings.

let desk: Page;
useBrowser(undefined, async (chromium) => {
  desk = await newPage(chromium);
});

let adminToken = '';
async function admin<T>(method: string, url: string, body?: unknown): Promise<T> {
  adminToken ||= await operatorToken();
  const result = await call<T>(method, url, adminToken, body);
  assert.equal(result.success, true, `${method} ${url}: ${JSON.stringify(result)}`);
  return result.value as T;
}

type AgentNgr = Record<string, unknown> & { providerFeePpm: Record<string, number>; paymentFeePpm: number };
type Statement = {
  id: number;
  periodStart: string;
  validBets: number;
  deductions: Record<string, number>;
};

let restore: (() => Promise<unknown>) | undefined;
after(async () => {
  await restore?.();
});

/** The switches of the settings card, by their label, in the order the form shows them. */
const SWITCHES: Record<string, string> = {
  bonus: 'Deduct bonus paid as cash and converted bonus',
  rebate: 'Deduct rebates',
  mission: 'Deduct mission cash rewards',
  ticket: 'Deduct ticket cash prizes',
  referral: 'Deduct referral rewards',
  vip: 'Deduct VIP bonuses',
  points: 'Deduct points turned into cash',
  manual: 'Deduct manual balance adjustments',
  manualCorrection: "Corrections count in the agent's base",
  manualGoodwill: "Goodwill counts in the agent's base",
};

test("a settled dividend's base and its day's net revenue keep their figures when every deduction setting changes", async () => {
  // The demo's evening of play was settled as agent01's daily dividend (docs/agents.md "Demo"): the
  // statement with play and with the rebates and missions its members claimed.
  const statements = await admin<{ list: Statement[] }>(
    'GET',
    '/admin/agents/statements?holder=agent01&kind=dividend&sort=id&order=desc&pageSize=50',
  );
  const settled = statements.list
    .filter((s) => s.validBets > 0 && ((s.deductions.rebate ?? 0) > 0 || (s.deductions.mission ?? 0) > 0))
    .at(0);
  assert.ok(settled, `agent01 has no settled dividend with play and house payments: ${JSON.stringify(statements)}`);
  const brand = await admin<{ settings: { key: string; value: unknown }[] }>('GET', '/admin/brand/settings');
  const timeZone = brand.settings.find((s) => s.key === 'timeZone')?.value as string;
  const before = brand.settings.find((s) => s.key === 'agentNgr')?.value as AgentNgr;
  restore = () => admin('PUT', '/admin/brand/settings/agentNgr', { value: before });
  const day = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(settled.periodStart));
  // The reports job sums each day on the scheduler (every two minutes): wait for the day's play.
  let played: string[] = [];
  await eventually(
    async () => {
      const vendors = await admin<{ list: { key: string }[] }>(
        'GET',
        `/admin/reports/ngr?from=${day}&to=${day}&groupBy=vendor&pageSize=100`,
      );
      played = vendors.list.map((v) => v.key);
      return played.length > 0;
    },
    `the net revenue of ${day} by vendor`,
    200_000,
  );

  await consoleSignIn(desk, await createOperator('frozen', ['agents.read', 'reports.read', 'site.write']));
  await desk.setViewportSize({ width: 1440, height: 900 });
  const base = desk.getByRole('table', { name: 'By branch' });
  const readBase = async () => {
    await desk.goto(`/console/agents/statements/${settled.id}`);
    await base.getByRole('row').last().waitFor();
    return {
      headers: await base.getByRole('columnheader').allInnerTexts(),
      team: await base.getByRole('row').last().innerText(),
    };
  };
  const report = desk.getByRole('region', { name: 'Totals' });
  const readReport = async () => {
    await desk.goto(`/console/reports/ngr?from=${day}&to=${day}&groupBy=day`);
    await report.waitFor();
    return report.innerText();
  };
  const statementBase = await readBase();
  for (const kind of ['Rebate', 'Missions'])
    assert.ok(
      statementBase.headers.includes(kind) || (settled.deductions[kind === 'Rebate' ? 'rebate' : 'mission'] ?? 0) === 0,
      `${kind} not in ${statementBase.headers.join(', ')}`,
    );
  const revenue = await readReport();

  // Every deduction setting changes, in the brand settings form.
  await desk.goto('/console/site/settings');
  await desk.getByRole('heading', { level: 1, name: 'Brand settings' }).waitFor();
  const card = desk.locator('form[data-setting="agentNgr"]');
  await card.scrollIntoViewIfNeeded();
  for (const [key, label] of Object.entries(SWITCHES)) {
    const box = card.getByRole('switch', { name: label, exact: true });
    assert.equal(await box.isChecked(), before[key] === true, `${label} shows the setting`);
    await box.setChecked(before[key] !== true);
  }
  // A vendor already listed gets its row changed; the others a row of their own.
  const listed = Object.keys(before.providerFeePpm);
  let added = listed.length;
  for (const vendor of played) {
    let row = listed.indexOf(vendor) + 1;
    if (row === 0) {
      await card.getByRole('button', { name: 'Add a row' }).click();
      row = ++added;
      await card.getByRole('textbox', { name: `Vendor code, row ${row}` }).fill(vendor);
    }
    await card.getByRole('textbox', { name: `Parts per million, row ${row}` }).fill('100000');
  }
  await card.getByRole('textbox', { name: 'Payment fee', exact: true }).fill('50000');
  await card.getByRole('button', { name: 'Save' }).click();
  await card.getByRole('status').filter({ hasText: 'saved' }).waitFor();
  const savedAt = Date.now();
  const now = (
    await admin<{ settings: { key: string; value: unknown }[] }>('GET', '/admin/brand/settings')
  ).settings.find((s) => s.key === 'agentNgr')?.value as AgentNgr;
  for (const key of Object.keys(SWITCHES)) assert.equal(now[key], before[key] !== true, `${key} changed`);
  assert.deepEqual(now.providerFeePpm, {
    ...before.providerFeePpm,
    ...Object.fromEntries(played.map((v) => [v, 100_000])),
  });
  assert.equal(now.paymentFeePpm, 50_000);

  // The settled period reads as it was settled: the statement's base at once, the report once the
  // reports job has summed the day again after the change (it recomputes yesterday every run).
  assert.deepEqual(await readBase(), statementBase);
  await screenshot(desk, 'console-frozen-statement-base');
  await eventually(
    async () => {
      const { refreshedAt } = await admin<{ refreshedAt: string | null }>(
        'GET',
        `/admin/reports/ngr?from=${day}&to=${day}&groupBy=day`,
      );
      return refreshedAt !== null && Date.parse(refreshedAt) > savedAt;
    },
    `the reports job to sum ${day} again`,
    200_000,
  );
  assert.equal(await readReport(), revenue);
});
