import { MemberLevelBody } from '@gamehall/shared/api/vip';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { memberVipQuery, setMemberLevel, vipKey, vipQuery } from './api';

// A member's VIP level, window totals and level history; an operator with promotions.write sets
// the level by hand with a reason, until the next monthly review or through a date, and pays the
// level's upgrade bonus only when ticked (audited as vip.memberLevel, docs/vip.md "Operator").
export function MemberLevelPage() {
  const { t } = useTranslation('vip');
  const id = useId();
  const writable = useCan()('promotions.write');
  const queryClient = useQueryClient();
  const [lookup, setLookup] = useState('');
  const [username, setUsername] = useState('');
  const member = useQuery(memberVipQuery(username));
  const levels = useQuery(vipQuery).data?.levels ?? [];
  const [level, setLevel] = useState('');
  const [reason, setReason] = useState('');
  const [holdBy, setHoldBy] = useState<'review' | 'date'>('review');
  const [holdDate, setHoldDate] = useState('');
  const [upgradeBonus, setUpgradeBonus] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);

  const find = (e: FormEvent) => {
    e.preventDefault();
    setUsername(lookup.trim());
    setSaved(false);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const memberId = member.data?.memberId;
    if (memberId === undefined) return;
    const checked = validate(MemberLevelBody, {
      level: level === '' ? undefined : Number(level),
      reason,
      holdUntil: holdBy === 'review' ? 'review' : holdDate,
      upgradeBonus,
    });
    if (!checked.data) return setErrors(checked.errors);
    setErrors({});
    setError('');
    try {
      await setMemberLevel(memberId, checked.data);
      await queryClient.invalidateQueries({ queryKey: vipKey });
      setSaved(true);
      setReason('');
      setUpgradeBonus(false);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const m = member.data;
  return (
    <div className="max-w-3xl">
      <PageHeader title={t('member.title')} description={t('member.description')} />
      <form onSubmit={find} className="mb-6 flex flex-wrap items-end gap-3" noValidate>
        <Field label={t('member.username')} value={lookup} maxLength={64} onChange={(e) => setLookup(e.target.value)} />
        <Button type="submit">{t('member.find')}</Button>
      </form>
      <QueryErrorAlert error={member.error} />
      {m && (
        <>
          <dl className="mb-6 grid grid-cols-2 gap-2 text-sm" data-testid="vip-member">
            <dt className="text-(--text-muted)">{t('member.username')}</dt>
            <dd>{m.username}</dd>
            <dt className="text-(--text-muted)">{t('fields.level')}</dt>
            <dd>
              {m.labelName} ({m.level})
            </dd>
            <dt className="text-(--text-muted)">{t('member.setByHand')}</dt>
            <dd data-testid="vip-hold">
              {m.hold
                ? m.hold.until === 'review'
                  ? t('member.holdsUntilReview', { level: m.hold.level, day: m.hold.lastDay })
                  : t('member.holdsThrough', { level: m.hold.level, day: m.hold.lastDay })
                : t('member.noHold')}
            </dd>
            <dt className="text-(--text-muted)">{t('member.window', { days: m.windowDays })}</dt>
            <dd>
              {t('fields.minDeposit')}: {formatMoney(m.deposits)} · {t('fields.minValidBet')}:{' '}
              {formatMoney(m.validBets)}
            </dd>
          </dl>
          {writable && (
            <form onSubmit={(e) => void submit(e)} noValidate className="mb-6 flex flex-wrap items-end gap-3">
              <div className="flex flex-col text-sm">
                <label htmlFor={`${id}-level`} className="mb-1 font-medium">
                  {t('member.newLevel')}
                </label>
                <select
                  id={`${id}-level`}
                  value={level}
                  onChange={(e) => setLevel(e.target.value)}
                  className="rounded-md border border-(--border) bg-(--surface) px-2 py-2"
                >
                  <option value="">-</option>
                  {levels.map((l) => (
                    <option key={l.level} value={l.level}>
                      {l.level} {l.labelName}
                    </option>
                  ))}
                </select>
                {errors.level && <span className="text-xs text-(--danger)">{errors.level}</span>}
              </div>
              <Field
                label={t('member.reason')}
                value={reason}
                maxLength={200}
                onChange={(e) => setReason(e.target.value)}
                error={errors.reason}
              />
              <fieldset className="flex flex-col gap-1 text-sm">
                <legend className="mb-1 font-medium">{t('member.holds')}</legend>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-hold`}
                    checked={holdBy === 'review'}
                    onChange={() => setHoldBy('review')}
                  />
                  {t('member.untilReview')}
                </label>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-hold`}
                    checked={holdBy === 'date'}
                    onChange={() => setHoldBy('date')}
                  />
                  {t('member.throughDate')}
                  <input
                    type="date"
                    aria-label={t('member.lastDay')}
                    value={holdDate}
                    disabled={holdBy !== 'date'}
                    onChange={(e) => setHoldDate(e.target.value)}
                    className="rounded-md border border-(--border) bg-(--surface) px-2 py-1"
                  />
                </label>
                {errors.holdUntil && <span className="text-xs text-(--danger)">{errors.holdUntil}</span>}
              </fieldset>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={upgradeBonus} onChange={(e) => setUpgradeBonus(e.target.checked)} />
                {t('member.payUpgradeBonus')}
              </label>
              <Button type="submit">{t('member.set')}</Button>
            </form>
          )}
          {error && (
            <p role="alert" className="mb-3 text-sm text-(--danger)">
              {error}
            </p>
          )}
          {saved && (
            <p role="status" className="mb-3 text-sm text-(--success)">
              {t('saved.member')}
            </p>
          )}
          <PlainTable
            caption={t('member.changes')}
            columns={[
              { label: t('member.time') },
              { label: t('member.from') },
              { label: t('member.to') },
              { label: t('member.source') },
              { label: t('member.reason') },
            ]}
          >
            {m.changes.map((c) => (
              <tr key={`${c.createdAt}-${c.toLevel}`} className="border-b border-(--border) last:border-b-0">
                <td className="px-3 py-2">{formatDateTime(c.createdAt)}</td>
                <td className="px-3 py-2">{c.fromLevel}</td>
                <td className="px-3 py-2">{c.toLevel}</td>
                <td className="px-3 py-2">{t(`member.sources.${c.source}`)}</td>
                <td className="px-3 py-2">{c.reason}</td>
              </tr>
            ))}
          </PlainTable>
        </>
      )}
    </div>
  );
}
