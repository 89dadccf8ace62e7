import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { saveSegment } from './api';
import { isEveryone, segmentFromSearch } from './save-segment';

/**
 * "Save as segment": the search's applied filters saved as a campaign segment under a name the
 * operator gives. The saved segment's size (members a campaign can reach now) is shown once saved;
 * a name already used is refused by the server (CAMPAIGN_SEGMENT_NAME_TAKEN) and shown beside it.
 */
export function SaveSegmentButton() {
  const { t } = useTranslation('members');
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const client = useQueryClient();
  const current = segmentFromSearch(params);
  const save = useMutation({
    mutationFn: saveSegment,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['messages', 'campaigns'] }),
  });
  const close = () => {
    setOpen(false);
    setName('');
    setNameError('');
    save.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!current.ok || save.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('segment.nameRequired'));
      return;
    }
    if (trimmed.length > 80) {
      setNameError(t('segment.nameTooLong'));
      return;
    }
    setNameError('');
    save.mutate({ name: trimmed, filter: current.filter });
  };
  const saved = save.data;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('segment.button')}
      </Button>
      <Modal open={open} onClose={close} title={t('segment.title')}>
        {!current.ok ? (
          <p role="alert" className="text-sm text-(--danger)">
            {t(`segment.refused.${current.reason}`)}
          </p>
        ) : saved ? (
          <div className="grid gap-3">
            <p role="status" className="text-sm" data-testid="segment-saved">
              {t('segment.saved', { name: saved.name, count: saved.size })}
            </p>
            <div className="flex justify-end gap-2">
              <Link className="text-sm font-semibold text-(--accent) underline" to="/messages/campaigns">
                {t('segment.toCampaigns')}
              </Link>
              <Button onClick={close}>{t('segment.close')}</Button>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-2">
            <p className="text-sm text-(--text-muted)">{t('segment.hint')}</p>
            {isEveryone(current.filter) && (
              <p className="text-sm font-semibold text-(--accent)">{t('segment.everyone')}</p>
            )}
            <Field
              label={t('segment.name')}
              name="segmentName"
              required
              value={name}
              maxLength={80}
              error={nameError || (save.error ? errorMessage(save.error) : undefined)}
              onChange={(e) => {
                setName(e.target.value);
                if (save.error) save.reset();
              }}
            />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="ghost" onClick={close}>
                {t('segment.cancel')}
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {t('segment.save')}
              </Button>
            </div>
          </form>
        )}
      </Modal>
    </>
  );
}
