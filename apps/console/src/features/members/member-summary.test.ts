// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import members from '../../locales/en/members.json';
import { setUpDom, until } from '../../test/dom';
import { MemberPage } from './member-page';

// The member page in a DOM against a stand-in for the admin API: the state in its header (a break is
// not "Active"), and the summary's risk badge and the names on the member's transfer slips.

const dom = setUpDom({ members });
const at = '2026-11-26T09:00:00.000Z';
const until7d = '2026-12-03T09:00:00.000Z';

function overview(pause: unknown, status = 'active') {
  return {
    id: 7,
    username: 'rosa',
    nickname: null,
    fullName: null,
    type: 0,
    isAgent: false,
    isTrial: false,
    status,
    vipLevel: 0,
    upline: null,
    downlineCount: 0,
    mobile: null,
    email: null,
    language: 'en',
    registerIp: null,
    registerDomain: null,
    createdAt: at,
    lastLoginAt: null,
    lastLoginIp: null,
    balances: { balance: 0, held: 0, available: 0, currency: 'PHP' },
    flags: {
      paymentPasswordSet: false,
      mobileBound: false,
      emailBound: false,
      twoFactor: false,
      locked: status === 'disabled',
      loginLockedUntil: null,
      mustChangePassword: false,
    },
    tags: [],
    break: pause,
  };
}

const zero = { deposits: 0, depositCount: 0, withdrawals: 0, withdrawalCount: 0 };
const play = { rounds: 0, bets: 0, wins: 0, ggr: 0 };
function summary(payees: unknown, risk: unknown) {
  return {
    id: 7,
    username: 'rosa',
    isAgent: false,
    status: 'active',
    identity: { verifiedName: 'Rosa Lim', kycLevel: 2 },
    vip: { level: 0, labelName: '', deposits: 0, validBets: 0, windowDays: 90, next: null },
    balances: { currency: 'PHP', cash: 0, held: 0, available: 0, bonus: 0, points: 0 },
    figuresAsOf: null,
    payments: { lifetime: zero, last30Days: zero },
    play: { lifetime: play, last30Days: play },
    responsible: { limits: [], realityCheckMinutes: null, break: null },
    risk,
    payees,
    uplines: [],
    tags: [],
    notes: { total: 0, latest: [] },
  };
}

let answers: Record<string, unknown>;
beforeEach(() => {
  answers = {};
});
afterEach(() => vi.unstubAllGlobals());

async function renderMember() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL) => {
      const path = new URL(String(input)).pathname;
      const value = answers[path];
      const body =
        value === undefined ? { success: false, code: 'NOT_FOUND', message: path } : { success: true, value };
      return new Response(JSON.stringify(body), {
        status: value === undefined ? 404 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await dom.render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(
        MemoryRouter,
        { initialEntries: ['/members/7'] },
        createElement(Routes, null, createElement(Route, { path: '/members/:id', element: createElement(MemberPage) })),
      ),
    ),
  );
}

const header = () =>
  dom.host().querySelector('h1')?.parentElement?.parentElement?.nextElementSibling?.textContent ?? '';

describe('the member page', () => {
  it('shows a member on a time-out as on a time-out until when, not as active', async () => {
    answers['/admin/members/7'] = overview({ kind: 'timeout', period: '7d', startedAt: at, until: until7d });
    answers['/admin/members/7/summary'] = summary([], { level: 'normal', openFlags: 0, links: 0 });
    await renderMember();
    await until(() => expect(dom.host().textContent).toContain(`Time-out until ${formatDateTime(until7d)}`));
    expect(header()).not.toContain('Active');
  });

  it('shows a self-exclusion for good, and an active member as active', async () => {
    answers['/admin/members/7'] = overview({ kind: 'exclusion', period: 'permanent', startedAt: at, until: null });
    answers['/admin/members/7/summary'] = summary([], { level: 'normal', openFlags: 0, links: 0 });
    await renderMember();
    await until(() => expect(dom.host().textContent).toContain('Self-excluded for good'));
    expect(header()).not.toContain('Active');
  });

  it("shows the summary's risk badge and the payee names each against the verified name", async () => {
    answers['/admin/members/7'] = overview(null);
    answers['/admin/members/7/summary'] = summary(
      [
        { name: 'ROSA LIM', source: 'bankAccount', match: 'match' },
        { name: 'Pedro Cafe', source: 'deposit', match: 'mismatch' },
      ],
      { level: 'high', openFlags: 1, links: 30 },
    );
    await renderMember();
    await until(() => expect(dom.host().querySelector('[data-testid="risk-badge"]')).not.toBeNull());
    expect(header()).toContain('Active');
    expect(dom.host().querySelector('[data-testid="risk-badge"]')?.textContent).toBe(
      'High risk · 1 open flag · 30 linked accounts',
    );
    const payees = [...dom.host().querySelectorAll('[data-testid="payee-names"] li')].map((li) => li.textContent);
    expect(payees).toEqual([
      'ROSA LIMbank account holderMatches verified name',
      'Pedro CafedepositorNot the verified name',
    ]);
  });

  it('says the payee names are cashier data to an operator without cashier.read', async () => {
    answers['/admin/members/7'] = overview(null);
    answers['/admin/members/7/summary'] = summary(null, { level: 'normal', openFlags: 0, links: 0 });
    await renderMember();
    await until(() => expect(dom.host().textContent).toContain('Cashier data (needs cashier.read)'));
    expect(dom.host().querySelector('[data-testid="risk-badge"]')?.textContent).toBe(
      'Normal risk · 0 open flags · 0 linked accounts',
    );
  });
});
