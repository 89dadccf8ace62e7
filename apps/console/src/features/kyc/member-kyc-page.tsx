import {
  AdminKycApproveBody,
  type AdminKycMember,
  AdminKycRejectBody,
  type KycDocument,
} from '@gamehall/shared/api/kyc';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { useObjectUrl } from '../../lib/use-object-url';
import { approveDocument, documentPath, kycKey, memberKycQuery, payRefund, rejectDocument } from './api';

const TONE: Record<KycDocument['status'], Tone> = { pending: 'warning', approved: 'success', rejected: 'danger' };

// A member's KYC panel: level, the details the member entered, the verified name and birthday, an
// under-age closure, and every document with its preview and, while pending, approve or reject.
export function MemberKycPage() {
  const { t } = useTranslation('kyc');
  const memberId = Number(useParams().memberId);
  const panel = useQuery(memberKycQuery(memberId));
  const p = panel.data;
  return (
    <div className="max-w-4xl">
      <PageHeader title={t('member.title', { username: p?.username ?? '' })} description={t('member.description')} />
      <p className="mb-4 text-sm">
        <Link className="text-(--accent) hover:underline" to="/kyc/queue">
          {t('member.back')}
        </Link>
      </p>
      <QueryErrorAlert error={panel.error} />
      {p && (
        <>
          <dl className="mb-6 grid grid-cols-2 gap-2 text-sm" data-testid="kyc-member">
            <dt className="text-(--text-muted)">{t('fields.level')}</dt>
            <dd data-testid="kyc-member-level">
              {p.level} ({t('member.withdrawalLevel', { level: p.withdrawalLevel })})
            </dd>
            <dt className="text-(--text-muted)">{t('fields.account')}</dt>
            <dd>{t(`account.${p.accountStatus}`)}</dd>
            <dt className="text-(--text-muted)">{t('fields.mobile')}</dt>
            <dd>{p.mobileBound ? t('member.yes') : t('member.no')}</dd>
            <dt className="text-(--text-muted)">{t('fields.enteredName')}</dt>
            <dd>{p.details ? `${p.details.fullName} · ${p.details.birthday}` : '—'}</dd>
            <dt className="text-(--text-muted)">{t('fields.verified')}</dt>
            <dd>
              {p.verified
                ? `${p.verified.name} · ${p.verified.birthday ?? '—'} · ${formatDateTime(p.verified.at)}`
                : '—'}
            </dd>
            {p.underAge && (
              <>
                <dt className="text-(--danger)">{t('fields.underAge')}</dt>
                <dd className="text-(--danger)">
                  {t('member.underAge', {
                    at: formatDateTime(p.underAge.closedAt),
                    amount: formatMoney(p.underAge.refunded),
                  })}
                  <RefundPayout memberId={memberId} underAge={p.underAge} />
                </dd>
              </>
            )}
          </dl>
          <div className="grid gap-4 md:grid-cols-2">
            {p.documents.map((d) => (
              <DocumentCard
                key={d.id}
                memberId={memberId}
                document={d}
                enteredName={p.details?.fullName ?? ''}
                enteredBirthday={p.details?.birthday ?? ''}
              />
            ))}
          </div>
          {p.documents.length === 0 && <p className="text-sm text-(--text-muted)">{t('member.noDocuments')}</p>}
        </>
      )}
    </div>
  );
}

/**
 * The under-age refund's payout (docs/kyc.md "Under age"): once, by an operator with cashier.approve,
 * as an approved withdrawal to the confirmed bank account in the verified name; the cashier then
 * marks it paid on the withdrawal page like any other.
 */
