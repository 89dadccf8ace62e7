// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type FunctionComponent } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../lib/session-token';
import cashier from '../../locales/en/cashier.json';
import { alerts, button, click, setUpDom, type, until } from '../../test/dom';
import { PaymentProvidersPage } from './payment-providers-page';
import { WithdrawalPage } from './withdrawal-page';

// The payment providers screen and the withdrawal page's payout, against a stand-in for the admin
// API: the server's field errors said in words at their control, going live only once confirmed, and
// a withdrawal a provider is paying offered no second way of paying.

const dom = setUpDom({ cashier });

const xendit = (over: Record<string, unknown> = {}) => ({
  code: 'xendit',
  name: 'Xendit',
  mode: 'test',
  enabled: false,
  payoutsEnabled: false,
  offersPayouts: true,
  apiBaseUrl: null,
  defaultApiBaseUrl: 'https://api.xendit.co',
  webhookUrl: 'https://brand.example/wps/cashier/webhooks/xendit',
  keys: { test: { secretKeyEnd: null, hasWebhookToken: false }, live: { secretKeyEnd: null, hasWebhookToken: false } },
  methods: [{ code: 'GCASH', name: 'GCash', channel: 'PH_GCASH', active: false }],
  webhooks: [],
  updatedAt: null,
  ...over,
});

const withdrawal = (over: Record<string, unknown> = {}) => ({
  reference: 'W-PSP-0001',
  member: { id: 2, username: 'gina' },
  amount: 200,
  currency: 'PHP',
  status: 'approved',
  bankAccount: { bankName: 'BDO Unibank', accountName: 'Gina Cashout', accountNumber: '****1234' },
  reason: null,
  receiptStatus: null,
  receiptForced: false,
  createdAt: new Date().toISOString(),
  paidAt: null,
  payeeMatch: 'unverified',
  payout: null,
  riskLevel: 'normal',
  providerPayout: null,
  ...over,
});

type Answer = { status: number; body: unknown };
const ok = (value: unknown): Answer => ({ status: 200, body: { success: true, value } });
const refused = (status: number, code: string, value?: unknown): Answer => ({
  status,
  body: { success: false, code, message: code, value },
});

let answers: Record<string, (body: unknown) => Answer>;
let sent: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  sent = [];
  saveToken('operator-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (method !== 'GET') sent.push({ method, path: url.pathname, body });
      const answer = answers[`${method} ${url.pathname}`]?.(body) ?? refused(404, 'NOT_FOUND');
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const me = (permissions: string[]) => () =>
  ok({ id: 1, username: 'desk', displayName: 'Desk', permissions, roles: [], idleMinutes: 30 });

async function render(path: string, route: string, page: FunctionComponent) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await dom.render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(
        MemoryRouter,
        { initialEntries: [path] },
        createElement(Routes, null, createElement(Route, { path: route, element: createElement(page) })),
      ),
    ),
  );
}

const form = (name: string) => dom.host().querySelector<HTMLFormElement>(`form[aria-label="${name}"]`) as HTMLElement;
const input = (within: ParentNode, name: string) =>
  within.querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;
const toggle = (label: string) =>
  [...dom.host().querySelectorAll<HTMLInputElement>('input[role="switch"]')].find((i) =>
    i.parentElement?.textContent?.includes(label),
  ) as HTMLInputElement;

