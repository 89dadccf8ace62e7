// @vitest-environment happy-dom
import type { TraderFeedRejectsAnswer, TraderSettings } from '@gamehall/shared/api/sportsbook-trader';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import sportsbook from '../../locales/en/sportsbook.json';
import { alerts as alertsIn, button as buttonIn, click, setUpDom, type } from '../../test/dom';
import { feedRejectsQuery, saveSettings, settingsQuery } from './api';
import { SettingsPage } from './settings-page';

// The book's settings in a DOM: the cash-out margin is shown and typed in percent and sent in ppm,
// alone when it is the only change; a value outside 0-50 % is refused beside the field, unsent. Below
// them, the feed messages the book rejected: a count per source and the newest with their reasons.

vi.mock('./api', async (original) => {
  const actual = await original<typeof import('./api')>();
  return {
    ...actual,
    saveSettings: vi.fn(async (body: Partial<TraderSettings>) => ({ ...SETTINGS, ...body })),
    // A save invalidates the settings and the page reads them again: from the test, not from a
    // server the DOM would try at localhost:3000.
    settingsQuery: { ...actual.settingsQuery, queryFn: async () => SETTINGS },
  };
});
const save = vi.mocked(saveSettings);

const SETTINGS: TraderSettings = {
  maxPayout: 10_000_000,
  maxStakePerMarket: 1_000_000,
  maxStakePerEvent: 2_000_000,
  maxLiabilityPerMarket: 5_000_000,
  minStake: 100,
  inPlayDelayMs: 5_000,
  bigBet: 100_000,
  timeZone: 'Asia/Manila',
  cashOutMarginPpm: 50_000,
  currency: 'PHP',
  simulator: {
    density: { tennis: 2 },
    leaguesOff: ['bb-kba'],
    leagues: [
      { id: 'fb-kpd', name: 'Kapuluan Premier Division', sport: 'football' },
      { id: 'bb-kba', name: 'Kapuluan Basketball Association', sport: 'basketball' },
      { id: 'tn-amo', name: 'Amihan Open', sport: 'tennis' },
      { id: 'cf-slw', name: 'San Liwayway Grand Derby', sport: 'cockfight' },
    ],
    changesAt: null,
  },
};

const dom = setUpDom({ sportsbook });
beforeEach(() => save.mockClear());

const NO_REJECTS: TraderFeedRejectsAnswer = { sources: [], rejects: [] };

async function render(rejects = NO_REJECTS) {
  // The settings as read: fresh, so the page asks no server for them.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(settingsQuery.queryKey, SETTINGS);
  client.setQueryData(feedRejectsQuery.queryKey, rejects);
  await dom.render(createElement(QueryClientProvider, { client }, createElement(SettingsPage)));
  const input = dom.host().querySelector<HTMLInputElement>('input[name="cashOutMargin"]');
  if (!input) throw new Error('no cash-out margin field');
  return input;
}

describe('the sportsbook settings', () => {
  it('shows the cash-out margin in percent and sends it in ppm', async () => {
    const input = await render();
    expect(input.value).toBe('5');
    expect(dom.host().textContent).toContain('Cash-out margin (%)');
    await type(input, '2.5');
    await click(buttonIn(dom.host(), 'Save'));
    expect(save).toHaveBeenCalledWith({ cashOutMarginPpm: 25_000 });
  });

  it('refuses a cash-out margin outside 0 to 50 % without sending', async () => {
    const input = await render();
    await type(input, '60');
    await click(buttonIn(dom.host(), 'Save'));
    expect(alertsIn(dom.host())).toContain('A percentage from 0 to 50');
    expect(save).not.toHaveBeenCalled();
  });

  it("shows the simulator's plan and sends only what changed", async () => {
    await render();
    const form = dom.host().querySelector<HTMLFormElement>('form[aria-label="Simulated fixtures"]')!;
    expect(form.textContent).toContain('Kapuluan Premier Division');
    const select = (sport: string) => form.querySelector<HTMLSelectElement>(`select[name="density.${sport}"]`);
    expect(select('tennis')!.value).toBe('2');
    expect(select('football')!.value).toBe('1');
    // A derby is one pit: no rounds to choose, only on or off.
    expect(form.querySelector('[data-testid="sb-sim-cockfight"]')!.textContent).toContain('San Liwayway Grand Derby');
    expect(select('cockfight')).toBeNull();
    const box = (id: string) => form.querySelector<HTMLInputElement>(`input[name="league"][value="${id}"]`)!;
    expect(box('bb-kba').checked).toBe(false);
    // Nothing changed: nothing sent.
    await click(buttonIn(form, 'Save'));
    expect(save).not.toHaveBeenCalled();
    select('football')!.value = '3';
    await click(box('fb-kpd'));
    await click(buttonIn(form, 'Save'));
    expect(save).toHaveBeenCalledWith({ simulator: { density: { football: 3 }, leaguesOff: ['fb-kpd', 'bb-kba'] } });
  });

  it('lists the rejected feed messages with their reasons, and counts them per source', async () => {
    await render({
      sources: [{ source: 'acme-data', invalid: 7, errors: 2, lastAt: '2026-11-26T10:00:00.000Z' }],
      rejects: [
        {
          id: '9',
          at: '2026-11-26T10:00:00.000Z',
          source: 'acme-data',
          seq: 42,
          kind: 'invalid',
          reason: 'markets.0.selections.0.odds1000: Too small',
        },
      ],
    });
    expect(dom.host().textContent).toContain('Rejected feed messages');
    expect(dom.host().querySelector('[data-testid="sb-feed-reject-counts"]')!.textContent).toContain(
      'acme-data: 7 invalid, 2 failed',
    );
    const rows = dom.host().querySelectorAll('[data-testid="sb-feed-reject"]');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('42');
    expect(rows[0]!.textContent).toContain('Invalid message');
    expect(rows[0]!.textContent).toContain('markets.0.selections.0.odds1000: Too small');
  });

  it('says so when no feed message was rejected', async () => {
    await render();
    expect(dom.host().textContent).toContain('No feed message has been rejected.');
  });
});
