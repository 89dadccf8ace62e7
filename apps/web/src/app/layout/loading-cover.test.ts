// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { click, setUpDom } from '../../test/dom';
import { LoadingCover } from './loading-cover';

// spec §2: between two routes the loading cover shows while the next page loads, and hides when it
// has arrived (and never while a page simply sits there).

const dom = setUpDom();

describe('the loading cover between routes', () => {
  it('covers the page while the next route loads and hides when it has arrived', async () => {
    let arrive: () => void = () => {};
    const nextPage = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const router = createMemoryRouter([
      {
        path: '/',
        Component: () => createElement('div', null, createElement(LoadingCover), createElement(Outlet)),
        children: [
          { index: true, Component: () => createElement(Link, { to: '/next' }, 'go') },
          {
            path: 'next',
            lazy: async () => {
              await nextPage;
              return { Component: () => createElement('h1', null, 'Next page') };
            },
          },
        ],
      },
    ]);
    await dom.render(createElement(RouterProvider, { router }));
    const cover = () => dom.host().querySelector('[data-testid="loading-cover"]');
    expect(cover()).toBeNull();

    await click(dom.host().querySelector('a') as HTMLElement);
    expect(cover()).not.toBeNull();
    expect(dom.host().querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe('Loading…');

    await act(async () => {
      arrive();
      await nextPage;
    });
    await act(async () => {});
    expect(dom.host().querySelector('h1')?.textContent).toBe('Next page');
    expect(cover()).toBeNull();
  });
});
