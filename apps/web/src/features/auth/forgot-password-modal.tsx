import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { Tabs } from '../../components/ui/tabs';
import { showAlert } from '../../lib/alerts';
import { errorMessage } from '../../lib/errors';
import { closeModal, modalStore } from '../../lib/modals';
import { permissionQuery } from '../../lib/site-queries';
import { completeLogin, forgotByEmail, login, resetByPhone, sendLoginSms } from './api';
import { DialingCodeSelect, useCountries } from './dialing-code';
import { SmsButton } from './sms-button';

// spec §2 forgetPassModal, §4 Forgot password: email tab always, phone tab with CHNGPASSVERIF3.
export function ForgotPasswordModal() {
  const { t } = useTranslation();
  const open = modalStore.use() === 'forgetPass';
  const phone = useQuery(permissionQuery).data?.register.changePassVerify ?? false;
  const [tab, setTab] = useState('email');
  const items = [
    { value: 'email', label: t('auth.byEmail'), content: <ByEmail /> },
    ...(phone ? [{ value: 'phone', label: t('auth.byPhone'), content: <ByPhone /> }] : []),
  ];
  return (
    <Modal open={open} onClose={closeModal} title={t('auth.forgotPassword')}>
      <Tabs value={items.some((i) => i.value === tab) ? tab : 'email'} onValueChange={setTab} items={items} />
    </Modal>
  );
}

function ByEmail() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim()) return setError(t('validation.required'));
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setError(t('validation.email'));
    setBusy(true);
    setError('');
    try {
      await forgotByEmail({ username: username.trim(), email: email.trim() });
      closeModal();
      await showAlert({ message: t('in_been_out'), tone: 'success' });
    } catch (err) {
      setError(errorMessage(t, err));
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
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <Field
        label={t('auth.email')}
        required
        type="email"
        name="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {t('common.submit')}
      </Button>
    </form>
  );
}

function ByPhone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const countries = useCountries();
  const [dialingChoice, setDialing] = useState('');
  const dialing = dialingChoice || countries[0]?.countryDialingCode || '';
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6,15}$/.test(mobile)) return setError(t('validation.mobile'));
    if (!code.trim()) return setError(t('validation.code'));
    if (!password) return setError(t('validation.newPassword'));
    try {
      const { username } = await resetByPhone({
        mobileNum: mobile,
        countryDialingCode: dialing,
        verificationCode: code.trim(),
        newPassword: password,
        confirmNewPassword: password,
      });
      // spec §4: the phone reset logs the member in with the new password.
      const value = await login({ username, password, type: 'username' });
      closeModal();
      await completeLogin(value);
      await queryClient.invalidateQueries({ queryKey: ['member'] });
      navigate('/');
    } catch (err) {
      setError(errorMessage(t, err));
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
        onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))}
        suffix={<DialingCodeSelect value={dialing} onChange={setDialing} />}
      />
      <Field
        label={t('auth.smsCode')}
        required
        name="smsCode"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        suffix={<SmsButton disabled={!/^\d{6,15}$/.test(mobile)} send={() => sendLoginSms(mobile, dialing)} />}
      />
      <Field
        label={t('auth.newPassword')}
        required
        type="password"
        name="newPassword"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full">
        {t('common.submit')}
      </Button>
    </form>
  );
}
