// @vitest-environment happy-dom
import type { TraderSettings } from '@gamehall/shared/api/sportsbook-trader';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import sportsbook from '../../locales/en/sportsbook.json';
import { alerts as alertsIn, button as buttonIn, click, setUpDom, type } from '../../test/dom';
import { saveSettings, settingsQuery } from './api';
import { SettingsPage } from './settings-page';

// The book's settings in a DOM: the cash-out margin is shown and typed in percent and sent in ppm,
// alone when it is the only change; a value outside 0-50 % is refused beside the field, unsent.

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  saveSettings: vi.fn(async (body: Partial<TraderSettings>) => ({ ...SETTINGS, ...body })),
}));
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
};

const dom = setUpDom({ sportsbook });
beforeEach(() => save.mockClear());

async function render() {
  // The settings as read: fresh, so the page asks no server for them.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(settingsQuery.queryKey, SETTINGS);
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
});
