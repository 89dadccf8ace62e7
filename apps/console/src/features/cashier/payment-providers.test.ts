// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type FunctionComponent } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../lib/session-token';
import cashier from '../../locales/en/cashier.json';
import { alerts, button, click, setUpDom, type, until } from '../../test/dom';
import { PaymentProvidersPage } from './payment-providers-page';
import { SettingsPage } from './settings-page';
import { WithdrawalPage } from './withdrawal-page';
import { paidFrom } from './withdrawals-page';

// The payment providers screen and the withdrawal page's payout, against a stand-in for the admin
// API: the server's field errors said in words at their control, going live only once confirmed, a
// withdrawal a provider is paying offered no second way of paying (and, after 15 minutes, settled by
// hand), and where a withdrawal was paid from in the list.

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

  it('says test mode outside a demo site and a webhook token shared by both modes in words', async () => {
    answers = {
      'GET /admin/session/me': me(['cashier.settings']),
      'GET /admin/cashier/providers': () =>
        ok({ list: [xendit({ keys: { ...xendit().keys, test: { secretKeyEnd: 'cdef', hasWebhookToken: true } } })] }),
      'PUT /admin/cashier/providers/xendit': (body) =>
        (body as { enabled?: boolean }).enabled
          ? refused(400, 'VALIDATION_FAILED', { fields: { mode: 'TEST_ON_DEMO_ONLY' } })
          : refused(400, 'VALIDATION_FAILED', { fields: { 'keys.live.webhookToken': 'SAME_AS_OTHER_MODE' } }),
    };
    await render('/', '/', PaymentProvidersPage);
    await until(() => expect(form('Replace the live keys')).not.toBeNull());

    await click(toggle('Provider enabled'));
    await until(() =>
      expect(alerts(dom.host()).join(' ')).toContain(
        'Test mode can be in use only on a demo site: here its simulated payments would credit members for real',
      ),
    );

    const keys = form('Replace the live keys');
    await type(input(keys, 'secretKey'), 'xnd_production_0123456789abcdef');
    await type(input(keys, 'webhookToken'), 'token-0123456789abcdef');
    await click(button(keys, 'Save live keys'));
    await until(() =>
      expect(alerts(keys)).toEqual([
        "The test and live webhook tokens must differ: each mode has its own token in the provider's dashboard.",
      ]),
    );
    expect(input(keys, 'webhookToken').getAttribute('aria-invalid')).toBe('true');

    // The API address is the test mode's: the live keys go to the provider's own.
    const address = form('API address for test mode');
    expect(address.textContent).toContain("the live keys always go to Xendit's own API (https://api.xendit.co)");
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

const risk = {
  sameBankAccount: [],
  memberIp: null,
  sameIp: [],
  firstWithdrawal: null,
  turnover: { achieved: 0, required: 0 },
};
const sendingPayout = (minutesAgo: number) => ({
  provider: 'xendit',
  mode: 'test',
  channel: 'PH_BDO',
  state: 'sending',
  payoutId: null,
  failure: null,
  requestedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});
/** The withdrawal page's own reads: the order (`order` answers each read), paying accounts, images. */
const orderPage = (order: () => Record<string, unknown>) => ({
  'GET /admin/cashier/withdrawals/W-PSP-0001': () => ok({ order: order(), risk }),
  'GET /admin/cashier/houseAccounts': () => ok({ list: [] }),
  'GET /admin/cashier/images/W-PSP-0001': () => ok({ list: [] }),
});
const openOrder = () => render('/cashier/withdrawals/W-PSP-0001', '/cashier/withdrawals/:reference', WithdrawalPage);
const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement;

describe('the withdrawal page with payouts through a provider', () => {
  it('offers no way of paying while the provider is paying, and says when it may be settled by hand', async () => {
    answers = {
      'GET /admin/session/me': me(['cashier.read', 'cashier.approve']),
      ...orderPage(() => withdrawal({ providerPayout: sendingPayout(1) })),
    };
    await openOrder();
    await until(() => expect(dom.host().textContent).toContain('Sending through Xendit (test)'));
    const labels = [...dom.host().querySelectorAll('button')].map((b) => b.textContent);
    expect(labels).not.toContain('Mark paid');
    expect(labels).not.toContain('Send through Xendit');
    expect(labels).not.toContain('Settle by hand');
    expect(dom.host().textContent).toContain('PH_BDO, test mode');
    expect(dom.host().querySelector('[data-testid="settle-later"]')?.textContent).toMatch(
      /^If Xendit has not answered by .+, the payout can be settled by hand from its dashboard\.$/,
    );
  });

  it('offers settling by hand by itself once the 15 minutes are up', async () => {
    answers = {
      'GET /admin/session/me': me(['cashier.read', 'cashier.approve']),
      ...orderPage(() => withdrawal({ providerPayout: sendingPayout(15 - 1 / 60) })),
    };
    await openOrder();
    await until(() => expect(dom.host().querySelector('[data-testid="settle-later"]')).not.toBeNull());
    await until(() => button(dom.host(), 'Settle by hand'), 4_000);
    expect(dom.host().querySelector('[data-testid="settle-later"]')).toBeNull();
  });

  it('reads the order again while it is sending, until the provider has ended it', async () => {
    let reads = 0;
    answers = {
      'GET /admin/session/me': me(['cashier.read']),
      ...orderPage(() => {
        reads += 1;
        return reads === 1
          ? withdrawal({ providerPayout: sendingPayout(1) })
          : withdrawal({
              status: 'paid',
              paidAt: new Date().toISOString(),
              providerPayout: { ...sendingPayout(1), state: 'paid', payoutId: 'disb-1' },
            });
      }),
    };
    await openOrder();
    await until(() => expect(dom.host().textContent).toContain('Sending through Xendit (test)'));
    await until(() => expect(dom.host().textContent).toContain('Paid through Xendit: disb-1'), 8_000);
    expect(reads).toBe(2);
  }, 12_000);

  it('settles a payout left sending for 15 minutes by hand: outcome and note required, then sent', async () => {
    let conflict = true;
    answers = {
      'GET /admin/session/me': me(['cashier.read', 'cashier.approve']),
      ...orderPage(() => withdrawal({ providerPayout: sendingPayout(20) })),
      'POST /admin/cashier/withdrawals/W-PSP-0001/payout/resolve': () =>
        conflict ? refused(409, 'CASHIER_STATE_CONFLICT') : ok(withdrawal({ status: 'rejected' })),
    };
    await openOrder();
    await until(() => button(dom.host(), 'Settle by hand'));
    expect(dom.host().textContent).toContain('Xendit has not answered for 15 minutes');
    await click(button(dom.host(), 'Settle by hand'));
    await until(() => expect(dialog()).not.toBeNull());
    expect(dialog().textContent).toContain("Check the payout of W-PSP-0001 on Xendit's dashboard first");

    await click(button(dialog(), 'Settle by hand'));
    await until(() =>
      expect(alerts(dialog())).toEqual([
        'Choose what the dashboard shows',
        'Write what the dashboard showed: 3 to 200 characters',
      ]),
    );
    expect(sent).toEqual([]);

    const returned = dialog().querySelector<HTMLInputElement>('input[value="returned"]') as HTMLInputElement;
    expect(returned.parentElement?.textContent).toBe("Not paid: return 200.00 PHP to the member's balance");
    await click(returned);
    await type(input(dialog(), 'note'), '  FAILED on the dashboard  ');
    await click(button(dialog(), 'Settle by hand'));
    await until(() => expect(alerts(dialog()).join(' ')).toContain('This payout cannot be settled by hand now'));

    conflict = false;
    await click(button(dialog(), 'Settle by hand'));
    await until(() => expect(dialog()).toBeNull());
    expect(sent.at(-1)).toEqual({
      method: 'POST',
      path: '/admin/cashier/withdrawals/W-PSP-0001/payout/resolve',
      body: { outcome: 'returned', note: 'FAILED on the dashboard' },
    });
  });

  it('sends an approved one through Xendit and says so when its payouts are off', async () => {
    answers = {
      'GET /admin/session/me': me(['cashier.read', 'cashier.approve']),
      ...orderPage(() => withdrawal()),
      'POST /admin/cashier/withdrawals/W-PSP-0001/payout': () => refused(404, 'CASHIER_METHOD_UNAVAILABLE'),
    };
    await openOrder();
    await until(() => button(dom.host(), 'Send through Xendit'));
    await click(button(dom.host(), 'Send through Xendit'));
    await until(() => expect(dialog()).not.toBeNull());
    // The operator cannot read the providers screen: the mode in use is not known, so not said.
    expect(dialog().textContent).not.toContain('Test mode');
    const gcash = dialog().querySelector<HTMLInputElement>('input[value="PH_GCASH"]') as HTMLInputElement;
    await click(gcash);
    await click(button(dialog(), 'Send through Xendit'));
    await until(() => expect(alerts(dialog()).join(' ')).toContain('Payouts through Xendit are off'));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/admin/cashier/withdrawals/W-PSP-0001/payout',
        body: { provider: 'xendit', channel: 'PH_GCASH' },
      },
    ]);
  });

  it('says in the send dialog that a provider in test mode moves no real money', async () => {
    answers = {
      'GET /admin/session/me': me(['cashier.read', 'cashier.approve', 'cashier.settings']),
      ...orderPage(() => withdrawal()),
      'GET /admin/cashier/providers': () => ok({ list: [xendit({ enabled: true, payoutsEnabled: true })] }),
    };
    await openOrder();
    await until(() => button(dom.host(), 'Send through Xendit'));
    await click(button(dom.host(), 'Send through Xendit'));
    await until(() => expect(dialog()).not.toBeNull());
    expect(dialog().querySelector('[role="note"]')?.textContent).toBe(
      'Test mode: no real money moves. The provider simulates the payout.',
    );
  });
});

