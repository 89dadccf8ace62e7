import { Button } from '@gamehall/ui/button';
import { CaptchaField } from '@gamehall/ui/captcha-field';
import { Field } from '@gamehall/ui/field';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ThemeToggle } from '../../components/theme-toggle';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { useSignedIn } from '../../lib/session';
import { takeEndedReason } from '../../lib/session-token';
import { asksForCaptcha, fetchCaptcha, signIn } from './api';

type Step = 'password' | 'code';

export function SignInPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useSignedIn();
  const [step, setStep] = useState<Step>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // null: the captcha is not asked for yet (it appears after failed attempts).
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaReload, setCaptchaReload] = useState(0);
  const [error, setError] = useState('');
  // A session the server ended (idle timeout, signed out everywhere) brings the operator here.
  const [ended] = useState(takeEndedReason);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  if (signedIn && !busy) return <Navigate to={from} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!username.trim()) missing.username = t('required');
    if (!password) missing.password = t('required');
    if (captcha !== null && !captcha.trim()) missing.captcha = t('required');
    if (step === 'code' && !code.trim()) missing.code = t('required');
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    setError('');
    try {
      await signIn({
        username: username.trim(),
        password,
        captcha: captcha ?? undefined,
        code: step === 'code' ? code.replace(/\s+/g, '') : undefined,
      });
      navigate(from, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'OPERATOR_TWO_FACTOR_REQUIRED' && step === 'password') {
        setStep('code');
      } else {
        setError(errorMessage(err));
      }
      // The server spends a shown captcha on every attempt; a refusal may ask for one.
      if (captcha !== null || asksForCaptcha(err)) {
        setCaptcha('');
        setCaptchaReload((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl bg-(--surface-raised) p-6 shadow-xl">
        <div className="mb-4 flex items-start justify-between">
          <h1 className="text-xl font-bold text-(--accent)">{t('title')}</h1>
          <ThemeToggle />
        </div>
        {ended && !error && (
          <p role="status" className="mb-3 rounded-md border border-(--accent) p-2 text-sm">
            {t('expired')}
          </p>
        )}
        <form onSubmit={submit} noValidate aria-label={t('title')}>
          {step === 'password' ? (
            <>
              <Field
                label={t('username')}
                required
                name="username"
                autoComplete="username"
                value={username}
                error={fieldErrors.username}
                onChange={(e) => setUsername(e.target.value)}
              />
              <Field
                label={t('password')}
                required
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                error={fieldErrors.password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </>
          ) : (
            <>
              <p className="mb-3 text-sm text-(--text-muted)">{t('codeHint')}</p>
              <Field
                label={t('code')}
                required
                name="code"
                autoComplete="one-time-code"
                autoFocus
                value={code}
                error={fieldErrors.code}
                onChange={(e) => setCode(e.target.value)}
              />
            </>
          )}
          {captcha !== null && (
            <CaptchaField
              fetchImage={fetchCaptcha}
              value={captcha}
              onChange={setCaptcha}
              error={fieldErrors.captcha}
              reload={captchaReload}
            />
          )}
          {error && (
            <p role="alert" className="mb-3 text-sm text-(--danger)">
              {error}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? t('signingIn') : step === 'code' ? t('verify') : t('signIn')}
          </Button>
          {step === 'code' && (
            <Button
              variant="ghost"
              className="mt-2 w-full"
              onClick={() => {
                setStep('password');
                setCode('');
                setError('');
              }}
            >
              {t('back')}
            </Button>
          )}
        </form>
      </div>
    </main>
  );
}
