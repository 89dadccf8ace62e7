import { Button } from '@gamehall/ui/button';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { AlertDialog as RadixAlert } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { alertStore } from '../../lib/alerts';

export function AlertDialogHost() {
  const { t } = useTranslation();
  const request = alertStore.use();
  const finish = (ok: boolean) => {
    request?.resolve(ok);
    alertStore.set(null);
  };
  const Icon = request?.tone === 'success' ? CheckCircle2 : AlertTriangle;
  return (
    <RadixAlert.Root open={Boolean(request)}>
      <RadixAlert.Portal>
        <RadixAlert.Overlay className="modal-fade fixed inset-0 z-[60] bg-black/60" />
        <RadixAlert.Content className="modal-fade fixed top-1/2 left-1/2 z-[70] w-[calc(100vw-24px)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl bg-(--surface-raised) p-6 text-center text-(--text) shadow-2xl">
          <Icon
            aria-hidden
            size={40}
            className={`mx-auto mb-3 ${request?.tone === 'success' ? 'text-(--success)' : 'text-(--accent)'}`}
          />
          <RadixAlert.Title className="sr-only">{t('common.notice')}</RadixAlert.Title>
          <RadixAlert.Description className="mb-5 text-sm">{request?.message}</RadixAlert.Description>
          <div className="flex justify-center gap-3">
            {request?.cancellable && (
              <RadixAlert.Cancel asChild>
                <Button variant="secondary" onClick={() => finish(false)}>
                  {t('common.cancel')}
                </Button>
              </RadixAlert.Cancel>
            )}
            <RadixAlert.Action asChild>
              <Button onClick={() => finish(true)}>{request?.confirmLabel ?? t('common.ok')}</Button>
            </RadixAlert.Action>
          </div>
        </RadixAlert.Content>
      </RadixAlert.Portal>
    </RadixAlert.Root>
  );
}
