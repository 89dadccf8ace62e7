import assert from 'node:assert/strict';
import { test } from 'node:test';
import { api, solvedChallenge } from '../../support/api';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { baseUrl } from '../../support/env';

// demo01's mobile number in the demo seed.
const COUNTRY_DIALING_CODE = '63';
const MOBILE = '9171234567';

type OutboxEntry = { channel: string; to: string; text: string; code: string | null; createdAt: string };

const browser = useBrowser();

test('the demo outbox page shows an SMS sent through /wps/verification/sms/noLogin', async () => {
  const page = await newPage(browser());
  try {
    const first = await page.goto('/dev/outbox');
    assert.equal(first?.status(), 200);
    const rowsForNumber = page.locator('tbody tr', { hasText: MOBILE });
    assert.equal(await rowsForNumber.count(), 0, 'the outbox of a fresh server holds nothing for demo01 yet');
    await screenshot(page, 'dev-outbox-before');

    const sent = await api('POST', '/wps/verification/sms/noLogin', {
      countryDialingCode: COUNTRY_DIALING_CODE,
      mobileNum: MOBILE,
      challenge: await solvedChallenge(),
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.success, true);
    assert.equal(typeof sent.body.value?.expiredMinutes, 'number');

    const outbox = (await (await fetch(`${baseUrl()}/dev/outbox.json`)).json()) as OutboxEntry[];
    const sms = outbox.find((m) => m.channel === 'sms' && m.to.includes(MOBILE));
    assert.ok(sms, `an SMS to ${MOBILE} in /dev/outbox.json: ${JSON.stringify(outbox)}`);
    assert.match(sms.code ?? '', /^\d{4,8}$/);

    // The page refreshes itself every 3 s (a reload of ours could meet its own refresh half-way).
    const row = page.locator('tbody tr', { hasText: MOBILE });
    await row.first().waitFor({ state: 'visible', timeout: 15_000 });
    assert.equal(await row.count(), 1);
    const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim());
    assert.equal(cells[0], 'sms');
    assert.ok(cells.includes(sms.code ?? ''), `the page shows the code ${sms.code}: ${cells.join(' | ')}`);
  } finally {
    await screenshot(page, 'dev-outbox-after');
    await page.context().close();
  }
});
