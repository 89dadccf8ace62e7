import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQueryClient } from '@tanstack/react-query';
import { toDataURL } from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { meQuery } from '../../lib/session';
import { confirmEnrolment, type Enrolment, startEnrolment } from './api';

/**
 * Two-factor enrolment: the password again, then a QR code of the otpauth URL (and the secret to
 * type in), the first code from the app, then the recovery codes, shown this once.
 */
export function EnrolmentPanel({ forced = false, onDone }: { forced?: boolean; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [qr, setQr] = useState('');
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!enrolment) return;
    let live = true;
    toDataURL(enrolment.otpauthUrl, { margin: 1, width: 200 }).then(
      (url) => live && setQr(url),
      () => live && setQr(''),
    );
    return () => {
      live = false;
    };
  }, [enrolment]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const start = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError(t('required'));
    void run(async () => setEnrolment(await startEnrolment(password)));
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(t('required'));
    void run(async () => setRecoveryCodes((await confirmEnrolment(code.replace(/\s+/g, ''))).recoveryCodes));
  };
  const finish = async () => {
    await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    onDone();
  };

  return (
    <section className="max-w-lg" aria-labelledby="enrol-title">
      <h1 id="enrol-title" className="mb-2 text-xl font-bold">
        {t('enrol.title')}
      </h1>
      {forced && <p className="mb-4 text-sm text-(--text-muted)">{t('enrol.required')}</p>}
      {recoveryCodes ? (
        <div>
          <p className="mb-2 text-sm">{t('enrol.recoveryIntro')}</p>
          <ul
            data-testid="recovery-codes"
            className="mb-4 grid grid-cols-2 gap-1 rounded-md bg-(--surface) p-3 font-mono text-sm"
          >
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <Button onClick={() => void finish()}>{t('enrol.saved')}</Button>
        </div>
      ) : enrolment ? (
        <form onSubmit={confirm} noValidate>
          <p className="mb-2 text-sm">{t('enrol.scan')}</p>
          {qr && <img src={qr} width={200} height={200} alt={t('enrol.qrAlt')} className="mb-2 rounded bg-white p-1" />}
          <p className="mb-4 text-sm">
            {t('enrol.secret')}{' '}
            <code data-testid="totp-secret" className="font-mono break-all">
              {enrolment.secret}
            </code>
          </p>
          <Field
            label={t('enrol.firstCode')}
            required
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          {error && (
            <p role="alert" className="mb-3 text-sm text-(--danger)">
              {error}
            </p>
          )}
          <Button type="submit" disabled={busy}>
            {t('enrol.confirm')}
          </Button>
        </form>
      ) : (
        <form onSubmit={start} noValidate>
          <Field
            label={t('password')}
            required
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error && (
            <p role="alert" className="mb-3 text-sm text-(--danger)">
              {error}
            </p>
          )}
          <Button type="submit" disabled={busy}>
            {t('enrol.start')}
          </Button>
        </form>
      )}
    </section>
  );
}
