// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../lib/session-token';
import support from '../../locales/en/support.json';
import { alerts, button, click, setUpDom, type, until } from '../../test/dom';
import { ChatroomPage } from './chatroom-page';

// The chat room's moderation in a DOM, against a stand-in for the admin API: the messages (a
// deleted one struck through with who deleted it), delete, mute and ban with a duration and a
// reason, the mutes and bans in force with lift, and a refusal shown as the server's error.

const dom = setUpDom({ support });

const calls: { method: string; path: string; body?: unknown }[] = [];
let deleteAnswer: { status: number; body: unknown } = { status: 200, body: { success: true, value: { id: 11 } } };

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const AT = '2026-11-26T09:00:00.000Z';
const MESSAGES = [
  {
    id: 12,
    seq: 12,
    memberId: 7,
    username: 'spammer01',
    author: 'sp***01',
    text: 'visit my site',
    createdAt: AT,
    deletedAt: AT,
    deletedBy: 'mod01',
  },
  {
    id: 11,
    seq: 11,
    memberId: 5,
    username: 'player05',
    author: 'pl***05',
    text: 'hello all',
    createdAt: AT,
    deletedAt: null,
    deletedBy: null,
  },
];
const RESTRICTIONS = [
  {
    memberId: 7,
    username: 'spammer01',
    kind: 'ban',
    until: null,
    reason: 'scam links',
    createdBy: 'mod01',
    createdAt: AT,
  },
];

beforeEach(() => {
  calls.length = 0;
  deleteAnswer = { status: 200, body: { success: true, value: { id: 11 } } };
  saveToken('operator-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      if (method !== 'GET')
        calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/admin/chatroom/messages' && method === 'GET')
        return answer(200, { success: true, value: { list: MESSAGES } });
      if (url.pathname === '/admin/chatroom/restrictions' && method === 'GET')
        return answer(200, { success: true, value: { list: RESTRICTIONS } });
      if (url.pathname.startsWith('/admin/chatroom/messages/')) return answer(deleteAnswer.status, deleteAnswer.body);
      if (url.pathname.startsWith('/admin/chatroom/restrictions'))
        return answer(200, { success: true, value: { current: null } });
      return answer(404, { success: false, code: 'NOT_FOUND', message: url.pathname });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await dom.render(
    createElement(QueryClientProvider, { client }, createElement(MemoryRouter, null, createElement(ChatroomPage))),
  );
  await until(() => expect(dom.host().querySelectorAll('[data-testid="chatroom-message"]')).toHaveLength(2));
}

const rows = () => [...dom.host().querySelectorAll<HTMLElement>('[data-testid="chatroom-message"]')];
const row = (text: string) => {
  const found = rows().find((r) => r.textContent?.includes(text));
  if (!found) throw new Error(`no message ${text}`);
  return found;
};

describe('the chat room moderation page', () => {
  it('lists messages, deleted ones with who deleted them, and the bans in force', async () => {
    await renderPage();
    const deleted = row('visit my site');
    expect(deleted.textContent).toContain('Deleted by mod01');
    // A deleted message has nothing left to delete.
    expect(() => button(deleted, 'Delete')).toThrow();
    expect(row('hello all').textContent).toContain('player05 (pl***05)');
    const restriction = dom.host().querySelector('[data-testid="chatroom-restriction"]');
    expect(restriction?.textContent).toContain('spammer01: banned until lifted');
    expect(restriction?.textContent).toContain('scam links');
  });

  it('deletes a message and lifts a ban', async () => {
    await renderPage();
    await click(button(row('hello all'), 'Delete'));
    await until(() => expect(calls).toContainEqual({ method: 'DELETE', path: '/admin/chatroom/messages/11' }));
    const restriction = dom.host().querySelector('[data-testid="chatroom-restriction"]') as HTMLElement;
    await click(button(restriction, 'Lift'));
    await until(() => expect(calls).toContainEqual({ method: 'DELETE', path: '/admin/chatroom/restrictions/7/ban' }));
  });

  it('mutes for a chosen time with a reason, and bans until lifted', async () => {
    await renderPage();
    const target = row('hello all');
    await click(button(target, 'Mute'));
    const form = target.querySelector('form') as HTMLFormElement;
    expect(form.getAttribute('aria-label')).toBe('Mute player05');
    // A mute always ends: "Until lifted" is for bans only.
    const select = form.querySelector('select') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).not.toContain('Until lifted');
    await act(async () => {
      select.value = '60';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const submit = button(form, 'Mute');
    expect(submit.disabled).toBe(true);
    await type(form.querySelector('input') as HTMLInputElement, ' flooding ');
    await click(submit);
    await until(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: '/admin/chatroom/restrictions',
        body: { memberId: 5, kind: 'mute', minutes: 60, reason: 'flooding' },
      }),
    );
    await until(() => expect(target.querySelector('form')).toBeNull());

    await click(button(target, 'Ban'));
    const banForm = target.querySelector('form') as HTMLFormElement;
    const banSelect = banForm.querySelector('select') as HTMLSelectElement;
    await act(async () => {
      banSelect.value = '';
      banSelect.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await type(banForm.querySelector('input') as HTMLInputElement, 'scam');
    await click(button(banForm, 'Ban'));
    await until(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: '/admin/chatroom/restrictions',
        body: { memberId: 5, kind: 'ban', minutes: null, reason: 'scam' },
      }),
    );
  });

  it('shows why a delete was refused', async () => {
    deleteAnswer = {
      status: 404,
      body: { success: false, code: 'CHATROOM_MESSAGE_NOT_FOUND', message: 'No such chat room message' },
    };
    await renderPage();
    await click(button(row('hello all'), 'Delete'));
    await until(() => expect(alerts(row('hello all'))).toEqual(['No such chat room message']));
  });
});
