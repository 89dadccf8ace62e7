// e2e: beside console-desk
// Outside game providers in the console (docs/game-providers.md), against local simulators of them
// that this spec starts (apps/server/src/test/*-simulator.ts): an operator adds a Caleta-protocol
// aggregator, makes its key pair and reads the public key to send, pastes the provider's key, its
// Games API, the allow list and switches it on; syncs the catalogue, reading the diff before it
// applies; adds Evolution with its own fields and the authToken the rotation shows. A member then
// plays a round of a synced game through the provider's launch and wallet calls, and the operator
// opens the provider's details of that round from the member's rounds. At a phone's width (390 px)
// the vendors page and its dialogs fit the window. One page throughout.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import type { Locator, Page } from 'playwright-core';
import { CaletaSimulator } from '../../../apps/server/src/test/caleta-simulator';
import { EvolutionSimulator } from '../../../apps/server/src/test/evolution-simulator';
import { solvedChallenge } from '../../support/api';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { type ConsoleOperator, consoleSignIn, createOperator } from '../../support/console';
import { baseUrl } from '../../support/env';
import { call, operatorPost } from '../../support/site';

let page: Page;
useBrowser(undefined, async (chromium) => {
  page = await newPage(chromium);
});

const suffix = Date.now().toString(36).slice(-6).toUpperCase();
const caleta = { code: `CAL${suffix}`, name: `Caleta ${suffix}` };
const evolution = { code: `EVO${suffix}`, name: `Evolution ${suffix}` };
/** The provider's games: a slot and a live table, filed under RNG and LIVE. */
const GAMES = [
  { game_id: 1, game_code: `c${suffix}-slot`, name: `Sun Slot ${suffix}`, category: 'Video Slots', enabled: true },
  { game_id: 2, game_code: `c${suffix}-live`, name: `Live Wheel ${suffix}`, category: 'Live', enabled: true },
];
const UNIT = 100_000;

let operator: ConsoleOperator;
let caletaSim: CaletaSimulator;
let evolutionSim: EvolutionSimulator | undefined;
const member = { id: 0, token: '' };
const round = `r-${suffix}`;

before(async () => {
  operator = await createOperator('prov', ['games.read', 'games.write', 'members.read']);
  caletaSim = await CaletaSimulator.start(`${baseUrl()}/providers/caleta/${caleta.code}`);
  caletaSim.games = GAMES;
});

after(async () => {
  await caletaSim?.close();
  await evolutionSim?.close();
});

async function openVendors() {
  await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href$="/games/vendors"]').click();
  await page.getByRole('heading', { level: 1, name: 'Vendors', exact: true }).waitFor();
}

const row = (code: string) => page.getByTestId(`vendor-row-${code}`);
const dialog = () => page.getByRole('dialog');

async function axeClean(screen: string) {
  assert.deepEqual(await seriousAxeViolations(page), [], `${screen}: no serious axe violation`);
  await screenshot(page, `providers-${screen}`);
}

/** Add vendor: code, name, protocol and the address its games open at without a Games API. */
async function addVendor(vendor: { code: string; name: string }, protocol: string) {
  await page.getByTestId('vendor-add').click();
  const form = page.getByTestId('vendor-add-dialog');
  await form.getByRole('textbox', { name: 'Code' }).fill(vendor.code);
  await form.getByRole('textbox', { name: 'Name' }).fill(vendor.name);
  await form.getByRole('combobox', { name: 'Wallet protocol' }).selectOption({ label: protocol });
  await form.getByRole('textbox', { name: 'Launch address' }).fill(`${caletaSim.url}/launch`);
  await form.getByRole('button', { name: 'Add vendor' }).click();
  await page
    .getByTestId('vendors-notice')
    .filter({ hasText: `(${vendor.code})` })
    .waitFor();
  await row(vendor.code).waitFor();
}

/** A row action confirmed, and the value the dialog then hands over (a key to send, a secret). */
async function handedOver(code: string, action: string): Promise<string> {
  await row(code).getByRole('button', { name: action }).click();
  await dialog().getByRole('button', { name: action }).click();
  const value = dialog().locator('output');
  await value.waitFor();
  const text = await value.innerText();
  await dialog().getByRole('button', { name: 'Close', exact: true }).last().click();
  await dialog().waitFor({ state: 'detached' });
  return text;
}

async function openVendor(code: string): Promise<Locator> {
  await row(code).getByRole('button', { name: 'Edit' }).click();
  const d = dialog();
  await d.waitFor();
  return d;
}

async function save(d: Locator) {
  await d.getByRole('button', { name: 'Save' }).click();
  await d.waitFor({ state: 'detached' });
}

type AdminVendorView = {
  code: string;
  integration: {
    enabled: boolean;
    currency: string;
    allowedIps: string[];
    protocol: string;
    providerPublicKey: string | null;
    operatorPublicKey: string | null;
    gamesApi: Record<string, unknown> | null;
  };
};