function RefundPayout({ memberId, underAge }: { memberId: number; underAge: NonNullable<AdminKycMember['underAge']> }) {
  const { t } = useTranslation('kyc');
  const can = useCan();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  if (underAge.payout)
    return (
      <p className="mt-1 text-(--text)" data-testid="kyc-refund-payout">
        {t('member.refundPayout', { reference: underAge.payout.reference, status: underAge.payout.status })}{' '}
        <Link className="text-(--accent) hover:underline" to={`/cashier/withdrawals/${underAge.payout.reference}`}>
          {t('member.refundOpen')}
        </Link>
      </p>
    );
  if (underAge.refunded <= 0 || !can('cashier.approve')) return null;
  return (
    <div className="mt-2">
      <Button type="button" onClick={() => setConfirming(true)} data-testid="kyc-refund-pay">
        {t('member.refundPay')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('member.refundPay')}
        message={t('member.refundConfirm', { amount: formatMoney(underAge.refunded) })}
        confirmLabel={t('member.refundPay')}
        onConfirm={async () => {
          await payRefund(memberId);
          await queryClient.invalidateQueries({ queryKey: kycKey });
        }}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

function Preview({ document: d }: { document: KycDocument }) {
  const { t } = useTranslation('kyc');
  const { src, failed } = useObjectUrl(documentPath(d.id));
  if (failed) return <p className="text-sm text-(--danger)">{t('member.previewFailed')}</p>;
  if (!src) return <p className="text-sm text-(--text-muted)">{t('member.loading')}</p>;
  return (
    <a href={src} target="_blank" rel="noreferrer" className="block">
      {d.contentType === 'application/pdf' ? (
        <span className="text-sm text-(--accent) underline">{t('member.openPdf')}</span>
      ) : (
        <img
          src={src}
          alt={t(`kinds.${d.kind}`)}
          className="max-h-72 rounded border border-(--border) object-contain"
        />
      )}
    </a>
  );
}

function DocumentCard({
  memberId,
  document: d,
  enteredName,
  enteredBirthday,
}: {
  memberId: number;
  document: KycDocument;
  enteredName: string;
  enteredBirthday: string;
}) {
  const { t } = useTranslation('kyc');
  const queryClient = useQueryClient();
  const [name, setName] = useState(enteredName);
  const [birthday, setBirthday] = useState(enteredBirthday);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const identity = d.kind === 'id_front';

  const act = async (run: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    try {
      await run();
      await queryClient.invalidateQueries({ queryKey: kycKey });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const approve = (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(AdminKycApproveBody, identity ? { verifiedName: name, birthday } : {});
    if (!checked.data) return setErrors(checked.errors);
    setErrors({});
    const body = checked.data;
    void act(() => approveDocument(d.id, body));
  };
  const reject = () => {
    const checked = validate(AdminKycRejectBody, { reason });
    if (!checked.data) return setErrors(checked.errors);
    setErrors({});
    const why = checked.data.reason;
    void act(() => rejectDocument(d.id, why));
  };

  return (
    <section
      className="rounded-lg border border-(--border) bg-(--surface-raised) p-4"
      data-testid={`kyc-document-${d.id}`}
    >
      <header className="mb-2 flex items-center justify-between gap-2">
        <h2 className="font-semibold">{t(`kinds.${d.kind}`)}</h2>
        <StatusBadge label={t(`status.${d.status}`)} tone={TONE[d.status]} />
      </header>
      <p className="mb-2 text-xs text-(--text-muted)">
        {formatDateTime(d.createdAt)} · {Math.round(d.size / 1024)} KiB · #{d.id} ·{' '}
        {t('member.memberRef', { id: memberId })}
      </p>
      <Preview document={d} />
      {d.reason && <p className="mt-2 text-sm">{t('member.reason', { reason: d.reason })}</p>}
      {d.status === 'pending' && (
        <form onSubmit={approve} className="mt-3 space-y-2" noValidate>
          {identity && (
            <>
              <Field
                label={t('fields.verifiedName')}
                value={name}
                maxLength={100}
                error={errors.verifiedName}
                onChange={(e) => setName(e.target.value)}
              />
              <Field
                label={t('fields.birthday')}
                type="date"
                value={birthday}
                error={errors.birthday}
                onChange={(e) => setBirthday(e.target.value)}
                hint={t('member.ageHint')}
              />
            </>
          )}
          <Field
            label={t('fields.reason')}
            value={reason}
            maxLength={300}
            error={errors.reason}
            onChange={(e) => setReason(e.target.value)}
            hint={t('member.reasonHint')}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy}>
              {t('member.approve')}
            </Button>
            <Button type="button" variant="ghost" disabled={busy} onClick={reject}>
              {t('member.reject')}
            </Button>
          </div>
          {error && (
            <p role="alert" className="text-sm text-(--danger)">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
