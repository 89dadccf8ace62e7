// e2e: beside own-accounts
// Tickets in the browser (spec §1 prize wheel, red envelope, golden egg): "My tickets" is
// in the member menu; a new member earns one ticket of each kind from a deposit and opens them. Each
// plays its own animation (drawn in SVG, no emoji) and ends on the prize the server drew: the wheel
// stops with the drawn segment under the pointer, the envelope's card and the egg show the drawn
// prize, and the prize line says the same as the server's record. With reduced motion the wheel is
// at once where it ends. Only the account it registers itself; its ticket kinds are granted only by
// deposits of at least 7,777 and switched off again as soon as its own deposit has earned them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { operatorToken } from '../../support/api';
import { newPage, screenshot } from '../../support/browser';
import { PAGE_WAIT_MS } from '../../support/env';
import { depositThroughSandbox, loginFromHeader, markPopupsSeen } from '../../support/player';
import { call, closeMemberPopup, openMemberEntry, registerFromModal, tokenOf } from '../../support/site';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();
const stamp = Date.now().toString(36).slice(-7);
const username = `tkt${stamp}`;
const password = 'Secret123';
const DEPOSIT_MIN = 7777;
let page: Page;
let admin = '';

type Kind = { id: number; kind: string; name: string; prizes: { label: string }[] };
type TicketRow = { id: number; kind: string; name: string; state: string; prize: { label: string } | null };
const kinds: Record<'prize_wheel' | 'red_envelope' | 'golden_egg' | 'still_wheel', Kind> = {} as never;

function prizes(prefix: string, n: number) {
  return Array.from({ length: n }, (_, i) => ({
    label: `${prefix} ${i + 1}`,
    type: 'points',
    points: i + 1,
    weight: 1,
  }));
}

async function memberTickets(token: string): Promise<TicketRow[]> {
  const res = await call<{ content: TicketRow[] }>('GET', '/wps/tickets?pageSize=50', token);
  assert.equal(res.success, true, JSON.stringify(res));
  return res.value?.content ?? [];
}

/** The wheel rotor's rotation now, in degrees (clockwise, as drawn). */
function rotorAngle(p: Page): Promise<number> {
  return p.getByTestId('ticket-wheel-rotor').evaluate((el) => {
    const m = new DOMMatrix(getComputedStyle(el).transform);
    return (Math.atan2(m.b, m.a) * 180) / Math.PI;
  });
}

/** The wheel segment under the pointer at 12 o'clock, from the rotor's real end rotation. */
async function segmentUnderPointer(p: Page): Promise<{ index: number; drawn: number; segments: number }> {
  const wheel = p.getByTestId('ticket-wheel');
  const segments = Number(await wheel.getAttribute('data-segments'));
  const drawn = Number(await wheel.getAttribute('data-drawn-index'));
  const angle = await rotorAngle(p);
  const atPointer = (((-angle % 360) + 360) % 360) / (360 / segments);
  return { index: Math.floor(atPointer), drawn, segments };
}

async function openTicketCard(p: Page, name: string) {
  const card = p
    .getByTestId('ticket')
    .filter({ hasText: name })
    .filter({ has: p.getByRole('button', { name: 'Open' }) });
  await card.first().getByRole('button', { name: 'Open' }).click();
}

test('"My tickets" is in the member menu', async () => {
  page = await newPage(browser(), { motion: true });
  await markPopupsSeen(page);
  await registerFromModal(page, { username, password, payeeName: 'Ticket Tester' });
  await closeMemberPopup(page);
  await page.goto('/member/securityCenter');
  await openMemberEntry(page, 'My tickets');
  assert.equal(new URL(page.url()).pathname, '/member/tickets');
  await page.getByTestId('ticket-seed-hash').waitFor();
  await screenshot(page, 'tickets-menu-entry');
});

test('a deposit earns one ticket of each kind', async () => {
  admin = await operatorToken();
  for (const [key, kind, prefix, n] of [
    ['prize_wheel', 'prize_wheel', 'Wheel', 6],
    ['red_envelope', 'red_envelope', 'Envelope', 3],
    ['golden_egg', 'golden_egg', 'Egg', 3],
    ['still_wheel', 'prize_wheel', 'Still', 10],
  ] as const) {
    const name = `E2E ${prefix} ${stamp}`;
    const body = { kind, name, enabled: true, depositMin: DEPOSIT_MIN, prizes: prizes(prefix, n) };
    const res = await call<Kind>('POST', '/admin/tickets/kinds', admin, body);
    assert.equal(res.success, true, JSON.stringify(res));
    kinds[key] = res.value as Kind;
  }
  try {
    await depositThroughSandbox(page, String(DEPOSIT_MIN));
    const token = await tokenOf(page);
    let mine: TicketRow[] = [];
    for (let i = 0; i < 60 && mine.length < 4; i++) {
      mine = (await memberTickets(token)).filter((t) => t.name.endsWith(stamp));
      if (mine.length < 4) await page.waitForTimeout(1000);
    }
    assert.equal(mine.length, 4, 'each kind granted one ticket');
  } finally {
    for (const k of Object.values(kinds)) {
      const { id: _id, ...rest } = k;
      await call('PUT', `/admin/tickets/kinds/${k.id}`, admin, { ...rest, enabled: false });
    }
  }
  await page.goto('/member/tickets');
  await page.getByTestId('ticket').filter({ hasText: kinds.prize_wheel.name }).waitFor();
  // The site's own drawings, never emoji.
  assert.ok((await page.locator('[data-kind-icon]').count()) >= 4);
  assert.doesNotMatch(await page.locator('main').innerText(), /[\u{1F9E7}\u{1F3A1}\u{1F95A}]/u);
  await screenshot(page, 'tickets-list');
});