async function vendorNow(code: string): Promise<AdminVendorView> {
  const list = await call<{ list: AdminVendorView[] }>(
    'GET',
    '/admin/games/vendors',
    await page.evaluate(() => sessionStorage.getItem('console.token') ?? ''),
  );
  const found = list.value?.list.find((v) => v.code === code);
  assert.ok(found, `${code} is listed: ${JSON.stringify(list)}`);
  return found;
}

/** Nothing wider than the window: the page does not scroll sideways, and each dialog fits. */
async function fitsWidth(what: string) {
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    const wide = document.documentElement.scrollWidth > width ? [`page ${document.documentElement.scrollWidth}`] : [];
    for (const d of Array.from(document.querySelectorAll('[role=dialog]'))) {
      const box = d.getBoundingClientRect();
      if (box.left >= 0 && box.right <= width && d.scrollWidth <= d.clientWidth + 1) continue;
      // What sticks out, to say what to fix.
      const inner = box.right - Number.parseFloat(getComputedStyle(d).paddingRight);
      const out = Array.from(d.querySelectorAll('*')).filter((el) => el.getBoundingClientRect().right > inner + 1);
      const names = out.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}`);
      wide.push(`dialog ${Math.round(box.left)}..${Math.round(box.right)}: ${names.join(', ')}`);
    }
    return wide;
  });
  assert.deepEqual(overflow, [], `${what} fits 390 px`);
}

test('an operator adds a Caleta-protocol aggregator: key pair, provider key, Games API, allow list, on', async () => {
  await consoleSignIn(page, operator);
  await openVendors();
  await addVendor(caleta, 'Caleta (Hub88-style)');
  // A new vendor's integration is in the brand's currency and open to any address.
  const fresh = await vendorNow(caleta.code);
  assert.deepEqual(fresh.integration.allowedIps, []);
  await row(caleta.code).getByText(`· ${fresh.integration.currency}`).waitFor();

  // The key pair: its public half is shown to send the provider, which then trusts it.
  const publicKey = await handedOver(caleta.code, 'Operator key');
  assert.match(publicKey, /^-----BEGIN PUBLIC KEY-----/);
  caletaSim.operatorPublicKey = publicKey;

  const d = await openVendor(caleta.code);
  await d.getByText(`/providers/caleta/${caleta.code}`).waitFor();
  assert.equal((await d.locator('output').innerText()).trim(), publicKey.trim(), 'the dialog shows the key to send');
  await d.getByLabel("Provider's public key").fill('not a key');
  await d.getByRole('button', { name: 'Save' }).click();
  await d.locator('textarea[aria-invalid=true]').waitFor();
  await d.getByLabel("Provider's public key").fill(caletaSim.providerPublicKey);
  await d.getByRole('textbox', { name: 'Games API address' }).fill(caletaSim.url);
  await d.getByRole('textbox', { name: 'Operator ID' }).fill('7');
  await d.getByRole('textbox', { name: 'Sub-partner ID' }).fill('gamehall');
  await d.getByLabel('IP allow list').fill('127.0.0.1');
  await d.getByLabel('Integration switched on').check();
  await axeClean('caleta-dialog');
  await save(d);

  const saved = await vendorNow(caleta.code);
  assert.deepEqual(
    {
      enabled: saved.integration.enabled,
      allowedIps: saved.integration.allowedIps,
      protocol: saved.integration.protocol,
      gamesApi: saved.integration.gamesApi,
    },
    {
      enabled: true,
      allowedIps: ['127.0.0.1'],
      protocol: 'caleta',
      gamesApi: { url: caletaSim.url, operatorId: 7, subPartnerId: 'gamehall' },
    },
  );
  assert.equal(saved.integration.providerPublicKey?.trim(), caletaSim.providerPublicKey.trim());
  await row(caleta.code).getByText('127.0.0.1').waitFor();
});

test("the catalogue sync shows the provider's games before it applies them", async () => {
  await row(caleta.code).getByRole('button', { name: 'Sync catalogue' }).click();
  const sync = page.getByTestId('catalogue-sync-dialog');
  const added = sync.getByTestId('catalogue-sync-add');
  await added.getByRole('heading', { name: 'New games (2)' }).waitFor();
  for (const g of GAMES) await added.getByText(g.name, { exact: true }).waitFor();
  await added.getByText('provider category Live').waitFor();
  assert.equal(
    caletaSim.calls.filter((c) => c.path === '/api/game/list').every((c) => c.signed),
    true,
    'the list was asked for signed with the operator key',
  );
  await axeClean('sync-preview');
  await sync.getByTestId('catalogue-sync-apply').click();
  await page.getByTestId('vendors-notice').filter({ hasText: '2 added' }).waitFor();
  await row(caleta.code).getByText('2 / 2 / 2').waitFor();
});

test('an operator adds Evolution with its host, casino key and API token, and the authToken to give it', async () => {
  await addVendor(evolution, 'Evolution One Wallet');
  const authToken = await handedOver(evolution.code, 'Rotate secret');
  evolutionSim = await EvolutionSimulator.start(`${baseUrl()}/providers/evolution/${evolution.code}`, authToken);
  const d = await openVendor(evolution.code);
  await d.getByText(`/providers/evolution/${evolution.code}`).waitFor();
  await d.getByRole('textbox', { name: 'Host address' }).fill(evolutionSim.url);
  await d.getByRole('textbox', { name: 'Casino key' }).fill(evolutionSim.casinoKey);
  await d.getByLabel('API token').fill(evolutionSim.apiToken);
  await d.getByLabel('IP allow list').fill('127.0.0.1');
  await d.getByLabel('Integration switched on').check();
  await save(d);
  const saved = await vendorNow(evolution.code);
  assert.deepEqual(saved.integration.gamesApi, {
    url: evolutionSim.url,
    casinoKey: evolutionSim.casinoKey,
    apiTokenSet: true,
  });
  assert.equal(saved.integration.enabled, true);
  // The authToken the console showed is the one Evolution's calls are admitted with: an unknown sid
  // is the player's refusal (200), where a wrong token would be the integration's (401).
  const res = await fetch(`${evolutionSim.walletUrl}/check?authToken=${encodeURIComponent(authToken)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sid: 'unknown', userId: '1', uuid: randomUUID(), channel: { type: 'P' } }),
  });
  assert.equal(res.status, 200);
  assert.equal(((await res.json()) as { status: string }).status, 'INVALID_SID');
  // The token is never shown again; the dialog says one is kept.
  const again = await openVendor(evolution.code);
  assert.equal(await again.getByLabel('API token').inputValue(), '');
  await again.getByText('A token is saved').waitFor();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await again.waitFor({ state: 'detached' });
});

