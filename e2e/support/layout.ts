import type { Page } from 'playwright-core';

// Whether anything fixed to the window (a header, a tab bar, a floating button) sits over the
// page's text, measured with boxes: each text node's line boxes against each fixed or sticky
// element's box. "No sideways scroll" cannot see a button parked over a table's last value.

/**
 * The texts a fixed or sticky element covers at the current scroll position, as
 * `"<text>" under <element>` lines (an empty list is the pass). A bar the page scrolls under covers
 * text by design, as long as scrolling brings the text out: a bar along the window's top (the sticky
 * header) counts at the page's top, one along its bottom (the tab bar) at the page's end, where
 * nothing can come out from under it. Anything else fixed (a floating button, a banner) covers
 * what is beside it wherever the page is, so it always counts. `at` says where the page is.
 */
export async function coveredTexts(page: Page, at: 'top' | 'middle' | 'end'): Promise<string[]> {
  return page.evaluate(`(${COVERED_TEXTS})(${JSON.stringify(at)})`) as Promise<string[]>;
}

// The check as the browser runs it, kept as source text: the spec runner's transpiler wraps named
// functions in a helper the page does not have.
const COVERED_TEXTS = `function (at) {
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const shown = function (el) {
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0.05;
  };
  const covers = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const position = getComputedStyle(el).position;
    if (position !== 'fixed' && position !== 'sticky') continue;
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2 || !shown(el)) continue;
    const bar = box.width >= viewport.width * 0.9;
    if (bar && box.top <= 1 && box.bottom < viewport.height - 1 && at !== 'top') continue;
    if (bar && box.bottom >= viewport.height - 1 && box.top > 1 && at !== 'end') continue;
    // A fixed element inside another is part of it.
    if (covers.some(function (c) { return c.el.contains(el); })) continue;
    const label = el.getAttribute('aria-label') || el.getAttribute('data-testid') || el.id;
    covers.push({ el: el, box: box, name: el.tagName.toLowerCase() + (label ? '[' + label + ']' : '') });
  }
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent || '').trim();
    const parent = node.parentElement;
    if (!text || !parent || !shown(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const line of Array.from(range.getClientRects())) {
      // Screen-reader-only text is a clipped pixel; text outside the window is not seen.
      if (line.width < 2 || line.height < 2) continue;
      if (line.bottom <= 0 || line.top >= viewport.height || line.right <= 0 || line.left >= viewport.width) continue;
      for (const cover of covers) {
        if (cover.el.contains(node)) continue;
        const x = Math.min(line.right, cover.box.right) - Math.max(line.left, cover.box.left);
        const y = Math.min(line.bottom, cover.box.bottom) - Math.max(line.top, cover.box.top);
        if (x > 1 && y > 1) found.push('"' + text.slice(0, 40) + '" under ' + cover.name);
      }
    }
  }
  return Array.from(new Set(found));
}`;

/**
 * Scrolls the window to its end (or top) and waits for the frame to settle. A page whose data is
 * still arriving grows under the scroll (after a client-side navigation Playwright's "networkidle"
 * has long been reached, so it does not wait for that data): the end is the end only once the
 * page's height has stayed the same for a settle period, so the scroll is repeated until it has.
 * Resolves false when it had not settled by the deadline.
 */
export async function scrollToEdge(page: Page, edge: 'top' | 'end'): Promise<boolean> {
  // A wait, not a speed check: on a loaded machine a page can go on growing for seconds, and a
  // check of its end must not read it scrolled short of it.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const before = await page.evaluate((to) => {
      window.scrollTo(0, to === 'top' ? 0 : document.documentElement.scrollHeight);
      return document.documentElement.scrollHeight;
    }, edge);
    await page.waitForTimeout(300);
    const settled = await page.evaluate(
      ({ to, height }) => {
        const doc = document.documentElement;
        if (doc.scrollHeight !== height) return false;
        return to === 'top' ? window.scrollY === 0 : window.scrollY + window.innerHeight >= doc.scrollHeight - 1;
      },
      { to: edge, height: before },
    );
    if (settled) return true;
    if (Date.now() > deadline) return false;
  }
}
