// @vitest-environment happy-dom
import type { Banner } from '@gamehall/shared/api/site';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement, type FunctionComponent } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client';
import { closeModal, type ModalName, modalStore } from '../../lib/modals';
import { click, setUpDom } from '../../test/dom';
import { ForgotPasswordModal } from './forgot-password-modal';
import { LoginModal } from './login-modal';
import { RegisterModal } from './register-modal';

// The login, registration and forgotten-password modals show the banners an operator placed in their
// groups (w_login, w_register, w_forget), asked for by group and language; an empty group shows
// nothing. Every other call of the modals stays unanswered: only the banners matter here.

const served = new Map<string, Banner[]>();
vi.mock('../../lib/api-client', async (original) => ({
  ...(await original<typeof import('../../lib/api-client')>()),
  apiRequest: vi.fn(async (path: string, options?: { query?: Record<string, string> }) => {
    if (path === '/wps/system/banners') return served.get(options?.query?.groupName ?? '') ?? [];
    return new Promise(() => undefined);
  }),
}));
const request = vi.mocked(apiRequest);

const dom = setUpDom();
afterEach(async () => {
  await act(async () => closeModal());
  served.clear();
  request.mockClear();
});

function banner(id: number, group: string, title: string, link?: string): Banner {
  return {
    id,
    url: `/art/banners/${id}.svg`,
    linkageType: link ? 'ROUTE' : null,
    linkUrl: link ?? null,
    groupName: group,
    title,
  };
}

function Where() {
  return createElement('output', { 'data-testid': 'where' }, useLocation().pathname);
}

async function openIn(modal: FunctionComponent, name: ModalName) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await dom.render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(
        MemoryRouter,
        { initialEntries: ['/'] },
        createElement(Where),
        createElement(Routes, null, createElement(Route, { path: '*', element: createElement(modal) })),
      ),
    ),
  );
  await act(async () => modalStore.set(name));
  await vi.waitFor(() => expect(document.body.querySelector('[role="dialog"]')).not.toBeNull());
}

const dialog = () => document.body.querySelector<HTMLElement>('[role="dialog"]');
const images = () => [...(dialog()?.querySelectorAll('img') ?? [])].map((img) => img.getAttribute('alt'));

const cases = [
  { group: 'w_login', modal: LoginModal, name: 'login' },
  { group: 'w_register', modal: RegisterModal, name: 'register' },
  { group: 'w_forget', modal: ForgotPasswordModal, name: 'forgetPass' },
] as const;

describe.each(cases)('the $name modal', ({ group, modal, name }) => {
  it(`shows the ${group} banners, asked for by group and language`, async () => {
    served.set(group, [banner(1, group, 'First banner'), banner(2, group, 'Second banner')]);
    // Another group's banners never show here.
    served.set('w_home', [banner(3, 'w_home', 'Home banner')]);
    await openIn(modal, name);
    await vi.waitFor(() => expect(images()).toEqual(['First banner', 'Second banner']));
    expect(dialog()?.querySelector(`[data-testid="banners-${group}"]`)).not.toBeNull();
    expect(request).toHaveBeenCalledWith('/wps/system/banners', { query: { groupName: group, language: 'EN' } });
  });

  it('shows nothing of the kind while the group is empty', async () => {
    await openIn(modal, name);
    await vi.waitFor(() =>
      expect(request).toHaveBeenCalledWith('/wps/system/banners', { query: { groupName: group, language: 'EN' } }),
    );
    // The answer (no banners) has arrived and been drawn.
    await act(async () => undefined);
    expect(dialog()?.querySelector(`[data-testid="banners-${group}"]`)).toBeNull();
    expect(images()).toEqual([]);
  });
});

describe('a banner with a link', () => {
  it('closes the modal and opens its page; one without a link is not a button that does anything', async () => {
    served.set('w_forget', [banner(1, 'w_forget', 'Help', '/help'), banner(2, 'w_forget', 'Plain')]);
    await openIn(ForgotPasswordModal, 'forgetPass');
    await vi.waitFor(() => expect(images()).toEqual(['Help', 'Plain']));
    const [linked, plain] = [
      ...(dialog()?.querySelectorAll<HTMLButtonElement>('[data-testid="banners-w_forget"] button') ?? []),
    ];
    expect(plain?.disabled).toBe(true);
    await click(linked as HTMLButtonElement);
    expect(modalStore.get()).toBeNull();
    expect(document.body.querySelector('[data-testid="where"]')?.textContent).toBe('/help');
  });
});
