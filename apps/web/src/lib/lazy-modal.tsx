import { type ComponentType, lazy, Suspense, useState } from 'react';
import { loadAllStrings } from './i18n';
import { type ModalName, modalStore } from './modals';

/**
 * Mounts a lazily loaded modal group the first time one of `names` opens, and keeps it mounted so
 * the close animation and later openings need no new request (ui-guide first-chunk budget). The
 * modals' strings (registration, the error catalogue) are not in the first chunk: they come with
 * the full English file, loaded alongside the code.
 */
export function lazyModals(names: ModalName[], load: () => Promise<ComponentType>) {
  const Component = lazy(async () => ({ default: (await Promise.all([load(), loadAllStrings()]))[0] }));
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
