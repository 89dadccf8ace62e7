// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement, type FunctionComponent } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueuePage } from '../features/kyc/queue-page';
import { FlagsPage } from '../features/risk/flags-page';
import { LinksPage } from '../features/risk/links-page';
import kyc from '../locales/en/kyc.json';
import risk from '../locales/en/risk.json';
import { alerts, button, click, setUpDom, type, until } from '../test/dom';

// The three review queues (abuse flags, linked accounts, KYC documents) in a DOM against a stand-in
// for the admin API: what each asks the API for as the operator filters, looks a member up and
// pages, and what it shows for a page of rows, an empty list and a failed load.

const dom = setUpDom({ risk, kyc });

const member = (id: number) => ({ id, username: `m${id}`, level: 'normal' });
const at = '2026-11-26T09:00:00.000Z';
const review = { status: 'open', note: null, reviewedBy: null, reviewedAt: null, createdAt: at };

const flagRow = (id: number) => ({
  ...review,
  id,
  kind: 'referral_device',
  member: member(id),
  evidence: { kind: 'referral_device', device: 'abc', accounts: 3, members: [], referrerUsedDevice: false },
  updatedAt: at,
});

const linkRow = (id: number) => ({
  id,
  kind: 'ip',
  value: `10.0.0.${id}`,
  accounts: 30,
  members: Array.from({ length: 20 }, (_, i) => member(id * 100 + i)),
  links: { pending: 435, confirmed: 0, dismissed: 0 },
  note: null,
  reviewedBy: null,
  reviewedAt: null,
  firstAt: at,
  lastAt: at,
});

const documentRow = (id: number) => ({
  id,
  memberId: id,
  username: `m${id}`,
  kind: 'id_front',
  status: 'pending',
  reason: null,
  contentType: 'image/png',
  size: 2048,
  createdAt: at,
  enteredName: null,
  enteredBirthday: null,
});

/** The words every queue shares: the lookup's button and the pager's. */
const FIND = 'Filter';
const PREVIOUS = 'Previous';
const NEXT = 'Next';
/** The Risk queues' lookup label, and their status select's first option (every status). */
const RISK = { lookup: 'Member ID', firstStatus: { label: 'All', query: {} } };

const QUEUES: {
  /** A value other than the first load's of each select, by the select's label. */
  selects: Record<string, { param: string; value: string }>;
  name: string;
  /** What the page asks for at first, where, and a row the stand-in answers. */
  api: { path: string; first: Record<string, string>; row: (id: number) => unknown };
  /** The page, the test ids of its rows (then the row's id), and its note for an empty list. */
  screen: { page: FunctionComponent; rowId: string; empty: string };
  lookup: string;
  /** The status select's first option and what it asks for. */
  firstStatus: { label: string; query: Record<string, string> };
}[] = [
  {
    selects: { Status: { param: 'status', value: 'dismissed' }, Kind: { param: 'kind', value: 'bonus_hit_and_run' } },
    name: 'abuse flags',
    api: { path: '/admin/risk/flags', first: { status: 'open' }, row: flagRow },
    screen: { page: FlagsPage, rowId: 'risk-flag-', empty: 'No flags match these filters.' },
    ...RISK,
  },
  {
    selects: { Status: { param: 'status', value: 'confirmed' }, Kind: { param: 'kind', value: 'device' } },
    name: 'linked account groups',
    api: { path: '/admin/risk/linkGroups', first: { status: 'pending' }, row: linkRow },
    screen: { page: LinksPage, rowId: 'risk-link-', empty: 'No linked accounts match these filters.' },
    ...RISK,
  },
  {
    selects: { Status: { param: 'status', value: 'approved' } },
    name: 'KYC documents',
    api: { path: '/admin/kyc/documents', first: { status: 'pending' }, row: documentRow },
    screen: { page: QueuePage, rowId: 'kyc-queue-', empty: 'No documents here.' },
    lookup: 'Member id',
    firstStatus: { label: 'Pending', query: { status: 'pending' } },
  },
];

