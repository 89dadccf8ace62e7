// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../lib/session-token';
import cashier from '../../locales/en/cashier.json';
import { setUpDom, until } from '../../test/dom';
import { NoPayingAccountNotice } from './withdrawal-page';

// The withdrawal page's notice, against a stand-in for the brand's accounts: a brand with no active
// account that pays withdrawals is told what to set up, with a link to Brand bank accounts; a brand
// with one reads nothing.

const dom = setUpDom({ cashier });
let accounts: { id: number; pays: boolean; active: boolean }[] = [];

beforeEach(() => {
  saveToken('operator-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL) => {
      const url = new URL(String(input));
      const found = url.pathname === '/admin/cashier/houseAccounts';
      return new Response(
        JSON.stringify(
          found
            ? { success: true, value: { list: accounts } }
            : { success: false, code: 'NOT_FOUND', message: url.pathname },
        ),
        { status: found ? 200 : 404, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await dom.render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(MemoryRouter, null, createElement(NoPayingAccountNotice)),
    ),
  );
  await until(() => expect(client.isFetching()).toBe(0));
}

describe('the withdrawal page without a paying account', () => {
  it('says what to set up, with a link to the brand bank accounts', async () => {
    accounts = [{ id: 1, pays: true, active: false }];
    await render();
    await until(() => expect(dom.host().querySelector('[data-testid=no-paying-account]')).not.toBeNull());
    expect(dom.host().textContent).toContain('cannot be marked paid');
    expect(dom.host().querySelector('a')?.getAttribute('href')).toBe('/cashier/house-accounts');
  });

  it('says nothing when an active account pays withdrawals', async () => {
    accounts = [{ id: 2, pays: true, active: true }];
    await render();
    expect(dom.host().querySelector('[data-testid=no-paying-account]')).toBeNull();
  });
});
