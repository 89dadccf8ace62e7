// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type FunctionComponent } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../lib/session-token';
import cashier from '../../locales/en/cashier.json';
import { alerts, button, click, setUpDom, type, until } from '../../test/dom';
import { DepositsPage } from './deposits-page';
import { WithdrawalsPage } from './withdrawals-page';

// The deposit and withdrawal queues in a DOM against a stand-in for the admin API: what a row shows
// the desk (the name on the slip against the verified name, the account, the risk, the wait against
// the target), and the bulk decision on the ticked orders with each order's outcome.

const dom = setUpDom({ cashier });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const depositRow = (reference: string, over: Record<string, unknown> = {}) => ({
  reference,
  member: { id: 1, username: `m-${reference}` },
  methodCode: 'BANK_TRANSFER',
  kind: 'bank_transfer',
  amount: 100,
  currency: 'PHP',
  status: 'pending',
  firstDeposit: false,
  proofCount: 1,
  reason: null,
  createdAt: minutesAgo(5),
  decidedAt: null,
  requestedAmount: null,
  depositorName: 'Ana Reyes',
  depositorMatch: 'match',
  riskLevel: 'normal',
  receivingAccount: { id: 3, label: 'BDO Main' },
  ...over,
});
const withdrawalRow = (reference: string, over: Record<string, unknown> = {}) => ({
  reference,
  member: { id: 2, username: `w-${reference}` },
  amount: 50,
  currency: 'PHP',
  status: 'pending',
  bankAccount: { bankName: 'BPI', accountName: 'Carlo Cruz', accountNumber: '****1234' },
  reason: null,
  receiptStatus: null,
  receiptForced: false,
  createdAt: minutesAgo(90),
  paidAt: null,
  payeeMatch: 'mismatch',
  payout: null,
  riskLevel: 'high',
  ...over,
});

let rows: unknown[];
let permissions: string[];
let posted: { path: string; body: unknown }[];
let bulkAnswer: unknown;

