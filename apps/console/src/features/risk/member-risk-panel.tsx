import { RISK_LEVELS, type RiskLevel } from '@gamehall/shared/api/risk';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PlainTable } from '../../components/plain-table';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { memberRiskQuery, riskKey, setRiskLevel } from './api';
import { FlagSentence, LevelBadge, MemberName, ReviewButtons, ReviewState } from './risk-parts';

// The member page's Risk tab (risk.read): the member's level with its reason and history, the form
// that sets it (risk.write), the member's linked accounts and flags with their review buttons.

function LevelForm({ memberId, level }: { memberId: number; level: RiskLevel }) {
  const { t } = useTranslation('risk');
  const queryClient = useQueryClient();
  const [next, setNext] = useState<RiskLevel>(level);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(t('panel.reasonRequired'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await setRiskLevel(memberId, { level: next, reason: reason.trim() });
      setReason('');
      await queryClient.invalidateQueries({ queryKey: riskKey });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-3" noValidate>
      <div className="text-sm">
        <label htmlFor="risk-level" className="mb-1 block font-medium">
          {t('panel.newLevel')}
        </label>
        <select
          id="risk-level"
          value={next}
          onChange={(e) => setNext(e.target.value as RiskLevel)}
          className="rounded-md border border-(--border) bg-(--surface) px-2 py-1"
        >
          {RISK_LEVELS.map((l) => (
            <option key={l} value={l}>
              {t(`levels.${l}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-64 flex-1 text-sm">
        <label htmlFor="risk-reason" className="mb-1 block font-medium">
          {t('panel.reason')}
        </label>
        <input
          id="risk-reason"
          value={reason}
          maxLength={500}
          aria-describedby={error ? 'risk-level-error' : undefined}
          onChange={(e) => setReason(e.target.value)}
          className="w-full rounded-md border border-(--border) bg-(--surface) px-2 py-1"
        />
      </div>
      <Button type="submit" disabled={busy}>
        {t('panel.set')}
      </Button>
      {error && (
        <p id="risk-level-error" role="alert" className="w-full text-sm text-(--danger)">
          {error}
        </p>
      )}
    </form>
  );
}

export function MemberRiskPanel({ memberId }: { memberId: number }) {
  const { t } = useTranslation('risk');
  const can = useCan();
  const risk = useQuery(memberRiskQuery(memberId));
  if (risk.error) return <QueryErrorAlert error={risk.error} />;
  if (!risk.data) return <p className="text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>;
  const r = risk.data;
  return (
    <div className="space-y-6">
      <section>
        <h2 className="mb-2 text-sm font-bold tracking-wide text-(--text-muted) uppercase">{t('panel.level')}</h2>
        <p className="mb-3 flex flex-wrap items-center gap-2 text-sm">
          <LevelBadge level={r.level} />
          {r.reason && <span>{r.reason}</span>}
          {r.updatedAt && (
            <span className="text-(--text-muted)">
              {t(`sources.${r.source ?? 'operator'}`)} · {formatDateTime(r.updatedAt)}
            </span>
          )}
        </p>
        {can('risk.write') && <LevelForm key={r.level} memberId={memberId} level={r.level} />}
        {r.history.length > 0 && (
          <PlainTable
            caption={t('panel.history')}
            columns={[
              { label: t('fields.when') },
              { label: t('panel.change') },
              { label: t('panel.reason') },
              { label: t('fields.by') },
            ]}
          >
            {r.history.map((h) => (
              <tr key={h.id} className="border-b border-(--border)">
                <td className="px-3 py-2">{formatDateTime(h.createdAt)}</td>
                <td className="px-3 py-2">
                  {t(`levels.${h.from}`)} → {t(`levels.${h.to}`)}
                </td>
                <td className="px-3 py-2">{h.reason}</td>
                <td className="px-3 py-2">
                  {h.operator ?? ''} ({t(`sources.${h.source}`)})
                </td>
              </tr>
            ))}
          </PlainTable>
        )}
      </section>
      <section>
        <h2 className="mb-2 text-sm font-bold tracking-wide text-(--text-muted) uppercase">{t('panel.links')}</h2>
        <PlainTable
          caption={t('panel.links')}
          columns={[
            { label: t('fields.found') },
            { label: t('fields.other') },
            { label: t('fields.shares') },
            { label: t('fields.status') },
            { label: t('fields.actions') },
          ]}
          empty={r.links.length === 0 ? t('panel.noLinks') : undefined}
        >
          {r.links.map((l) => (
            <tr key={l.id} className="border-b border-(--border)" data-testid={`member-risk-link-${l.id}`}>
              <td className="px-3 py-2">{formatDateTime(l.createdAt)}</td>
              <td className="px-3 py-2">
                <MemberName member={l.member.id === memberId ? l.other : l.member} />
              </td>
              <td className="px-3 py-2">
                {t(`linkKinds.${l.kind}`)}: <code className="break-all">{l.value}</code>
              </td>
              <td className="px-3 py-2">
                <ReviewState status={l.status} reviewedBy={l.reviewedBy} note={l.note} />
              </td>
              <td className="px-3 py-2">
                <ReviewButtons target={{ link: l }} />
              </td>
            </tr>
          ))}
        </PlainTable>
      </section>
      <section>
        <h2 className="mb-2 text-sm font-bold tracking-wide text-(--text-muted) uppercase">{t('panel.flags')}</h2>
        <PlainTable
          caption={t('panel.flags')}
          columns={[
            { label: t('fields.found') },
            { label: t('fields.kind') },
            { label: t('fields.why') },
            { label: t('fields.status') },
            { label: t('fields.actions') },
          ]}
          empty={r.flags.length === 0 ? t('panel.noFlags') : undefined}
        >
          {r.flags.map((f) => (
            <tr key={f.id} className="border-b border-(--border)" data-testid={`member-risk-flag-${f.id}`}>
              <td className="px-3 py-2">{formatDateTime(f.createdAt)}</td>
              <td className="px-3 py-2">{t(`flagKinds.${f.kind}`)}</td>
              <td className="max-w-md px-3 py-2">
                <FlagSentence evidence={f.evidence} />
              </td>
              <td className="px-3 py-2">
                <ReviewState status={f.status} reviewedBy={f.reviewedBy} note={f.note} />
              </td>
              <td className="px-3 py-2">
                <ReviewButtons target={{ flag: f }} />
              </td>
            </tr>
          ))}
        </PlainTable>
      </section>
    </div>
  );
}