/** What the stand-in answers a list: `total` rows in all, of which it sends the first few. */
let listed: { total: number; rows: number } | 'fails';
/** The query of every list request, oldest first. */
let asked: Record<string, string>[];

beforeEach(() => {
  asked = [];
  listed = { total: 45, rows: 2 };
});
afterEach(() => vi.unstubAllGlobals());

function stubApi(queue: (typeof QUEUES)[number]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL) => {
      const url = new URL(String(input));
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      // The links page's backfill panel: never run.
      if (url.pathname === '/admin/risk/backfill') return json(200, { success: true, value: { run: null } });
      if (url.pathname !== queue.api.path)
        return json(404, { success: false, code: 'NOT_FOUND', message: url.pathname });
      asked.push(Object.fromEntries(url.searchParams));
      if (listed === 'fails') return json(500, { success: false, code: 'INTERNAL', message: 'The list is down' });
      const list = Array.from({ length: listed.rows }, (_, i) => queue.api.row(i + 1));
      return json(200, { success: true, value: { list, total: listed.total, pageNo: 1, pageSize: 20 } });
    }),
  );
}

async function renderQueue(queue: (typeof QUEUES)[number]) {
  stubApi(queue);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await dom.render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(MemoryRouter, null, [createElement(queue.screen.page, { key: 'page' })]),
    ),
  );
  await until(() => expect(asked.length).toBeGreaterThan(0));
}

