// @vitest-environment happy-dom
import type { AdminVendor, CatalogueSyncPreview, CatalogueSyncRun } from '@gamehall/shared/api/admin-games';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import games from '../../locales/en/games.json';
import { alerts, button, click, setUpDom, type, until } from '../../test/dom';
import { AddVendorDialog } from './add-vendor-dialog';
import { CatalogueSyncDialog } from './catalogue-sync-dialog';
import { VendorDialog } from './vendor-dialog';

// The Vendors screen's new dialogs against a stand-in for the admin API: the catalogue sync shows
// the provider's changes, applies exactly the change shown (and shows the new one when the list
// moved in between), adding a vendor puts a taken code on the code field, and editing Evolution's
// Games API asks for the token the console never gets back.

const dom = setUpDom({ games });

type Answer = { status: number; body: unknown };
const ok = (value: unknown): Answer => ({ status: 200, body: { success: true, value } });
const refused = (status: number, code: string): Answer => ({
  status,
  body: { success: false, code, message: code },
});

/** The requests the dialogs made, oldest first, and what the stand-in answers each path with, in turn. */
let asked: { method: string; path: string; body: unknown }[];
function stubApi(answers: Record<string, Answer[]>) {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL, init: RequestInit) => {
      const path = new URL(String(input)).pathname;
      const method = init.method ?? 'GET';
      asked.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[`${method} ${path}`]?.shift() ?? refused(404, 'NOT_FOUND');
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

async function render(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await dom.render(createElement(QueryClientProvider, { client }, element));
}

const body = () => document.body;
const testId = (id: string) => body().querySelector(`[data-testid="${id}"]`);
const text = (id: string) => testId(id)?.textContent ?? '';

const vendor = {
  code: 'CALETA',
  name: 'Caleta Gaming',
  integration: { gamesApi: { url: 'https://api.example', operatorId: 1, subPartnerId: null } },
} as unknown as AdminVendor;

const preview = (digest: string, over: Partial<CatalogueSyncPreview> = {}): CatalogueSyncPreview => ({
  code: 'CALETA',
  digest: digest.repeat(64),
  listed: 120,
  skipped: 2,
  add: [],
  update: [],
  hold: [],
  release: [],
  unchanged: 114,
  ...over,
});

const game = { category: 'slots', gameType: 'RNG' as const, imageUrl: null, rtp: 96 };
const full = preview('a', {
  add: [
    { ...game, gameCode: 'g1', name: 'Gold Rush', enabled: true },
    { ...game, gameCode: 'g2', name: 'Cold Night', enabled: false },
  ],
  update: [{ nodeId: 3, gameCode: 'g3', name: 'Fruit Party', changes: [{ field: 'rtp', from: '95.5', to: '96.1' }] }],
  hold: [
    { nodeId: 4, gameCode: 'g4', name: 'Old Reels', reason: 'disabled' },
    { nodeId: 5, gameCode: 'g5', name: 'Gone Slot', reason: 'removed' },
  ],
  release: [{ nodeId: 6, gameCode: 'g6', name: 'Back Again' }],
});

const run: CatalogueSyncRun = {
  id: 9,
  at: '2026-11-26T09:00:00.000Z',
  by: 'alice',
  added: 2,
  updated: 1,
  held: 2,
  released: 1,
  error: null,
};

const PREVIEW = 'POST /admin/games/vendors/CALETA/catalogue/preview';
const APPLY = 'POST /admin/games/vendors/CALETA/catalogue/apply';
const SYNCS = 'GET /admin/games/vendors/CALETA/catalogue/syncs';

describe('the catalogue sync dialog', () => {
  it('shows what applying would change, and what each part does to the games', async () => {
    stubApi({ [PREVIEW]: [ok(full)], [SYNCS]: [ok({ list: [{ ...run, by: null, error: 'timeout' }] })] });
    await render(createElement(CatalogueSyncDialog, { vendor, onClose: () => {}, onApplied: () => {} }));
    await until(() => expect(testId('catalogue-sync-totals')).not.toBeNull());
    expect(text('catalogue-sync-totals')).toContain('120');
    expect(text('catalogue-sync-dialog')).toContain(
      'To apply: 2 added, 1 changed, 2 taken out of play, 1 back in play.',
    );
    expect(text('catalogue-sync-add')).toContain('Added to the catalogue as active games');
    expect(text('catalogue-sync-add')).toContain('Slots (RNG) · provider category slots');
    expect(text('catalogue-sync-add').match(/Off at the provider: added in maintenance/g)).toHaveLength(1);
    expect(text('catalogue-sync-update')).toContain('RTP: 95.5 % → 96.1 %');
    expect(text('catalogue-sync-hold')).toContain('Switched off by the provider: into maintenance');
    expect(text('catalogue-sync-hold')).toContain('No longer listed: hidden');
    expect(text('catalogue-sync-release')).toContain('Back Again');
    await until(() => expect(text('catalogue-sync-history')).toContain('by the schedule: not applied: timeout'));
  });

  it('offers no apply when nothing would change', async () => {
    stubApi({ [PREVIEW]: [ok(preview('b'))], [SYNCS]: [ok({ list: [] })] });
    await render(createElement(CatalogueSyncDialog, { vendor, onClose: () => {}, onApplied: () => {} }));
    await until(() => expect(testId('catalogue-sync-nothing')).not.toBeNull());
    expect(testId('catalogue-sync-apply')).toBeNull();
    await until(() => expect(text('catalogue-sync-history')).toContain('No sync yet.'));
  });

  it('applies the change shown; when the list moved, it shows the new change to apply instead', async () => {
    const moved = preview('c', { release: [{ nodeId: 6, gameCode: 'g6', name: 'Back Again' }] });
    stubApi({
      [PREVIEW]: [ok(full), ok(moved)],
      [APPLY]: [refused(409, 'CATALOGUE_SYNC_CHANGED'), ok({ ...run, added: 0, updated: 0, held: 0 })],
      [SYNCS]: [ok({ list: [] }), ok({ list: [] })],
    });
    const applied: string[] = [];
    let closed = 0;
    await render(
      createElement(CatalogueSyncDialog, {
        vendor,
        onClose: () => closed++,
        onApplied: (line: string) => applied.push(line),
      }),
    );
    await until(() => expect(testId('catalogue-sync-apply')).not.toBeNull());
    await click(testId('catalogue-sync-apply') as HTMLElement);
    await until(() => expect(testId('catalogue-sync-changed')).not.toBeNull());
    await until(() => expect(testId('catalogue-sync-add')).toBeNull());
    expect(text('catalogue-sync-release')).toContain('Back Again');
    expect(closed).toBe(0);
    await click(testId('catalogue-sync-apply') as HTMLElement);
    await until(() => expect(closed).toBe(1));
    expect(asked.filter((r) => r.path.endsWith('/apply')).map((r) => r.body)).toEqual([
      { digest: 'a'.repeat(64) },
      { digest: 'c'.repeat(64) },
    ]);
    expect(applied).toEqual([
      'Catalogue of Caleta Gaming synced: 0 added, 0 changed, 0 taken out of play, 1 back in play.',
    ]);
  });

  it("shows why the provider's list could not be read, and asks again on request", async () => {
    stubApi({
      [PREVIEW]: [refused(502, 'CATALOGUE_SYNC_UNAVAILABLE'), ok(preview('d'))],
      [SYNCS]: [ok({ list: [] })],
    });
    await render(createElement(CatalogueSyncDialog, { vendor, onClose: () => {}, onApplied: () => {} }));
    await until(() => expect(alerts(body()).join()).toContain("The provider's game list could not be read"));
    expect(testId('catalogue-sync-apply')).toBeNull();
    await click(button(body(), 'Try again'));
    await until(() => expect(testId('catalogue-sync-nothing')).not.toBeNull());
  });
});

describe('the add vendor dialog', () => {
  const field = (name: string) =>
    body().querySelector<HTMLInputElement>(`[data-testid="vendor-add-dialog"] [name="${name}"]`);

  it('sends the new vendor and puts a taken code on the code field', async () => {
    stubApi({ 'POST /admin/games/vendors': [refused(409, 'VENDOR_EXISTS')] });
    const added: AdminVendor[] = [];
    await render(createElement(AddVendorDialog, { open: true, onClose: () => {}, onAdded: (v) => added.push(v) }));
    await type(field('code') as HTMLInputElement, 'new_prov');
    await type(field('name') as HTMLInputElement, 'New Provider');
    await type(field('launchUrl') as HTMLInputElement, 'https://games.example/launch');
    await click(button(body(), 'Add vendor'));
    await until(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.body).toEqual({
      code: 'NEW_PROV',
      name: 'New Provider',
      protocol: 'gamehall',
      launchUrl: 'https://games.example/launch',
    });
    await until(() => expect(alerts(body())).toEqual(['A vendor with this code already exists']));
    expect(field('code')?.getAttribute('aria-invalid')).toBe('true');
    expect(added).toEqual([]);
  });

  it('checks the fields before sending', async () => {
    stubApi({});
    await render(createElement(AddVendorDialog, { open: true, onClose: () => {}, onAdded: () => {} }));
    await type(field('code') as HTMLInputElement, '1AB');
    await type(field('launchUrl') as HTMLInputElement, 'http://games.example');
    await click(button(body(), 'Add vendor'));
    await until(() => expect(alerts(body())).toHaveLength(3));
    expect(asked).toEqual([]);
  });
});

describe("the vendor dialog's Games API", () => {
  const evolutionVendor = {
    code: 'EVO',
    name: 'Evolution',
    status: 'active',
    maintenanceUntil: null,
    providerFeePpm: 0,
    sort: 3,
    gameCount: 0,
    activeGameCount: 0,
    listedGameCount: 0,
    integration: {
      enabled: true,
      walletMode: 'seamless',
      currency: 'USD',
      launchUrl: 'https://evo.example/launch',
      allowedIps: [],
      protocol: 'evolution',
      providerPublicKey: null,
      gamesApi: { url: 'https://evo.example', casinoKey: 'casino_1', apiTokenSet: true },
      operatorPublicKey: null,
      catalogueSyncHours: null,
      lastCatalogueSync: null,
      updatedAt: '2026-11-26T09:00:00.000Z',
    },
  } as AdminVendor;
  const PUT = 'PUT /admin/games/vendors/EVO';
  const field = (name: string) => body().querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const protocolSelect = () => {
    const label = [...body().querySelectorAll('label')].find((l) => l.textContent === 'Wallet protocol');
    return body().querySelector<HTMLSelectElement>(`select[id="${label?.htmlFor}"]`) as HTMLSelectElement;
  };
  const pick = async (select: HTMLSelectElement, value: string) => {
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
  };

  it('keeps the saved token unless the settings change, and then asks for it before sending', async () => {
    stubApi({ [PUT]: [ok(evolutionVendor)] });
    let closed = 0;
    await render(createElement(VendorDialog, { vendor: evolutionVendor, onClose: () => closed++ }));
    expect(field('apiToken')?.type).toBe('password');
    expect(field('apiToken')?.autocomplete).toBe('off');
    expect(text('vendor-games-api-evolution')).toContain('A token is saved and is kept');
    expect(testId('vendor-games-api-caleta')).toBeNull();
    expect(testId('vendor-catalogue-schedule')).toBeNull();
    await type(field('casinoKey') as HTMLInputElement, 'casino_2');
    await click(button(body(), 'Save'));
    expect(alerts(body())).toEqual(['Required']);
    expect(asked).toEqual([]);
    await type(field('apiToken') as HTMLInputElement, 'tok-12345678');
    await click(button(body(), 'Save'));
    await until(() => expect(closed).toBe(1));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.body).toMatchObject({
      protocol: 'evolution',
      gamesApi: { url: 'https://evo.example', casinoKey: 'casino_2', apiToken: 'tok-12345678' },
    });
  });

  it('sends no Games API when its fields are left as they are', async () => {
    stubApi({ [PUT]: [ok(evolutionVendor)] });
    await render(createElement(VendorDialog, { vendor: evolutionVendor, onClose: () => {} }));
    await click(button(body(), 'Save'));
    await until(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.body).not.toHaveProperty('gamesApi');
    expect(asked[0]?.body).not.toHaveProperty('catalogueSyncHours');
  });

  it("shows the other protocol's empty fields on a change of protocol, and says what saving drops", async () => {
    stubApi({});
    await render(createElement(VendorDialog, { vendor: evolutionVendor, onClose: () => {} }));
    expect(testId('vendor-protocol-change')).toBeNull();
    await pick(protocolSelect(), 'caleta');
    expect(testId('vendor-games-api-evolution')).toBeNull();
    expect(field('caletaUrl')?.value).toBe('');
    expect(field('operatorId')?.value).toBe('');
    expect(text('vendor-protocol-change')).toContain('removes the Evolution One Wallet Games API settings');
    await pick(protocolSelect(), 'evolution');
    expect(field('casinoKey')?.value).toBe('casino_1');
    expect(testId('vendor-protocol-change')).toBeNull();
  });
});
