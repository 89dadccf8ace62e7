import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A scrolling box that a keyboard can scroll: a wide table on a narrow screen (axis x, the default)
 * or a long list of a dialog within a set height (axis y). While its content overflows it takes
 * focus as a region named by `label` or by the element `labelledBy` names (WCAG 2.1.1; axe's
 * scrollable-region-focusable), and it stays out of the tab order when everything fits.
 */
export function ScrollRegion({
  label,
  labelledBy,
  axis = 'x',
  className,
  children,
}: {
  label?: string;
  labelledBy?: string;
  axis?: 'x' | 'y';
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setOverflows(axis === 'x' ? box.scrollWidth > box.clientWidth + 1 : box.scrollHeight > box.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [axis]);
  const name = labelledBy !== undefined ? { 'aria-labelledby': labelledBy } : { 'aria-label': label };
  return (
    <div
      ref={ref}
      className={`${axis === 'x' ? 'overflow-x-auto' : 'overflow-y-auto'} ${className ?? ''}`}
      {...(overflows ? { tabIndex: 0, role: 'region', ...name } : {})}
    >
      {children}
    </div>
  );
}
