import type { KycDocument, KycDocumentKind, KycStatus } from '@gamehall/shared/api/kyc';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { formatTime } from '../../components/format-time';
import { useMoney } from '../../components/use-money';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { documentUrl, enterDetails, kycStatusQuery, uploadDocument } from './api';

const KINDS: KycDocumentKind[] = ['id_front', 'id_back', 'selfie', 'proof_of_address'];

// The member's verification level, what the next level needs, the name and
// birthday as on the identity document, and the uploads with their review status (docs/kyc.md).
export function VerificationPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const status = useQuery(kycStatusQuery(token));
  const s = status.data;
  return (
    <div>
      <h1 className="mb-6 text-xl font-bold">{t('kyc.title')}</h1>
      {status.isError && (
        <p role="alert" className="text-sm text-(--danger)">
          {t('kyc.loadError')}
        </p>
      )}
      {s && (
        <>
          <LevelCard status={s} />
          <DetailsForm status={s} />
          {s.details && <Uploads status={s} />}
        </>
      )}
    </div>
  );
}

function LevelCard({ status: s }: { status: KycStatus }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className="mb-6 max-w-lg rounded-lg bg-(--surface) p-4" data-testid="kyc-level-card">
      <p className="text-sm text-(--text-muted)">{t('kyc.yourLevel')}</p>
      <p className="text-2xl font-bold" data-testid="kyc-level">
        {t('kyc.level', { level: s.level })} · {t(`kyc.levels.${s.level}`)}
      </p>
      <p className="mt-2 text-sm" data-testid="kyc-withdrawal">
        {s.canWithdraw ? t('kyc.canWithdraw') : t('kyc.withdrawalNeeds', { level: s.withdrawalLevel })}
        {s.canWithdraw && (
          <>
            {' · '}
            {s.dailyWithdrawalLimit === null
              ? t('kyc.noDailyLimit')
              : t('kyc.dailyLimit', { amount: money(s.dailyWithdrawalLimit) })}
          </>
        )}
      </p>
      {s.verifiedName && <p className="mt-1 text-sm">{t('kyc.verifiedAs', { name: s.verifiedName })}</p>}
      {s.next && (
        <div className="mt-3">
          <p className="text-sm font-medium">{t('kyc.next', { level: s.next.level })}</p>
          <ul className="ml-5 list-disc text-sm" data-testid="kyc-needs">
            {s.next.needs.map((need) => (
              <li key={need}>
                {t(`kyc.needs.${need}`)}
                {need === 'mobile' && (
                  <>
                    {' '}
                    <Link className="underline" to={paths.securityCenter}>
                      {t('kyc.bindMobile')}
                    </Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function useErrorText() {
  const { t } = useTranslation();
  return (err: unknown) =>
    err instanceof ApiError ? t(`errors.${err.code}`, { defaultValue: err.message }) : String(err);
}

function DetailsForm({ status: s }: { status: KycStatus }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const errorText = useErrorText();
  const [fullName, setFullName] = useState(s.details?.fullName ?? '');
  const [birthday, setBirthday] = useState(s.details?.birthday ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: enterDetails,
    onMutate: () => {
      setError(null);
      setSaved(false);
    },
    onSuccess: () => {
      setSaved(true);
      void client.invalidateQueries({ queryKey: ['kyc'] });
    },
    onError: (err) => setError(errorText(err)),
  });
  const locked = s.verifiedName !== null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ fullName: fullName.trim(), birthday });
  };
  return (
    <form className="mb-8 max-w-lg" onSubmit={submit} data-testid="kyc-details">
      <h2 className="mb-1 font-semibold">{t('kyc.details.title')}</h2>
      <p className="mb-3 text-sm text-(--text-muted)">{locked ? t('kyc.details.locked') : t('kyc.details.hint')}</p>
      <Field
        label={t('kyc.details.fullName')}
        required
        value={fullName}
        disabled={locked}
        maxLength={100}
        onChange={(e) => setFullName(e.target.value)}
        autoComplete="name"
      />
      <Field
        label={t('kyc.details.birthday')}
        required
        type="date"
        value={birthday}
        disabled={locked}
        onChange={(e) => setBirthday(e.target.value)}
        autoComplete="bday"
      />
      {!locked && (
        <Button type="submit" disabled={save.isPending || !fullName.trim() || !birthday}>
          {t('kyc.details.save')}
        </Button>
      )}
      {saved && (
        <p role="status" className="mt-2 text-sm text-(--success)">
          {t('kyc.details.saved')}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-(--danger)">
          {error}
        </p>
      )}
    </form>
  );
}

function Uploads({ status: s }: { status: KycStatus }) {
  const { t } = useTranslation();
  return (
    <section>
      <h2 className="mb-1 font-semibold">{t('kyc.documents')}</h2>
      <p className="mb-3 text-sm text-(--text-muted)">{t('kyc.fileHint')}</p>
      <div className="grid max-w-3xl gap-4 md:grid-cols-2">
        {KINDS.map((kind) => (
          <UploadCard key={kind} kind={kind} documents={s.documents.filter((d) => d.kind === kind)} />
        ))}
      </div>
    </section>
  );
}

function UploadCard({ kind, documents }: { kind: KycDocumentKind; documents: KycDocument[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const errorText = useErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (f: File) => uploadDocument(kind, f),
    onMutate: () => setError(null),
    onSuccess: () => setFile(null),
    onError: (err) => setError(errorText(err)),
    onSettled: () => void client.invalidateQueries({ queryKey: ['kyc'] }),
  });
  const latest = documents[0];
  const accept = kind === 'selfie' ? 'image/png,image/jpeg' : 'image/png,image/jpeg,application/pdf';
  return (
    <div className="rounded-lg bg-(--surface) p-4" data-testid={`kyc-upload-${kind}`}>
      <h3 className="font-medium">{t(`kyc.kinds.${kind}`)}</h3>
      {latest ? (
        <p className="mt-1 text-sm" data-testid={`kyc-status-${kind}`}>
          {t(`kyc.status.${latest.status}`)} · {formatTime(latest.createdAt)}
          {latest.reason && <span className="block text-(--danger)">{t('kyc.reason', { reason: latest.reason })}</span>}
        </p>
      ) : (
        <p className="mt-1 text-sm text-(--text-muted)">{t('kyc.status.none')}</p>
      )}
      {latest && <ViewButton id={latest.id} />}
      {latest?.status !== 'approved' && latest?.status !== 'pending' && (
        <form
          className="mt-3 flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (file) upload.mutate(file);
          }}
        >
          <input
            type="file"
            accept={accept}
            aria-label={t(`kyc.kinds.${kind}`)}
            onChange={(e) => {
              // The picker's "All files" lets any file through: say so at once, not after an upload.
              const picked = e.target.files?.[0] ?? null;
              const allowed = !picked || accept.split(',').includes(picked.type);
              setError(allowed ? null : t('errors.KYC_FILE_TYPE'));
              setFile(allowed ? picked : null);
            }}
            className="text-sm"
          />
          <Button type="submit" disabled={!file || upload.isPending}>
            {t('kyc.upload')}
          </Button>
        </form>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-(--danger)">
          {error}
        </p>
      )}
    </div>
  );
}

function ViewButton({ id }: { id: number }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const open = async () => {
    setFailed(false);
    // Opened before the fetch so the browser does not block it as a popup.
    const win = window.open('', '_blank');
    try {
      const url = await documentUrl(id);
      if (win) win.location.href = url;
      else window.location.href = url;
    } catch {
      win?.close();
      setFailed(true);
    }
  };
  return (
    <>
      <button type="button" className="mt-1 text-sm underline" onClick={() => void open()}>
        {t('kyc.view')}
      </button>
      {failed && (
        <span role="alert" className="ml-2 text-sm text-(--danger)">
          {t('kyc.viewError')}
        </span>
      )}
    </>
  );
}