/** The control a label names, by the label's whole text. */
function labelled<T extends HTMLElement>(text: string): T {
  const label = [...dom.host().querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
  const control = label && document.getElementById(label.htmlFor);
  if (!control) throw new Error(`nothing labelled ${text}`);
  return control as T;
}

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Goes to page 2 once the pager has come (with the rows of the list last asked for). */
async function nextPage() {
  await until(() => button(dom.host(), NEXT));
  await click(button(dom.host(), NEXT));
  await until(() => expect(last()).toMatchObject({ pageNo: '2' }));
}

const last = () => asked.at(-1);
const rowsShown = (prefix: string) => dom.host().querySelectorAll(`[data-testid^="${prefix}"]`).length;

describe.each(QUEUES)('the $name queue', (queue) => {
  it('loads its default filter on page 1, lists the rows in a captioned table and offers the pages', async () => {
    await renderQueue(queue);
    expect(last()).toEqual({ ...queue.api.first, pageNo: '1', pageSize: '20' });
    await until(() => expect(rowsShown(queue.screen.rowId)).toBe(2));
    expect(dom.host().querySelector('table caption')?.textContent).toBe(dom.host().querySelector('h1')?.textContent);
    expect(dom.host().textContent).toContain('1 / 3');
    expect(button(dom.host(), PREVIOUS).disabled).toBe(true);
    await click(button(dom.host(), NEXT));
    await until(() => expect(last()).toMatchObject({ pageNo: '2' }));
    await until(() => expect(dom.host().textContent).toContain('2 / 3'));
    expect(button(dom.host(), PREVIOUS).disabled).toBe(false);
  });

  it('goes back to page 1 on each filter, asks for the member typed once the lookup is submitted, and refuses what is not a member id', async () => {
    await renderQueue(queue);
    await until(() => expect(rowsShown(queue.screen.rowId)).toBe(2));
    for (const [label, { param, value }] of Object.entries(queue.selects)) {
      await nextPage();
      await choose(labelled<HTMLSelectElement>(label), value);
      await until(() => expect(last()).toMatchObject({ [param]: value, pageNo: '1' }));
    }
    await nextPage();
    const requests = asked.length;
    const field = labelled<HTMLInputElement>(queue.lookup);
    await type(field, ' 42 ');
    expect(asked.length).toBe(requests);
    await click(button(dom.host(), FIND));
    await until(() => expect(last()).toMatchObject({ memberId: '42', pageNo: '1' }));
    // Not a member id: the field says so and the list stays on the member asked for.
    const before = asked.length;
    await type(field, 'abc');
    await click(button(dom.host(), FIND));
    expect(alerts(dom.host())).toContain(
      'Enter a member id (a whole number), or leave the field empty for every member.',
    );
    expect(asked.length).toBe(before);
    await type(field, '');
    await click(button(dom.host(), FIND));
    await until(() => expect(last()?.memberId).toBeUndefined());
    expect(alerts(dom.host())).toEqual([]);
  });

  it("asks for the status select's first option once it is chosen again", async () => {
    await renderQueue(queue);
    const status = labelled<HTMLSelectElement>('Status');
    await choose(status, queue.selects.Status?.value ?? '');
    await until(() => expect(asked.length).toBe(2));
    expect(status.options[0]?.textContent).toBe(queue.firstStatus.label);
    await choose(status, status.options[0]?.value ?? '');
    await until(() => expect(asked.length).toBe(3));
    expect(last()).toEqual({ ...queue.firstStatus.query, pageNo: '1', pageSize: '20' });
  });

  it('says so when nothing matches, without paging', async () => {
    listed = { total: 0, rows: 0 };
    await renderQueue(queue);
    await until(() => expect(dom.host().textContent).toContain(queue.screen.empty));
    expect(dom.host().textContent).not.toContain(NEXT);
    expect(alerts(dom.host())).toEqual([]);
  });

  it('shows the load error in an alert, and no empty note', async () => {
    listed = 'fails';
    await renderQueue(queue);
    await until(() => expect(alerts(dom.host())).toEqual(['The list is down']));
    expect(dom.host().textContent).not.toContain(queue.screen.empty);
  });
});

describe('the linked accounts queue', () => {
  it('shows one row per shared value with its accounts, and reviews the whole group with one note', async () => {
    const queue = QUEUES[1] as (typeof QUEUES)[number];
    listed = { total: 1, rows: 1 };
    stubApi(queue);
    const inner = vi.mocked(fetch).getMockImplementation();
    const reviews: { path: string; body: unknown }[] = [];
    sessionStorage.setItem('console.token', 'test-token');
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const url = new URL(String(input));
      const json = (value: unknown) =>
        new Response(JSON.stringify({ success: true, value }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      if (url.pathname === '/admin/session/me')
        return json({
          id: 1,
          username: 'risk',
          displayName: 'Risk',
          permissions: ['risk.read', 'risk.write'],
          roles: [],
        });
      if (url.pathname.startsWith('/admin/risk/linkGroups/') && init?.method === 'POST') {
        reviews.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return json({ group: linkRow(1), reviewed: 435, raised: [] });
      }
      return (inner as typeof fetch)(input, init);
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await dom.render(
      createElement(QueryClientProvider, { client }, createElement(MemoryRouter, null, createElement(LinksPage))),
    );
    await until(() => expect(rowsShown('risk-link-')).toBe(1));
    const row = dom.host().querySelector('[data-testid="risk-link-1"]') as HTMLElement;
    expect(row.querySelector('[data-testid="group-accounts"]')?.textContent).toBe('30 accounts');
    expect(row.textContent).toContain('and 10 more');
    expect(row.textContent).toContain('435 links to review');
    await until(() => button(row, 'Confirm'));
    await click(button(row, 'Confirm'));
    await until(() =>
      expect(document.body.textContent).toContain('Confirms the 435 pending links of this group of 30 accounts'),
    );
    const note = document.getElementById('confirm-reason') as HTMLTextAreaElement;
    await type(note, 'One café, one ring');
    const dialog = note.closest('form') as HTMLElement;
    await click(button(dialog, 'Confirm'));
    await until(() => expect(reviews).toHaveLength(1));
    expect(reviews[0]).toEqual({
      path: '/admin/risk/linkGroups/1/review',
      body: { decision: 'confirm', note: 'One café, one ring' },
    });
    sessionStorage.clear();
  });
});