beforeEach(() => {
  posted = [];
  permissions = ['cashier.read', 'cashier.approve'];
  saveToken('test-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function renderQueue(page: FunctionComponent, list: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const json = (value: unknown) =>
        new Response(JSON.stringify({ success: true, value }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      if (url.pathname === '/admin/session/me')
        return json({ id: 1, username: 'desk', displayName: 'Desk', permissions, roles: [], idleMinutes: 30 });
      if (url.pathname === `/admin/cashier/${list}/bulk`) {
        posted.push({ path: url.pathname, body: JSON.parse(String(init?.body)) });
        return json(bulkAnswer);
      }
      if (url.pathname === `/admin/cashier/${list}`)
        return json({ content: rows, totalElements: rows.length, pageNo: 1, pageSize: 20 });
      return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: url.pathname }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await dom.render(
    createElement(QueryClientProvider, { client }, createElement(MemoryRouter, null, createElement(page))),
  );
}

const rowOf = (reference: string) =>
  [...dom.host().querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes(reference)) as HTMLElement;
const tick = (reference: string) => dom.host().querySelector<HTMLInputElement>(`input[aria-label="Tick ${reference}"]`);

describe('the deposit queue', () => {
  it('shows the depositor against the verified name, the account paid into, the risk and the wait against the target', async () => {
    rows = [
      depositRow('D-LATE-0001', { createdAt: minutesAgo(40), depositorMatch: 'mismatch', riskLevel: 'high' }),
      depositRow('D-FRESH-0002'),
      depositRow('D-DONE-00003', { status: 'approved' }),
    ];
    await renderQueue(DepositsPage, 'deposits');
    await until(() => expect(rowOf('D-LATE-0001')).toBeDefined());
    expect(dom.host().textContent).toContain('Waiting (target 15 min)');
    const late = rowOf('D-LATE-0001').textContent;
    expect(late).toContain('Ana ReyesNot the verified name');
    expect(late).toContain('BDO Main');
    expect(late).toContain('High risk');
    expect(late).toContain('40 min, late');
    const fresh = rowOf('D-FRESH-0002').textContent;
    expect(fresh).toContain('Ana ReyesVerified name');
    expect(fresh).toContain('5 min');
    expect(fresh).not.toContain('late');
    // A decided order waits no more and cannot be ticked.
    expect(tick('D-DONE-00003')).toBeNull();
  });

  it('approves the ticked orders in one request and lists each refused one with why', async () => {
    rows = [depositRow('D-AAAA-0001'), depositRow('D-BBBB-0002'), depositRow('D-CCCC-0003')];
    bulkAnswer = {
      results: [
        { reference: 'D-AAAA-0001', ok: true, status: 'approved' },
        {
          reference: 'D-CCCC-0003',
          ok: false,
          code: 'CASHIER_STATE_CONFLICT',
          message: 'The order is no longer pending',
        },
      ],
    };
    await renderQueue(DepositsPage, 'deposits');
    await until(() => expect(tick('D-AAAA-0001')).not.toBeNull());
    await click(tick('D-AAAA-0001') as HTMLInputElement);
    await click(tick('D-CCCC-0003') as HTMLInputElement);
    expect(dom.host().querySelector('[data-testid="bulk-count"]')?.textContent).toBe('2 orders ticked');
    await click(button(dom.host(), 'Approve ticked'));
    await until(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toEqual({ action: 'approve', references: ['D-AAAA-0001', 'D-CCCC-0003'] });
    await until(() => expect(dom.host().querySelector('[data-testid="bulk-outcome"]')).not.toBeNull());
    const outcome = dom.host().querySelector('[data-testid="bulk-outcome"]')?.textContent;
    expect(outcome).toContain('1 order approved.');
    expect(outcome).toContain('1 order refused:');
    expect(outcome).toContain('D-CCCC-0003: The order is no longer pending');
    expect(dom.host().querySelector('[data-testid="bulk-count"]')?.textContent).toBe('0 orders ticked');
  });

  it('ticks the page at once, and rejects only with a reason', async () => {
    rows = [depositRow('D-AAAA-0001'), depositRow('D-BBBB-0002'), depositRow('D-GATE-0003', { kind: 'gateway' })];
    bulkAnswer = {
      results: [
        { reference: 'D-AAAA-0001', ok: true, status: 'rejected' },
        { reference: 'D-BBBB-0002', ok: true, status: 'rejected' },
      ],
    };
    await renderQueue(DepositsPage, 'deposits');
    await until(() => expect(tick('D-AAAA-0001')).not.toBeNull());
    // A gateway order settles by the gateway's callback, never at the desk.
    expect(tick('D-GATE-0003')).toBeNull();
    await click(
      dom
        .host()
        .querySelector<HTMLInputElement>(
          'input[aria-label="Tick every pending order on this page"]',
        ) as HTMLInputElement,
    );
    expect(dom.host().querySelector('[data-testid="bulk-count"]')?.textContent).toBe('2 orders ticked');
    await click(button(dom.host(), 'Reject ticked'));
    expect(alerts(dom.host())).toContain('Give the reason the members will read.');
    expect(posted).toEqual([]);
    const reason = [...dom.host().querySelectorAll('label')].find((l) => l.textContent?.trim() === 'Reason to reject');
    await type(document.getElementById(reason?.htmlFor ?? '') as HTMLInputElement, ' No transfer arrived ');
    await click(button(dom.host(), 'Reject ticked'));
    await until(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toEqual({
      action: 'reject',
      references: ['D-AAAA-0001', 'D-BBBB-0002'],
      reason: 'No transfer arrived',
    });
    await until(() => expect(dom.host().textContent).toContain('2 orders rejected.'));
  });

  it('offers no ticks and no bulk decision to an operator who may not approve', async () => {
    permissions = ['cashier.read'];
    rows = [depositRow('D-AAAA-0001')];
    await renderQueue(DepositsPage, 'deposits');
    await until(() => expect(rowOf('D-AAAA-0001')).toBeDefined());
    expect(tick('D-AAAA-0001')).toBeNull();
    expect(dom.host().textContent).not.toContain('Approve ticked');
  });
});

describe('the withdrawal queue', () => {
  it('shows the payee against the verified name, the account paid from, the risk and a late wait', async () => {
    rows = [
      withdrawalRow('W-LATE-0001'),
      withdrawalRow('W-PAID-0002', {
        status: 'paid',
        payeeMatch: 'match',
        riskLevel: 'normal',
        payout: { reference: 'FT-1', account: { id: 4, label: 'Payout BPI' }, fee: 0 },
      }),
    ];
    await renderQueue(WithdrawalsPage, 'withdrawals');
    await until(() => expect(rowOf('W-LATE-0001')).toBeDefined());
    expect(dom.host().textContent).toContain('Waiting (target 60 min)');
    const late = rowOf('W-LATE-0001').textContent;
    expect(late).toContain('Carlo CruzNot the verified name');
    expect(late).toContain('High risk');
    expect(late).toContain('90 min, late');
    expect(tick('W-LATE-0001')).not.toBeNull();
    const paid = rowOf('W-PAID-0002').textContent;
    expect(paid).toContain('Carlo CruzVerified name');
    expect(paid).toContain('Payout BPI');
    expect(tick('W-PAID-0002')).toBeNull();
  });
});