test('the prize wheel spins and stops with the drawn segment under the pointer', async () => {
  await openTicketCard(page, kinds.prize_wheel.name);
  await page.locator('[data-testid="ticket-opening"][data-state="playing"]').waitFor();
  // It turns: two looks a moment apart see different angles.
  const first = await rotorAngle(page);
  await page.waitForTimeout(400);
  assert.notEqual(await rotorAngle(page), first, 'the wheel is turning');
  await page.locator('[data-testid="ticket-opening"][data-state="done"]').waitFor({ timeout: PAGE_WAIT_MS });
  const { index, drawn, segments } = await segmentUnderPointer(page);
  assert.equal(segments, 6);
  assert.equal(index, drawn, 'the pointer stops on the drawn segment');
  const label = (await page.locator(`[data-testid="ticket-wheel"] [data-segment="${drawn}"] text`).textContent()) ?? '';
  const token = await tokenOf(page);
  const record = (await memberTickets(token)).find((t) => t.name === kinds.prize_wheel.name);
  assert.equal(record?.state, 'opened');
  assert.equal(label, record?.prize?.label);
  await page.getByTestId('ticket-prize').getByText(`${label}:`).waitFor();
  await screenshot(page, 'tickets-wheel-stopped');
});

test('the red envelope opens and its card shows the drawn prize', async () => {
  await openTicketCard(page, kinds.red_envelope.name);
  await page
    .locator('[data-testid="ticket-opening"][data-kind="red_envelope"][data-state="done"]')
    .waitFor({ timeout: PAGE_WAIT_MS });
  const token = await tokenOf(page);
  const record = (await memberTickets(token)).find((t) => t.name === kinds.red_envelope.name);
  assert.equal(record?.state, 'opened');
  const card = page.getByTestId('ticket-envelope').getByTestId('ticket-card-label');
  assert.equal(await card.textContent(), record?.prize?.label);
  // The card has come out of the envelope.
  const rise = await card.evaluate((el) => new DOMMatrix(getComputedStyle(el.parentElement as Element).transform).f);
  assert.ok(rise < -50, `card raised by ${rise}`);
  await page.getByTestId('ticket-prize').getByText(`${record?.prize?.label}:`).waitFor();
  await screenshot(page, 'tickets-envelope-open');
});

test('the golden egg cracks and shows the drawn prize', async () => {
  await openTicketCard(page, kinds.golden_egg.name);
  await page
    .locator('[data-testid="ticket-opening"][data-kind="golden_egg"][data-state="done"]')
    .waitFor({ timeout: PAGE_WAIT_MS });
  const token = await tokenOf(page);
  const record = (await memberTickets(token)).find((t) => t.name === kinds.golden_egg.name);
  assert.equal(record?.state, 'opened');
  const label = page.getByTestId('ticket-egg').getByTestId('ticket-card-label');
  assert.equal(await label.textContent(), record?.prize?.label);
  assert.equal(await label.evaluate((el) => getComputedStyle(el.parentElement as Element).opacity), '1');
  await page.getByTestId('ticket-prize').getByText(`${record?.prize?.label}:`).waitFor();
  await screenshot(page, 'tickets-egg-cracked');
});

test('with reduced motion a ticket opens straight to its end, on the drawn prize', async () => {
  const still = await newPage(browser());
  await markPopupsSeen(still);
  await still.goto('/');
  await loginFromHeader(still, username, password);
  await still.goto('/member/tickets');
  // When the answer arrives (playing) and when the art reaches its end (done): with reduced motion
  // the two are a moment apart, where the spin would take seconds.
  await still.evaluate(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { ticketStates: Record<string, number> }).ticketStates = seen;
    new MutationObserver(() => {
      const state = document.querySelector('[data-testid="ticket-opening"]')?.getAttribute('data-state');
      if (state && !(state in seen)) seen[state] = performance.now();
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
  await openTicketCard(still, kinds.still_wheel.name);
  await still.locator('[data-testid="ticket-opening"][data-state="done"]').waitFor({ timeout: 5_000 });
  const states = await still.evaluate(
    () => (window as unknown as { ticketStates: Record<string, number> }).ticketStates,
  );
  assert.ok(states.done !== undefined && states.done - (states.playing ?? states.done) < 1000, JSON.stringify(states));
  const { index, drawn, segments } = await segmentUnderPointer(still);
  assert.equal(segments, 10);
  assert.equal(index, drawn);
  const record = (await memberTickets(await tokenOf(still))).find((t) => t.name === kinds.still_wheel.name);
  const label = await still.locator(`[data-testid="ticket-wheel"] [data-segment="${drawn}"] text`).textContent();
  assert.equal(label, record?.prize?.label);
  const running = await still.evaluate(
    () =>
      document.getAnimations().filter((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target;
        return target?.closest('[data-testid="ticket-opening"]') && a.playState === 'running';
      }).length,
  );
  assert.equal(running, 0, 'the wheel does not move');
  await screenshot(still, 'tickets-reduced-motion');
  await still.context().close();
});
