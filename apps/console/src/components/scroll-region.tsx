import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A horizontally scrolling box (a wide table on a narrow screen) that a keyboard can scroll: while
 * its content overflows it takes focus as a named region (WCAG 2.1.1; axe's
 * scrollable-region-focusable), and it stays out of the tab order when everything fits.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={`overflow-x-auto ${className ?? ''}`}
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}
