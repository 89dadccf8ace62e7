// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../lib/session-token';
import messages from '../../locales/en/messages.json';
import { button, click, setUpDom, type, until } from '../../test/dom';
import { BroadcastsPage } from './broadcasts-page';

// The broadcast composer in a DOM, against a stand-in for the admin API: nothing goes out before a
// preview shows the reach, everyone needs the number typed in, a press sends one request with the
// confirmation and a key, and the form is cleared so a second press has nothing to send.

const dom = setUpDom({ messages });

const REACH = 1234;
const sends: Record<string, unknown>[] = [];
const previews: Record<string, unknown>[] = [];

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sends.length = 0;
  previews.length = 0;
  saveToken('operator-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/admin/broadcasts' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sends.push(body);
        const now = '2026-11-26T09:00:00.000Z';
        return answer(200, {
          success: true,
          value: {
            id: 7,
            audience: { type: 'everyone', vipLevel: null, agentId: null, agentUsername: null, memberCount: null },
            texts: body.texts,
            fallbackLanguage: 'EN',
            marketing: false,
            status: 'sent',
            sendAt: now,
            sentAt: now,
            reach: REACH,
            readCount: 0,
            createdAt: now,
          },
        });
      }
      if (url.pathname === '/admin/broadcasts/preview') {
        previews.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return answer(200, { success: true, value: { reach: REACH, everyone: true } });
      }
      if (url.pathname === '/admin/broadcasts') {
        return answer(200, { success: true, value: { content: [], pageNum: 1, totalPages: 1, totalElements: 0 } });
      }
      return answer(404, { success: false, code: 'NOT_FOUND', message: url.pathname });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session', 'me'], { permissions: ['messages.read', 'messages.write'], roles: [] });
  await dom.render(
    createElement(QueryClientProvider, { client }, createElement(MemoryRouter, null, createElement(BroadcastsPage))),
  );
}

function field<T extends HTMLElement>(selector: string): T {
  const found = dom.host().querySelector<T>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}

describe('the broadcast composer', () => {
  it('previews the reach before anything is sent, needs it typed for everyone, and sends once', async () => {
    await renderPage();
    const audience = field<HTMLSelectElement>('select');
    // No audience is chosen for the operator: "Everyone" is never the default.
    expect(audience.value).toBe('');
    expect(button(dom.host(), 'Preview and reach').disabled).toBe(true);
    expect(dom.host().textContent).not.toContain('Send to');

    await act(async () => {
      audience.value = 'everyone';
      audience.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await type(field<HTMLInputElement>('input[aria-label="Title"]'), 'Weekend');
    await type(field<HTMLTextAreaElement>('textarea[aria-label="Text"]'), 'Double points all weekend');
    await click(button(dom.host(), 'Preview and reach'));
    await until(() => expect(dom.host().querySelector('[data-testid=broadcast-preview]')).not.toBeNull());
    expect(sends).toEqual([]);
    expect(previews).toMatchObject([{ audience: { type: 'everyone' } }]);
    const preview = field<HTMLElement>('[data-testid=broadcast-preview]');
    expect(preview.textContent).toContain('Double points all weekend');
    const send = button(preview, `Send to ${REACH} members`);
    expect(send.disabled).toBe(true);
    await type(field<HTMLInputElement>('[data-testid=reach-confirm] input'), String(REACH + 1));
    expect(send.disabled).toBe(true);
    await type(field<HTMLInputElement>('[data-testid=reach-confirm] input'), String(REACH));
    expect(send.disabled).toBe(false);

    await act(async () => {
      send.click();
      send.click();
    });
    await until(() => expect(dom.host().textContent).toContain(`Broadcast sent to ${REACH} members`));
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({
      audience: { type: 'everyone' },
      confirmReach: REACH,
      typedReach: String(REACH),
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    // The form is cleared and the preview gone: nothing is left to send again.
    expect(dom.host().querySelector('[data-testid=broadcast-preview]')).toBeNull();
    expect(field<HTMLInputElement>('input[aria-label="Title"]').value).toBe('');
    expect(field<HTMLSelectElement>('select').value).toBe('');
  });
});
