import { type ComponentType, lazy, Suspense, useState } from 'react';
import { type ModalName, modalStore } from './modals';

/**
 * Mounts a lazily loaded modal group the first time one of `names` opens, and keeps it mounted so
 * the close animation and later openings need no new request (ui-guide first-chunk budget).
 */
export function lazyModals(names: ModalName[], load: () => Promise<ComponentType>) {
  const Component = lazy(async () => ({ default: await load() }));
  return function LazyModals() {
    const current = modalStore.use();
    const [seen, setSeen] = useState(false);
    if (!seen && names.includes(current)) setSeen(true);
    if (!seen && !names.includes(current)) return null;
    return (
      <Suspense fallback={null}>
        <Component />
      </Suspense>
    );
  };
}