describe('the payment providers screen', () => {
  it("says a key of the other mode and a missing mode's keys in words at their control", async () => {
    answers = {
      'GET /admin/session/me': me(['cashier.settings']),
      'GET /admin/cashier/providers': () => ok({ list: [xendit()] }),
      'PUT /admin/cashier/providers/xendit': (body) =>
        (body as { enabled?: boolean }).enabled
          ? refused(400, 'VALIDATION_FAILED', { fields: { enabled: 'KEYS_REQUIRED' } })
          : refused(400, 'VALIDATION_FAILED', { fields: { 'keys.test.secretKey': 'INVALID' } }),
    };
    await render('/', '/', PaymentProvidersPage);
    await until(() => expect(form('Replace the test keys')).not.toBeNull());
    expect(input(dom.host(), 'webhookUrl').value).toBe('https://brand.example/wps/cashier/webhooks/xendit');

    const keys = form('Replace the test keys');
    await type(input(keys, 'secretKey'), 'xnd_production_0123456789abcdef');
    await type(input(keys, 'webhookToken'), 'token-0123456789abcdef');
    await click(button(keys, 'Save test keys'));
    await until(() => expect(alerts(keys)).toEqual(['This is not a test key: test keys start xnd_development_']));
    expect(sent[0]?.body).toEqual({
      keys: { test: { secretKey: 'xnd_production_0123456789abcdef', webhookToken: 'token-0123456789abcdef' } },
    });

    await click(toggle('Provider enabled'));
    await until(() => expect(alerts(dom.host())).toContain("Save this mode's keys first (Test)"));
  });

  it('clears the keys once saved, and goes live only after the operator confirms real money moves', async () => {
    let provider = xendit();
    answers = {
      'GET /admin/session/me': me(['cashier.settings']),
      'GET /admin/cashier/providers': () => ok({ list: [provider] }),
      'PUT /admin/cashier/providers/xendit': (body) => {
        const b = body as { keys?: unknown; mode?: string };
        if (b.keys)
          provider = xendit({ keys: { ...provider.keys, test: { secretKeyEnd: 'cdef', hasWebhookToken: true } } });
        if (b.mode) provider = xendit({ ...provider, mode: b.mode });
        return ok(provider);
      },
    };
    await render('/', '/', PaymentProvidersPage);
    await until(() => expect(form('Replace the test keys')).not.toBeNull());
    const keys = form('Replace the test keys');
    await type(input(keys, 'secretKey'), 'xnd_development_0123456789abcdef');
    await type(input(keys, 'webhookToken'), 'token-0123456789abcdef');
    await click(button(keys, 'Save test keys'));
    await until(() => expect(dom.host().textContent).toContain('The test keys are saved'));
    expect(input(keys, 'secretKey').value).toBe('');
    expect(input(keys, 'webhookToken').value).toBe('');
    await until(() => expect(dom.host().textContent).toContain('…cdef'));

    const live = dom.host().querySelector<HTMLInputElement>('input[type="radio"][value="live"]') as HTMLInputElement;
    await click(live);
    await until(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    expect(dialog.textContent).toContain('Real money moves');
    expect(sent.filter((s) => (s.body as { mode?: string }).mode)).toEqual([]);
    await click(button(dialog, 'Switch to live'));
    await until(() => expect(sent.at(-1)?.body).toEqual({ mode: 'live' }));
  });
});

describe('the withdrawal page with payouts through a provider', () => {
  it('offers no way of paying while the provider is paying, and says where the payout stands', async () => {
    answers = {
      'GET /admin/session/me': me(['cashier.read', 'cashier.approve']),
      'GET /admin/cashier/withdrawals/W-PSP-0001': () =>
        ok({
          order: withdrawal({
            providerPayout: {
              provider: 'xendit',
              mode: 'test',
              channel: 'PH_BDO',
              state: 'sending',
              payoutId: null,
              failure: null,
              requestedAt: new Date().toISOString(),
            },
          }),
          risk: {
            sameBankAccount: [],
            memberIp: null,
            sameIp: [],
            firstWithdrawal: null,
            turnover: { achieved: 0, required: 0 },
          },
        }),
      'GET /admin/cashier/houseAccounts': () => ok({ list: [] }),
      'GET /admin/cashier/images/W-PSP-0001': () => ok({ list: [] }),
    };
    await render('/cashier/withdrawals/W-PSP-0001', '/cashier/withdrawals/:reference', WithdrawalPage);
    await until(() => expect(dom.host().textContent).toContain('Sending through Xendit (test)'));
    const labels = [...dom.host().querySelectorAll('button')].map((b) => b.textContent);
    expect(labels).not.toContain('Mark paid');
    expect(labels).not.toContain('Send through Xendit');
    expect(dom.host().textContent).toContain('PH_BDO, test mode');
  });

  it('sends an approved one through Xendit and says so when its payouts are off', async () => {
    answers = {
      'GET /admin/session/me': me(['cashier.read', 'cashier.approve']),
      'GET /admin/cashier/withdrawals/W-PSP-0001': () =>
        ok({
          order: withdrawal(),
          risk: {
            sameBankAccount: [],
            memberIp: null,
            sameIp: [],
            firstWithdrawal: null,
            turnover: { achieved: 0, required: 0 },
          },
        }),
      'GET /admin/cashier/houseAccounts': () => ok({ list: [] }),
      'GET /admin/cashier/images/W-PSP-0001': () => ok({ list: [] }),
      'POST /admin/cashier/withdrawals/W-PSP-0001/payout': () => refused(404, 'CASHIER_METHOD_UNAVAILABLE'),
    };
    await render('/cashier/withdrawals/W-PSP-0001', '/cashier/withdrawals/:reference', WithdrawalPage);
    await until(() => button(dom.host(), 'Send through Xendit'));
    await click(button(dom.host(), 'Send through Xendit'));
    await until(() => expect(document.querySelector('[role="dialog"]')).not.toBeNull());
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    const gcash = dialog.querySelector<HTMLInputElement>('input[value="PH_GCASH"]') as HTMLInputElement;
    await click(gcash);
    await click(button(dialog, 'Send through Xendit'));
    await until(() => expect(alerts(dialog).join(' ')).toContain('Payouts through Xendit are off'));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/admin/cashier/withdrawals/W-PSP-0001/payout',
        body: { provider: 'xendit', channel: 'PH_GCASH' },
      },
    ]);
  });
});
