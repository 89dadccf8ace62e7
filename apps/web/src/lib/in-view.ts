import { type RefCallback, useCallback, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport, once (it stays true). Native
 * `loading="lazy"` fetches images from 1,250 px or more below the window, which on a short page is
 * the whole footer; this waits until the element is nearly in view. Without IntersectionObserver
 * (an old browser) the answer is true at once.
 */
export function useInView<T extends Element>(margin = '200px'): [RefCallback<T>, boolean] {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (!element || seen) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          setSeen(true);
          observer.disconnect();
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [margin, seen],
  );
  return [ref, seen];
}
