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
    },
    counts: { open: 0, cleared: 0, confirmed: 0, [review.state]: 1 },
    chipDumping: state === null || state === review.state ? [flag] : [],
    softPlay: [],
  };
}

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
