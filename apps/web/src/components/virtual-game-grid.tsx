import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { GRID_GAP, gridColumns, gridRowCount, gridRowHeight, shouldLoadMore } from './game-grid-layout';

/**
 * ui-guide budgets: the 10,000-game grid keeps under 1,500 DOM nodes at any scroll position. Rows
 * of tiles are virtualised against the window's scroll (the page header and footer scroll with
 * it); the column count follows the grid's width; the next page loads near the end.
 */
export function VirtualGameGrid<T>({
  items,
  getKey,
  renderItem,
  hasMore,
  loading,
  onLoadMore,
  label,
}: {
  items: readonly T[];
  getKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  label: string;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const [width, setWidth] = useState(0);
  const [offset, setOffset] = useState(0);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => {
      setWidth(el.clientWidth);
      setOffset(el.getBoundingClientRect().top + window.scrollY);
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    // Content above the grid (filters, banners) changing height moves the grid's start.
    if (el.parentElement) observer.observe(el.parentElement);
    return () => observer.disconnect();
  }, []);

  const columns = gridColumns(width);
  const rowHeight = gridRowHeight(width || 1200, columns);
  const rows = gridRowCount(items.length, columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => rowHeight,
    // One row beyond each edge: every extra row is a row of new artwork to paint while scrolling.
    overscan: 1,
    scrollMargin: offset,
    // Let React batch the scroll updates instead of rendering synchronously on every scroll event.
    useFlushSync: false,
  });
  // A new width means new row heights: the virtualizer re-measures instead of keeping stale ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowHeight is the trigger
  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);

  const virtualRows = virtualizer.getVirtualItems();
  const lastVisibleRow = virtualRows.at(-1)?.index ?? 0;
  useEffect(() => {
    if (shouldLoadMore({ lastVisibleRow, loadedRows: rows, hasMore, loading })) onLoadMore();
  }, [lastVisibleRow, rows, hasMore, loading, onLoadMore]);

  // Each tile is placed on its own (no row wrappers), so the list is a real <ul> of <li>s.
  const columnWidth = width > 0 ? (width - GRID_GAP * (columns - 1)) / columns : 0;
  return (
    <ul
      ref={ref}
      aria-label={label}
      aria-busy={loading}
      data-testid="game-grid"
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualRows.flatMap((row) => {
        const start = row.index * columns;
        return items.slice(start, start + columns).map((item, i) => (
          <li
            key={getKey(item)}
            className="absolute top-0"
            style={{
              insetInlineStart: i * (columnWidth + GRID_GAP),
              width: columnWidth,
              height: rowHeight - GRID_GAP,
              transform: `translateY(${row.start - offset}px)`,
              // The tile's size is fixed: its layout and paint stay inside it (docs/benchmarks.md).
              contain: 'strict',
            }}
          >
            {renderItem(item, start + i)}
          </li>
        ));
      })}
    </ul>
  );
}
