import { PointsAdjustmentBody } from '@gamehall/shared/api/points';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { adjust, memberPointsQuery, newRequestId, pointsKey } from './api';

/** A member's points and their movements, and an audited adjustment (credit or debit, with a reason). */
export function MemberPointsPage() {
  const { t } = useTranslation('points');
  const writable = useCan()('points.write');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(1);
  const view = useQuery(memberPointsQuery(username, page));
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(PointsAdjustmentBody, { username, points: Number(points), reason, requestId });
    if (!checked.data) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    setError('');
    try {
      await adjust(checked.data);
      setPoints('');
      setReason('');
      setRequestId(newRequestId());
      await queryClient.invalidateQueries({ queryKey: pointsKey });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const details = view.data?.details;
  return (
    <div>
      <PageHeader title={t('members.title')} description={t('members.description')} />
      <form
        className="mb-4 flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setUsername(draft.trim());
          setPage(1);
        }}
      >
        <Field label={t('fields.member')} value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={64} />
        <Button type="submit" className="mb-3">
          {t('members.find')}
        </Button>
      </form>
      {view.error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {errorMessage(view.error)}
        </p>
      )}
      {view.data && (
        <>
          <p className="mb-4 text-lg" data-testid="member-points">
            {t('members.balance', { username: view.data.username, points: view.data.points.toLocaleString() })}
          </p>
          {writable && (
            <form
              onSubmit={(e) => void submit(e)}
              noValidate
              className="mb-6 max-w-md rounded-lg border border-(--border) p-4"
            >
              <h2 className="mb-2 font-semibold">{t('members.adjust')}</h2>
              <Field
                label={t('members.adjustPoints')}
                hint={t('members.adjustHint')}
                type="number"
                value={points}
                onChange={(e) => setPoints(e.target.value)}
                error={errors.points}
                required
              />
              <Field
                label={t('members.reason')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                error={errors.reason}
                maxLength={200}
                required
              />
              {error && (
                <p role="alert" className="mb-3 text-sm text-(--danger)">
                  {error}
                </p>
              )}
              <Button type="submit" disabled={busy}>
                {t('members.adjust')}
              </Button>
            </form>
          )}
          <PlainTable
            caption={t('members.details')}
            collapse
            columns={[
              { label: t('fields.time') },
              { label: t('fields.type') },
              { label: t('fields.changed'), numeric: true },
              { label: t('fields.balance'), numeric: true },
              { label: t('fields.remark') },
            ]}
          >
            {(details?.content ?? []).map((d) => (
              <tr key={d.id} className="border-b border-(--border) last:border-b-0">
                <td className="px-3 py-2 text-xs">{formatDateTime(d.time)}</td>
                <td className="px-3 py-2">{t(`movements.${d.type}`, { defaultValue: d.type })}</td>
                <td className="px-3 py-2 text-right tabular-nums">{d.changedPoints.toLocaleString()}</td>
                <td className="px-3 py-2 text-right tabular-nums">{d.pointsBalance.toLocaleString()}</td>
                <td className="px-3 py-2 text-xs">{d.remark || d.reference}</td>
              </tr>
            ))}
          </PlainTable>
          {details && details.totalPages > 1 && (
            <div className="mt-3 flex items-center gap-2 text-sm">
              <Button variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                ‹
              </Button>
              <span>
                {page} / {details.totalPages}
              </span>
              <Button variant="ghost" disabled={page >= details.totalPages} onClick={() => setPage(page + 1)}>
                ›
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
