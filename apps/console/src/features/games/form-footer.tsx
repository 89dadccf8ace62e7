import { Button } from '@gamehall/ui/button';
import { useTranslation } from 'react-i18next';

/** The end of an edit dialog's form: the server's refusal, then Cancel and Save. */
export function FormFooter({ error, busy, onCancel }: { error: string; busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation('core');
  return (
    <>
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {t('common.save')}
        </Button>
      </div>
    </>
  );
}
