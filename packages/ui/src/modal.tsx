import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// spec §2 Modals: close button, no close on outside click, page scroll locked (Radix does it),
// 100 ms fade (the modal-fade animation in index.css).
export function Modal({
  open,
  onClose,
  title,
  children,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-fade fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          aria-describedby={undefined}
          className={`modal-fade fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-24px)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-(--surface-raised) p-6 text-(--text) shadow-2xl ${wide ? 'max-w-3xl' : 'max-w-md'}`}
        >
          <Dialog.Title className="mb-4 pr-8 text-lg font-bold text-(--accent)">{title}</Dialog.Title>
          <Dialog.Close
            aria-label={t('common.close')}
            className="absolute top-4 right-4 rounded p-1 text-(--text-muted) hover:bg-(--surface) hover:text-(--text)"
          >
            <X size={20} aria-hidden />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
