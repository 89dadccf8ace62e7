// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import site from '../../locales/en/site.json';
import { alerts as alertsIn, button as buttonIn, click, setUpDom, type } from '../../test/dom';
import { saveBrandSetting } from './api';
import { specOf } from './brand-settings';
import { SettingCard } from './brand-settings-page';

// One setting's card in a DOM: a bad entry shows its message beside the control and sends nothing;
// a good one sends the value the server stores (minor units, a list of rows).

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  saveBrandSetting: vi.fn(async (key: string, value: unknown) => ({ key, value })),
}));
const save = vi.mocked(saveBrandSetting);

const dom = setUpDom({ site });
beforeEach(() => save.mockClear());

async function render(key: string, value: unknown) {
  const client = new QueryClient();
  await dom.render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(SettingCard, { spec: specOf(key, value), value, currency: 'PHP' }),
    ),
  );
}

const button = (name: string) => buttonIn(dom.host(), name);
const alerts = () => alertsIn(dom.host());

describe('a brand setting card', () => {
  it('takes an amount in the currency, refuses three decimals without sending, and sends minor units', async () => {
    await render('agentPayoutHoldThreshold', 5_000_000);
    const input = dom.host().querySelector<HTMLInputElement>('input[name="agentPayoutHoldThreshold"]');
    if (!input) throw new Error('no amount field');
    expect(input.value).toBe('50000.00');
    expect(dom.host().textContent).toContain('PHP');

    await type(input, '1.005');
    await click(button('Save'));
    expect(alerts()).toContain('Enter an amount in PHP with at most two decimals, for example 1,250.50');
    expect(save).not.toHaveBeenCalled();

    await type(input, '2,500.29');
    await click(button('Save'));
    expect(save).toHaveBeenCalledWith('agentPayoutHoldThreshold', 250_029);
  });

  it('adds a row to a list, names the empty cell, and sends the rows once they are filled', async () => {
    await render('chatEntryPoints', [{ code: 'WEB', name: 'Customer service' }]);
    await click(button('Add a row'));
    const cells = dom.host().querySelectorAll<HTMLInputElement>('li[data-row="1"] input');
    expect(cells).toHaveLength(2);
    await click(button('Save'));
    expect(alerts()).toEqual(['Required', 'Required', 'Not saved: 2 entries need fixing.']);
    expect(save).not.toHaveBeenCalled();

    await type(cells[0] as HTMLInputElement, 'VIP');
    await type(cells[1] as HTMLInputElement, 'VIP desk');
    // The new row first.
    const up = dom.host().querySelector<HTMLButtonElement>('button[aria-label="Move row 2 up"]');
    if (!up) throw new Error('no move button');
    await click(up);
    await click(button('Save'));
    expect(save).toHaveBeenCalledWith('chatEntryPoints', [
      { code: 'VIP', name: 'VIP desk' },
      { code: 'WEB', name: 'Customer service' },
    ]);
  });
});
