/// <reference lib="dom.iterable" />
import i18next from 'i18next';
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import core from '../locales/en/core.json';

// What the console's component tests in a DOM (happy-dom) share: English texts of the namespaces a
// screen uses, a fresh React root per test, and the few user actions they take.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Texts = Record<string, unknown>;

/**
 * Sets up i18next with core plus `namespaces` (English) once, and a root in a fresh element for each
 * test. `host()` is that element; `render` renders into it and waits for React to settle.
 */
export function setUpDom(namespaces: Record<string, Texts>) {
  let root: Root;
  let host: HTMLElement;
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({
      resources: { en: { core, ...namespaces } },
      ns: ['core', ...Object.keys(namespaces)],
      defaultNS: 'core',
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

/** The button whose whole text is `name` inside `within`; throws when there is none. */
export function button(within: ParentNode, name: string): HTMLButtonElement {
  const found = [...within.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

/** The texts of the alerts inside `within`. */
export const alerts = (within: ParentNode) =>
  [...within.querySelectorAll('[role="alert"]')].map((a) => a.textContent ?? '');

/**
 * Retries `check` until it passes (or throws its last failure after `timeoutMs`), letting React
 * apply what arrived in between (answers of the stand-in API) inside act.
 */
export async function until(check: () => void, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}
