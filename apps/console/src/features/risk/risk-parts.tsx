import type {
  AdminRiskFlag,
  AdminRiskLink,
  AdminRiskLinkGroup,
  AdminRiskReviewBody,
  RiskFlagEvidence,
  RiskLevel,
} from '@gamehall/shared/api/risk';
import { Button } from '@gamehall/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { reviewFlag, reviewLink, reviewLinkGroup, riskKey } from './api';

// What the Risk screens and the member page's Risk tab share: the level badge, a flag in words, a
// member's name linking to their page, and the confirm / dismiss buttons with their note.

const LEVEL_TONES: Record<RiskLevel, Tone> = { low: 'success', normal: 'muted', high: 'warning', blocked: 'danger' };

export function LevelBadge({ level }: { level: RiskLevel }) {
  const { t } = useTranslation('risk');
  return <StatusBadge label={t(`levels.${level}`)} tone={LEVEL_TONES[level]} />;
}

export function MemberName({ member }: { member: { id: number; username: string; level: RiskLevel } }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Link className="font-semibold text-(--accent) hover:underline" to={`/members/${member.id}?tab=risk`}>
        {member.username}
      </Link>
      {member.level !== 'normal' && <LevelBadge level={member.level} />}
    </span>
  );
}

/** A flag's evidence as the sentence an operator reads. */
export function FlagSentence({ evidence }: { evidence: RiskFlagEvidence }) {
  const { t } = useTranslation('risk');
  if (evidence.kind === 'bonus_hit_and_run') {
    const turnoverPercent = evidence.required > 0 ? Math.round((evidence.turnover / evidence.required) * 100) : 0;
    return (
      <span>
        {t('explain.bonus_hit_and_run', {
          deposit: formatMoney(evidence.deposit),
          bonus: formatMoney(evidence.bonus),
          promotion: evidence.promotion ?? t('explain.missionBonus'),
          withdrawal: formatMoney(evidence.withdrawal),
          hours: evidence.hoursAfterClaim,
          turnover: formatMoney(evidence.turnover),
          turnoverPercent,
          required: formatMoney(evidence.required),
          lowRiskPercent: evidence.lowRiskPercent,
        })}
      </span>
    );
  }
  return (
    <span>
      {t('explain.referral_device', {
        accounts: evidence.accounts,
        device: evidence.device,
        members: evidence.members.map((m) => m.username).join(', '),
      })}
      {evidence.referrerUsedDevice && ` ${t('explain.referrerUsedDevice')}`}
    </span>
  );
}

/** Confirm / dismiss of a pending link or an open flag, each asking for the operator's note. */
export function ReviewButtons({
  target,
}: {
  target: { link: AdminRiskLink } | { flag: AdminRiskFlag } | { group: AdminRiskLinkGroup };
}) {
  const { t } = useTranslation('risk');
  const can = useCan();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<AdminRiskReviewBody['decision'] | null>(null);
  const waiting =
    'group' in target
      ? target.group.links.pending > 0
      : 'link' in target
        ? target.link.status === 'pending'
        : target.flag.status === 'open';
  if (!waiting || !can('risk.write')) return null;
  const submit = async (note: string) => {
    if (!decision) return;
    const body = { decision, note };
    if ('group' in target) await reviewLinkGroup(target.group.id, body);
    else if ('link' in target) await reviewLink(target.link.id, body);
    else await reviewFlag(target.flag.id, body);
    await queryClient.invalidateQueries({ queryKey: riskKey });
  };
  return (
    <>
      <div className="flex gap-1">
        <Button className="px-2 py-1 text-xs" onClick={() => setDecision('confirm')}>
          {t('review.confirm')}
        </Button>
        <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setDecision('dismiss')}>
          {t('review.dismiss')}
        </Button>
      </div>
      <ConfirmDialog
        open={decision !== null}
        title={decision === 'confirm' ? t('review.confirmTitle') : t('review.dismissTitle')}
        message={
          'group' in target
            ? t(decision === 'confirm' ? 'review.confirmGroupMessage' : 'review.dismissGroupMessage', {
                count: target.group.links.pending,
                accounts: target.group.accounts,
              })
            : decision === 'confirm'
              ? t('review.confirmMessage')
              : t('review.dismissMessage')
        }
        confirmLabel={decision === 'confirm' ? t('review.confirm') : t('review.dismiss')}
        danger={decision === 'confirm'}
        reason={{ label: t('review.note'), max: 500 }}
        onConfirm={submit}
        onClose={() => setDecision(null)}
      />
    </>
  );
}

/** A link's or flag's review state: the status, then who decided it, when, and their note. */
export function ReviewState({
  status,
  reviewedBy,
  note,
}: {
  status: string;
  reviewedBy: string | null;
  note: string | null;
}) {
  const { t } = useTranslation('risk');
  const tone: Tone = status === 'confirmed' ? 'danger' : status === 'dismissed' ? 'muted' : 'warning';
  return (
    <div>
      <StatusBadge label={t(`status.${status}`)} tone={tone} />
      {reviewedBy && (
        <span className="block text-xs text-(--text-muted)">
          {reviewedBy}
          {note ? `: ${note}` : ''}
        </span>
      )}
    </div>
  );
}