describe('where a withdrawal was paid from', () => {
  const t = ((key: string, opts?: { defaultValue?: string }) =>
    key === 'payout.returnedShort'
      ? 'Returned'
      : key === 'providers.names.xendit'
        ? 'Xendit'
        : (opts?.defaultValue ?? key)) as never;
  const payout = (state: string) => ({ ...sendingPayout(1), state });
  const row = (over: Record<string, unknown>) => withdrawal(over) as never;

  it('names the provider only once it paid, and says a failed payout was returned', () => {
    expect(paidFrom(t, row({ status: 'paid', providerPayout: payout('paid') }))).toBe('Xendit');
    expect(paidFrom(t, row({ status: 'confirmed', providerPayout: payout('paid') }))).toBe('Xendit');
    expect(paidFrom(t, row({ status: 'rejected', providerPayout: payout('failed') }))).toBe('Returned');
    expect(paidFrom(t, row({ status: 'approved', providerPayout: payout('sending') }))).toBe('');
    expect(paidFrom(t, row({ status: 'paid', payout: { account: { label: 'BDO ops' } } }))).toBe('BDO ops');
  });
});

describe('the payment methods screen', () => {
  it("names the provider serving a method from the method's own payment provider", async () => {
    const method = (code: string, name: string, paymentProvider: unknown) => ({
      code,
      name,
      kind: 'ewallet',
      active: false,
      min: 100,
      max: 5000,
      receivingAccount: null,
      provider: null,
      paymentProvider,
    });
    answers = {
      'GET /admin/session/me': me(['cashier.settings']),
      'GET /admin/cashier/settings': () =>
        ok({
          receiptConfirmMinutes: 30,
          turnoverPercent: 100,
          gatewayExpiryMinutes: 30,
          methods: [method('GCASH', 'GCash', { code: 'xendit', channel: 'PH_GCASH' }), method('PAYMAYA', 'Maya', null)],
        }),
    };
    await render('/', '/', SettingsPage);
    await until(() => expect(dom.host().textContent).toContain('GCASH'));
    const cells = (code: string) =>
      [...dom.host().querySelectorAll('tr')].find((r) => r.textContent?.includes(code))?.querySelectorAll('td');
    expect(cells('GCASH')?.[5]?.textContent).toBe('Xendit');
    expect(cells('PAYMAYA')?.[5]?.textContent).toBe('-');
    const edit = cells('GCASH')?.[6]?.querySelector('button') as HTMLButtonElement;
    await click(edit);
    await until(() => expect(dialog()).not.toBeNull());
    expect(dialog().querySelector('[data-testid="method-served-by"]')?.textContent).toContain(
      'Served by Xendit (channel PH_GCASH)',
    );
  });
});
