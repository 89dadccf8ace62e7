import type { LoginVerificationRequiredValue } from '@gamehall/shared/api/session';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { Tabs } from '../../components/ui/tabs';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { closeModal, modalStore, openModal } from '../../lib/modals';
import { configQuery, permissionQuery } from '../../lib/site-queries';
import { rememberedUsername, rememberUsername } from '../../lib/storage';
import { answerLoginVerification, completeLogin, freeplay, login, sendLoginSms, sendLoginVerification } from './api';
import { CaptchaField } from './captcha-field';
import { DialingCodeSelect, useCountries } from './dialing-code';
import { SmsButton } from './sms-button';

// spec §2 loginPopupModal: username and SMS tabs per switches, link to registration.
export function LoginModal() {
  const { t } = useTranslation();
  const open = modalStore.use() === 'login';
  const permission = useQuery(permissionQuery).data;
  const smsTab = permission?.register.smsLogin ?? false;
  const [tab, setTab] = useState('username');
  const [verification, setVerification] = useState<LoginVerificationRequiredValue | null>(null);
  const items = [
    { value: 'username', label: t('auth.usernameLogin'), content: <PasswordLogin onVerify={setVerification} /> },
    ...(smsTab ? [{ value: 'sms', label: t('auth.smsLogin'), content: <SmsLogin /> }] : []),
  ];
  const current = items.some((i) => i.value === tab) ? tab : (items[0]?.value ?? 'username');
  return (
    <Modal
      open={open}
      onClose={() => {
        setVerification(null);
        closeModal();
      }}
      title={t('auth.login')}
    >
      {verification ? (
        <NewIpVerification pending={verification} done={() => setVerification(null)} />
      ) : (
        <>
          <Tabs value={current} onValueChange={setTab} items={items} />
          {permission?.register.freePlay && <FreePlayButton />}
          <p className="mt-4 text-center text-sm text-(--text-muted)">
            {t('auth.noAccount')}{' '}
            <button type="button" className="font-semibold text-(--accent)" onClick={() => openModal('register')}>
              {t('auth.register')}
            </button>
          </p>
        </>
      )}
    </Modal>
  );
}

function useAfterLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (value: Parameters<typeof completeLogin>[0]) => {
    closeModal();
    await completeLogin(value);
    await queryClient.invalidateQueries({ queryKey: ['member'] });
    if (!value.forceChangePassword) navigate('/');
  };
}

function PasswordLogin({ onVerify }: { onVerify: (v: LoginVerificationRequiredValue) => void }) {
  const { t } = useTranslation();
  const afterLogin = useAfterLogin();
  const [username, setUsername] = useState(rememberedUsername);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => rememberedUsername() !== '');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password.trim()) return setError(t('validation.usernamePassword'));
    if (captcha !== null && !captcha.trim()) return setError(t('validation.captcha'));
    setBusy(true);
    setError('');
    try {
      const value = await login({
        username: username.trim(),
        password,
        type: 'username',
        captcha: captcha ?? undefined,
      });
      rememberUsername(remember ? username.trim() : null);
      await afterLogin(value);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'LOGIN_VERIFICATION_REQUIRED' && err.value) {
        onVerify(err.value as LoginVerificationRequiredValue);
      } else {
        if (err instanceof ApiError && (err.value?.captcha || err.code.startsWith('CAPTCHA'))) setCaptcha('');
        setError(errorMessage(t, err));
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={t('auth.username')}
        required
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <Field
        label={t('auth.password')}
        required
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {captcha !== null && <CaptchaField value={captcha} onChange={setCaptcha} />}
      <div className="mb-3 flex items-center justify-between text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          {t('auth.rememberMe')}
        </label>
        <button type="button" className="text-(--accent)" onClick={() => openModal('forgetPass')}>
          {t('auth.forgotPassword')}
        </button>
      </div>
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t('common.loading') : t('auth.login')}
      </Button>
    </form>
  );
}

function SmsLogin() {
  const { t } = useTranslation();
  const afterLogin = useAfterLogin();
  const config = useQuery(configQuery).data;
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const countries = useCountries();
  const [dialingChoice, setDialing] = useState('');
  const dialing = dialingChoice || countries[0]?.countryDialingCode || '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6,15}$/.test(mobile)) return setError(t('validation.mobile'));
    if (!code.trim()) return setError(t('validation.code'));
    setBusy(true);
    setError('');
    try {
      await afterLogin(
        await login({ username: mobile, password: code.trim(), type: 'sms', countryDialingCode: dialing || undefined }),
      );
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={t('auth.mobile')}
        required
        name="mobile"
        inputMode="numeric"
        value={mobile}
        placeholder={config ? t('validation.mobileDigits', { digits: config.mobileDigits }) : undefined}
        onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))}
        suffix={<DialingCodeSelect value={dialing} onChange={setDialing} />}
      />
      <Field
        label={t('auth.smsCode')}
        required
        name="smsCode"
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        suffix={<SmsButton disabled={!/^\d{6,15}$/.test(mobile)} send={() => sendLoginSms(mobile, dialing)} />}
      />
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {t('auth.login')}
      </Button>
    </form>
  );
}

// spec §4: a login from an IP the member never used asks for one more proof.
function NewIpVerification({ pending, done }: { pending: LoginVerificationRequiredValue; done: () => void }) {
  const { t } = useTranslation();
  const afterLogin = useAfterLogin();
  const [method, setMethod] = useState(pending.methods[0] ?? 'SMS');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(t('validation.required'));
    try {
      await afterLogin(await answerLoginVerification(pending.verificationId, method, code.trim()));
      done();
    } catch (err) {
      setError(errorMessage(t, err));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <p className="mb-3 text-sm text-(--text-muted)">{t('auth.newIpIntro')}</p>
      <fieldset className="mb-3 flex flex-wrap gap-3 text-sm">
        <legend className="sr-only">{t('auth.verifyBy')}</legend>
        {pending.methods.map((m) => (
          <label key={m} className="flex items-center gap-1">
            <input type="radio" name="method" checked={method === m} onChange={() => setMethod(m)} />
            {t(`auth.verifyMethod.${m}`)}
          </label>
        ))}
      </fieldset>
      <Field
        label={t(`auth.verifyMethod.${method}`)}
        required
        name="verificationCode"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        suffix={
          method === 'SMS' || method === 'EMAIL' ? (
            <SmsButton send={() => sendLoginVerification(pending.verificationId, method)} />
          ) : undefined
        }
      />
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full">
        {t('common.confirm')}
      </Button>
    </form>
  );
}

/** spec §4 "Free-play login exists if enabled": a fresh trial account, logged in. */
function FreePlayButton() {
  const { t } = useTranslation();
  const afterLogin = useAfterLogin();
  const [error, setError] = useState('');
  const play = async () => {
    try {
      await afterLogin(await freeplay());
    } catch (err) {
      setError(errorMessage(t, err));
    }
  };
  return (
    <div className="mt-3">
      <Button variant="secondary" className="w-full" onClick={() => void play()}>
        {t('auth.freePlay')}
      </Button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-(--danger)">
          {error}
        </p>
      )}
    </div>
  );
}
