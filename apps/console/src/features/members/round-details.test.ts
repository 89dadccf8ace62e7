// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import members from '../../locales/en/members.json';
import { alerts, click, setUpDom, until } from '../../test/dom';
import { isWebAddress, RoundsTab } from './member-tabs';

// The member's rounds tab in a DOM against a stand-in for the admin API: a round whose provider shows
// its own record has a button that opens it in a new tab (opened by the click, pointed at the address
// once known, cut off from the console), and the tab is closed again when the address cannot be had.

const dom = setUpDom({ members });

const round = (roundId: string, detailsAvailable: boolean) => ({
  roundId,
  vendor: 'CALETA',
  gameCode: 'fruits',
  gameName: 'Fruits',
  gameType: 'SLOT',
  bet: 10,
  win: 0,
  status: 'closed',
  createdAt: '2026-11-26T09:00:00.000Z',
  closedAt: '2026-11-26T09:00:01.000Z',
  detailsAvailable,
});

type FakeTab = { opener: unknown; location: { href: string }; close: ReturnType<typeof vi.fn> };
let tab: FakeTab;
let details: { status: number; body: unknown };
let asked: { vendor: string | null; roundId: string | null; tabOpened: boolean }[];
const open = vi.fn(() => tab);

beforeEach(() => {
  tab = { opener: window, location: { href: '' }, close: vi.fn() };
  details = { status: 200, body: { success: true, value: { url: 'https://caleta.example/round/r-1' } } };
  asked = [];
  open.mockClear();
  vi.stubGlobal('open', open);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL) => {
      const url = new URL(String(input));
      const answer = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/admin/members/7/rounds')
        return answer(200, { success: true, value: { list: [round('r-1', true), round('r-2', false)], total: 2 } });
      if (url.pathname === '/admin/members/7/rounds/details') {
        asked.push({
          vendor: url.searchParams.get('vendor'),
          roundId: url.searchParams.get('roundId'),
          tabOpened: open.mock.calls.length > 0,
        });
        return answer(details.status, details.body);
      }
      return answer(404, { success: false, code: 'NOT_FOUND', message: url.pathname });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderRounds() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await dom.render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(MemoryRouter, { initialEntries: ['/members/7'] }, createElement(RoundsTab, { id: 7 })),
    ),
  );
  await until(() => expect(dom.host().textContent).toContain('r-2'));
}

const detailsButtons = () =>
  [...dom.host().querySelectorAll<HTMLButtonElement>('button')].filter((b) =>
    b.getAttribute('aria-label')?.startsWith("Provider's details"),
  );

describe("a round's details at its provider", () => {
  it('opens them in a new tab from the rounds that have them only', async () => {
    await renderRounds();
    const buttons = detailsButtons();
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(["Provider's details of round r-1"]);
    expect(buttons[0]?.textContent).toBe("Provider's details");
    await click(buttons[0] as HTMLButtonElement);
    await until(() => expect(tab.location.href).toBe('https://caleta.example/round/r-1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(asked).toEqual([{ vendor: 'CALETA', roundId: 'r-1', tabOpened: true }]);
    expect(tab.opener).toBeNull();
    expect(tab.close).not.toHaveBeenCalled();
    expect(alerts(dom.host())).toEqual([]);
  });

  it('closes the tab and says why when the provider cannot show them', async () => {
    details = {
      status: 503,
      body: {
        success: false,
        code: 'ROUND_DETAILS_UNAVAILABLE',
        message: "The game provider's details of this round cannot be shown right now",
      },
    };
    await renderRounds();
    await click(detailsButtons()[0] as HTMLButtonElement);
    await until(() =>
      expect(alerts(dom.host())).toEqual(["The game provider's details of this round cannot be shown right now"]),
    );
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('loads nothing but a web address in the tab', async () => {
    details = { status: 200, body: { success: true, value: { url: 'javascript:alert(1)' } } };
    await renderRounds();
    await click(detailsButtons()[0] as HTMLButtonElement);
    await until(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
    expect(alerts(dom.host())).toEqual([members.rounds.detailsBadAddress]);
  });

  it('asks for nothing when the browser blocks the tab', async () => {
    open.mockImplementationOnce(() => null as unknown as FakeTab);
    await renderRounds();
    await click(detailsButtons()[0] as HTMLButtonElement);
    expect(alerts(dom.host())).toEqual([members.rounds.detailsBlocked]);
    expect(asked).toEqual([]);
  });
});

describe('isWebAddress', () => {
  it('takes http(s) addresses only', () => {
    expect(isWebAddress('https://caleta.example/round/1')).toBe(true);
    expect(isWebAddress('http://caleta.example/round/1')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('data:text/html,hi')).toBe(false);
    expect(isWebAddress('/relative')).toBe(false);
  });
});
