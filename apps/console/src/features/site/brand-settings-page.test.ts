// @vitest-environment happy-dom
/// <reference lib="dom.iterable" />
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import core from '../../locales/en/core.json';
import site from '../../locales/en/site.json';
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

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { en: { core, site } },
    ns: ['core', 'site'],
    defaultNS: 'core',
    lng: 'en',
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
  });
});

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  save.mockClear();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

async function render(key: string, value: unknown) {
  const client = new QueryClient();
  await act(async () =>
    root.render(
      createElement(
        QueryClientProvider,
        { client },
        createElement(SettingCard, { spec: specOf(key, value), value, currency: 'PHP' }),
      ),
    ),
  );
}

/** Types into a React-controlled input: the native setter, then the input event React listens to. */
async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function click(button: HTMLElement) {
  await act(async () => button.click());
}

function button(name: string): HTMLButtonElement {
  const found = [...host.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

const alerts = () => [...host.querySelectorAll('[role="alert"]')].map((a) => a.textContent);

describe('a brand setting card', () => {
  it('takes an amount in the currency, refuses three decimals without sending, and sends minor units', async () => {
    await render('agentPayoutHoldThreshold', 5_000_000);
    const input = host.querySelector<HTMLInputElement>('input[name="agentPayoutHoldThreshold"]');
    if (!input) throw new Error('no amount field');
    expect(input.value).toBe('50000.00');
    expect(host.textContent).toContain('PHP');

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
    const cells = host.querySelectorAll<HTMLInputElement>('li[data-row="1"] input');
    expect(cells).toHaveLength(2);
    await click(button('Save'));
    expect(alerts()).toEqual(['Required', 'Required', 'Not saved: 2 entries need fixing.']);
    expect(save).not.toHaveBeenCalled();

    await type(cells[0] as HTMLInputElement, 'VIP');
    await type(cells[1] as HTMLInputElement, 'VIP desk');
    // The new row first.
    const up = host.querySelector<HTMLButtonElement>('button[aria-label="Move row 2 up"]');
    if (!up) throw new Error('no move button');
    await click(up);
    await click(button('Save'));
    expect(save).toHaveBeenCalledWith('chatEntryPoints', [
      { code: 'VIP', name: 'VIP desk' },
      { code: 'WEB', name: 'Customer service' },
    ]);
  });
});
