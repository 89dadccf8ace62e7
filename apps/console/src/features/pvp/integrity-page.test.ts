// @vitest-environment happy-dom
import type { AdminPvpIntegrity, PvpFlagReview } from '@gamehall/shared/api/pvp-history';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pvp from '../../locales/en/pvp.json';
import { alerts, button, click, setUpDom, type, until } from '../../test/dom';
import { IntegrityPage } from './integrity-page';

// The integrity page's review of a flag in a DOM, against a stand-in for the admin API: a decision
// refreshes the list; a decision someone else took first keeps the dialog and its message until the
// operator closes it, and only then does the list, filtered to open flags, drop the flag.

const dom = setUpDom({ pvp });

const open: PvpFlagReview = { state: 'open', revision: 0, last: null, newHands: false };
let review: PvpFlagReview;
/** What the stand-in answers a decision: it takes it, or someone else has just cleared the flag. */
let decideFirst: 'us' | 'someone else';
const sent: unknown[] = [];

function report(state: string | null): AdminPvpIntegrity {
  const flag = {
    key: 'dump:1:2:PHP:2',
    firstHandId: 11,
    lastHandId: 19,
    review,
    from: { memberId: 1, name: 'ana' },
    to: { memberId: 2, name: 'ben' },
    tables: ['Table 1'],
    lost: 900,
    lostBack: 0,
    hands: 9,
    suspiciousAmount: 800,
    bigFolds: 4,
    weakAllIns: 1,
    handIds: [11, 15, 19],
  };
  return {
    hands: 40,
    thresholds: {
      dumpMinAmount: 500,
      dumpMinHands: 5,
      dumpMinSuspiciousPercent: 60,
      dumpBigFoldBigBlinds: 20,
      softMinSharedStreets: 30,
      softMaxSharedAggressionPercent: 5,
      softMinOtherAggressionPercent: 30,
      linkedMinHands: 20,
    },
    counts: { open: 0, cleared: 0, confirmed: 0, [review.state]: 1 },
    chipDumping: state === null || state === review.state ? [flag] : [],
    softPlay: [],
    linkedAccounts: state === null || state === 'open' ? [linked] : [],
  };
}

/** Two members on one address and one device, dealt in together 60 times (the first 50 hands listed). */
const linked: AdminPvpIntegrity['linkedAccounts'][number] = {
  key: 'linked_accounts:1+3',
  firstHandId: 101,
  lastHandId: 160,
  review: { state: 'open', revision: 0, last: null, newHands: false },
  a: { memberId: 1, name: 'ana' },
  b: { memberId: 3, name: 'cy' },
  shared: [
    { kind: 'device', value: '9f2c41aa07b3', status: 'pending' },
    { kind: 'ip', value: '203.0.113.7', status: 'dismissed' },
  ],
  hands: 60,
  tables: ['Table 1', 'Table 2'],
  handIds: Array.from({ length: 50 }, (_, i) => 101 + i),
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  review = open;
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/admin/pvp/integrity') {
        return answer(200, { success: true, value: report(url.searchParams.get('state')) });
      }
      if (url.pathname === '/admin/pvp/integrity/reviews' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { decision: 'cleared' | 'confirmed'; reason: string };
        sent.push(body);
        const at = '2026-11-26T09:00:00.000Z';
        const decided = (by: string, reason: string): PvpFlagReview => ({
          state: body.decision,
          revision: 1,
          last: { decision: body.decision, reason, by, at, firstHandId: 11, lastHandId: 19, raised: [] },
          newHands: false,
        });
        if (decideFirst === 'someone else') {
          review = decided('dana', 'looked at it first');
          return answer(409, {
            success: false,
            code: 'PVP_FLAG_REVIEW_CONFLICT',
            message: 'This flag was decided by someone else or counts other hands since you opened it; reload it',
          });
        }
        review = decided('me', body.reason);
        return answer(200, { success: true, value: { key: 'dump:1:2:PHP:2', review } });
      }
      return answer(404, { success: false, code: 'NOT_FOUND', message: url.pathname });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await dom.render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(MemoryRouter, { initialEntries: ['/pvp/integrity?from=2026-11-20&to=2026-11-26'] }, [
        createElement(IntegrityPage, { key: 'page' }),
      ]),
    ),
  );
  await until(() => expect(dom.host().querySelector('[data-testid=pvp-dump-flag]')).not.toBeNull());
}

