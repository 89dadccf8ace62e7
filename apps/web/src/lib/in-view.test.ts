// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUpDom } from '../test/dom';
import { useInView } from './in-view';

// The footer's vendor logos wait until their list is near the window (useInView): an observer that
// reports the list intersecting turns the answer true, once, and is then let go.

const dom = setUpDom();

type Report = (entries: { isIntersecting: boolean }[]) => void;
const observers: { report: Report; margin: string | undefined; observed: number; disconnected: boolean }[] = [];

class FakeObserver {
  private readonly entry;
  constructor(report: Report, options?: { rootMargin?: string }) {
    this.entry = { report, margin: options?.rootMargin, observed: 0, disconnected: false };
    observers.push(this.entry);
  }
  observe() {
    this.entry.observed++;
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}

function Probe() {
  const [ref, near] = useInView<HTMLParagraphElement>();
  return createElement('p', { ref, 'data-near': String(near) });
}

const near = () => dom.host().querySelector('p')?.getAttribute('data-near');

describe('useInView', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    observers.length = 0;
  });

  it('is false until the element comes within the margin, then true for good', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    await dom.render(createElement(Probe));
    expect(near()).toBe('false');
    expect(observers).toHaveLength(1);
    expect(observers[0]).toMatchObject({ margin: '200px', observed: 1 });

    await act(async () => observers[0]?.report([{ isIntersecting: false }]));
    expect(near()).toBe('false');
    await act(async () => observers[0]?.report([{ isIntersecting: true }]));
    expect(near()).toBe('true');
    expect(observers[0]?.disconnected).toBe(true);
    // Seen once is enough: no new observer watches it again.
    expect(observers).toHaveLength(1);
  });

  it('is true at once where the browser has no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    await dom.render(createElement(Probe));
    expect(near()).toBe('true');
  });
});
