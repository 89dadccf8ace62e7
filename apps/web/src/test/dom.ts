/// <reference lib="dom.iterable" />
import i18next from 'i18next';
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import en from '../locales/en.json';

// What the player site's component tests in a DOM (happy-dom) share: the English texts, a fresh
// React root per test, and the few user actions they take.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function setUpDom() {
  let root: Root;
  let host: HTMLElement;
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({
      resources: { en: { translation: en } },
      // A second init keeps the options it does not name: the console's DOM tests, which may run
      // before in the same worker, set their own namespaces.
      ns: ['translation'],
      defaultNS: 'translation',
      lng: 'en',
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
      returnNull: false,
    });
  });
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    host.remove();
  });
  return {
    host: () => host,
    render: async (element: ReactElement) => act(async () => root.render(element)),
  };
}

/** Types into a React-controlled field: the native setter, then the input event React listens to. */
export async function type(field: HTMLInputElement | HTMLTextAreaElement, text: string): Promise<void> {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => element.click());
}

/** The input labelled `name` inside `within`; throws when there is none. */
export function input(within: ParentNode, name: string): HTMLInputElement {
  for (const label of within.querySelectorAll('label')) {
    if (label.textContent?.replace('*', '').trim() !== name) continue;
    const found = label.htmlFor ? within.querySelector<HTMLInputElement>(`[id="${label.htmlFor}"]`) : null;
    if (found) return found;
  }
  throw new Error(`no input ${name}`);
}