/** Opens the flag's Clear dialog, gives a reason and submits it. */
async function clearWithReason(reason: string) {
  const flag = dom.host().querySelector<HTMLElement>('[data-testid=pvp-dump-flag]');
  if (!flag) throw new Error('no flag');
  await click(button(flag, 'Clear'));
  const field = document.querySelector<HTMLTextAreaElement>('#confirm-reason');
  if (!field) throw new Error('no reason field');
  await type(field, reason);
  const dialog = field.closest('form');
  if (!dialog) throw new Error('no dialog form');
  await click(button(dialog, 'Clear'));
}

describe('a linked accounts flag', () => {
  it('shows what the two share, the hands together with links to them, and sends its key when cleared', async () => {
    decideFirst = 'us';
    await renderPage();
    const flag = dom.host().querySelector<HTMLElement>('[data-testid=pvp-linked-flag]');
    if (!flag) throw new Error('no linked accounts flag');
    const text = flag.textContent ?? '';
    expect(text).toContain('Same device: 9f2c41aa07b3 (link not reviewed yet)');
    expect(text).toContain('Same sign-in address: 203.0.113.7 (link dismissed by the risk desk)');
    expect(text).toContain(
      'ana and cy were dealt into 60 hands together. Tables: Table 1, Table 2. (the first 50 hands)',
    );
    const links = [...flag.querySelectorAll('a[href^="/pvp/hands/"]')].map((a) => a.getAttribute('href'));
    expect(links).toHaveLength(50);
    expect(links[0]).toBe('/pvp/hands/101');
    expect(dom.host().querySelector('[data-testid=pvp-thresholds]')?.textContent).toContain(
      'dealt into at least 20 hands together',
    );
    await click(button(flag, 'Clear'));
    const field = document.querySelector<HTMLTextAreaElement>('#confirm-reason');
    if (!field) throw new Error('no reason field');
    await type(field, 'a couple at home, checked the hands');
    const dialog = field.closest('form');
    if (!dialog) throw new Error('no dialog form');
    await click(button(dialog, 'Clear'));
    await until(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ key: 'linked_accounts:1+3', firstHandId: 101, lastHandId: 160, revision: 0 });
  });
});

const flagsShown = () => dom.host().querySelectorAll('[data-testid=pvp-dump-flag]').length;

describe('the integrity page, filtered to open flags', () => {
  it('sends a decision with its reason and drops the decided flag from the list', async () => {
    decideFirst = 'us';
    await renderPage();
    await clearWithReason('friends, no dumping');
    expect(sent).toMatchObject([{ decision: 'cleared', reason: 'friends, no dumping', revision: 0 }]);
    await until(() => expect(flagsShown()).toBe(0));
    expect(dom.host().textContent).toContain('No chip dumping flag is open.');
    expect(document.querySelector('#confirm-reason')).toBeNull();
  });

  it('keeps the dialog and says so when someone else decided first, then drops the flag once it is closed', async () => {
    decideFirst = 'someone else';
    await renderPage();
    await clearWithReason('friends, no dumping');
    const dialog = document.querySelector('#confirm-reason')?.closest('form');
    if (!dialog) throw new Error('the dialog closed');
    await until(() =>
      expect(alerts(dialog)).toEqual([
        'This flag was decided by someone else or counts other hands since you opened it; reload it',
      ]),
    );
    // Still listed while the operator reads why their decision was not taken.
    expect(flagsShown()).toBe(1);
    await click(button(dialog, 'Cancel'));
    await until(() => expect(flagsShown()).toBe(0));
    expect(dom.host().textContent).toContain('No chip dumping flag is open.');
  });
});
