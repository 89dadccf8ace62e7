// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../lib/session-token';
import members from '../../locales/en/members.json';
import { click, setUpDom, until } from '../../test/dom';
import { Revealable } from './revealable';

// A masked personal value in a DOM: an operator without members.reveal reads it masked with no Show
// button; one with it asks for the value (the server audits the ask) and reads it in full.

const dom = setUpDom({ members });
const asked: unknown[] = [];

beforeEach(() => {
  asked.length = 0;
  saveToken('operator-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/admin/members/7/reveal') {
        asked.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ success: true, value: { field: 'email', value: 'pia@example.com' } }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: url.pathname }), {
        status: 404,
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderAs(permissions: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session', 'me'], { permissions, roles: [] });
  await dom.render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(Revealable, { memberId: 7, field: 'email', value: 'p***@example.com', label: 'Email' }),
    ),
  );
}

const showButton = () => dom.host().querySelector<HTMLButtonElement>('button[aria-label="Show the full Email"]');

describe('a masked personal value', () => {
  it('has no Show button for members.read alone', async () => {
    await renderAs(['members.read']);
    expect(dom.host().querySelector('[data-pii=email]')?.textContent).toBe('p***@example.com');
    expect(showButton()).toBeNull();
  });

  it('is shown in full on request with members.reveal', async () => {
    await renderAs(['members.read', 'members.reveal']);
    const button = showButton();
    if (!button) throw new Error('no Show button');
    await click(button);
    await until(() => expect(dom.host().querySelector('[data-pii=email]')?.textContent).toBe('pia@example.com'));
    expect(asked).toEqual([{ field: 'email' }]);
  });
});
