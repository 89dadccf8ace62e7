import { Button } from '@gamehall/ui/button';
import { useTranslation } from 'react-i18next';

/** The end of a dialog's form: the server's refusal, then Cancel and the submit button (Save unless named). */
export function FormFooter({
  error,
  busy,
  onCancel,
  submitLabel,
}: {
  error: string;
  busy: boolean;
  onCancel: () => void;
  submitLabel?: string;
}) {
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
          {submitLabel ?? t('common.save')}
        </Button>
      </div>
    </>
  );
}

/** The end of a page's own form (a dialog's has FormFooter): the server's refusal, "Saved" once saved, and Save. */
export function SaveFooter({ error, saved, busy }: { error: string; saved: boolean; busy: boolean }) {
  const { t } = useTranslation('core');
  return (
    <>
      {error && (
        <p role="alert" className="mb-2 text-sm text-(--danger)">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="mb-2 text-sm text-(--success)">
          {t('common.saved')}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {t('common.save')}
      </Button>
    </>
  );
}