/** A new member through the site's API (the registration is encrypted, as the site sends it). */
async function register(username: string): Promise<{ id: number; token: string }> {
  const keys = (await (await fetch(`${baseUrl()}/wps/system/publicKey`)).json()) as { value: { keys: JWK[] } };
  const key = keys.value.keys[0];
  assert.ok(key, 'the site serves its public key');
  const body = {
    username,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    payeeName: 'Provider Tester',
    challenge: await solvedChallenge(),
    ageConfirmed: true,
    termsAccepted: true,
    privacyAccepted: true,
  };
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(body)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })
    .encrypt(await importJWK(key, 'RSA-OAEP-256'));
  const res = await fetch(`${baseUrl()}/wps/member/register`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', encryption: 'JWE' },
    body: JSON.stringify({ value: jwe }),
  });
  const registered = (await res.json()) as { success: boolean; value?: { token: string } };
  assert.equal(registered.success, true, JSON.stringify(registered));
  const token = registered.value?.token ?? '';
  const info = await call<{ id: number }>('GET', '/wps/member/info', token);
  return { id: info.value?.id ?? 0, token };
}

test("a member plays a synced game through the provider, and the operator opens the provider's record of it", async () => {
  Object.assign(member, await register(`pv${suffix.toLowerCase()}`));
  await operatorPost(`/admin/members/${member.id}/adjustments`, {
    direction: 'credit',
    amount: 100,
    reason: 'Stake for the providers browser test',
    requestId: randomUUID(),
  });
  const slot = GAMES[0]?.game_code ?? '';
  const launch = await call<{ url: string }>('POST', '/wps/game/launchGame', member.token, {
    vassalage: caleta.code,
    gameCode: slot,
  });
  assert.equal(launch.success, true, JSON.stringify(launch));
  const game = await caletaSim.open(launch.value?.url ?? '');
  assert.equal((await game.bet(round, `${round}-b`, 5 * UNIT)).body.status, 'RS_OK');
  assert.equal((await game.win(round, `${round}-b`, `${round}-w`, 12 * UNIT)).body.status, 'RS_OK');

  await page.goto(`/console/members/${member.id}?tab=rounds`);
  const details = page.getByRole('button', { name: `Provider's details of round ${round}` });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), details.click()]);
  await tab.waitForURL(`${caletaSim.url}/round/${round}/${member.id}`);
  await tab.close();
  await openVendors();
  const asked = caletaSim.calls.find((c) => c.path === '/api/game/round');
  assert.deepEqual(asked?.body, { operator_id: 7, sub_partner_id: 'gamehall', round, user: String(member.id) });
  assert.equal(asked?.signed, true);
});

test('at 390 px the vendors page and its dialogs fit the window', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await row(caleta.code).waitFor();
  await fitsWidth('the vendors page');
  await openVendor(caleta.code);
  await fitsWidth("the Caleta integration's dialog");
  await screenshot(page, 'providers-phone-caleta');
  await dialog().getByRole('button', { name: 'Cancel' }).click();
  await openVendor(evolution.code);
  await fitsWidth("Evolution's dialog");
  await dialog().getByRole('button', { name: 'Cancel' }).click();
  await row(caleta.code).getByRole('button', { name: 'Sync catalogue' }).click();
  await page.getByTestId('catalogue-sync-nothing').waitFor();
  await fitsWidth('the sync dialog');
  await dialog().getByRole('button', { name: 'Close', exact: true }).last().click();
  await page.getByTestId('vendor-add').click();
  await fitsWidth('the add dialog');
  await screenshot(page, 'providers-phone-add');
});
