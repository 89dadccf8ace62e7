import { LoginBody, LoginVerificationBody, type LoginVerificationRequiredValue } from '@gamehall/shared/api/session';
import { Button } from '@gamehall/ui/button';
import { CaptchaField } from '@gamehall/ui/captcha-field';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { Tabs } from '@gamehall/ui/tabs';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { useDialingCode } from '../../components/dialing-code';
import { FormFooter } from '../../components/form-footer';
import { KEYPAD } from '../../components/keypad';
import { PasswordField } from '../../components/password-field';
import { SmsButton } from '../../components/sms-button';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { showSubmitError, withMessages } from '../../lib/form-messages';
import { closeModal, modalStore, openModal } from '../../lib/modals';
import { forgetSignInTarget, takeSignInTarget } from '../../lib/sign-in-target';
import { permissionQuery } from '../../lib/site-queries';
import { rememberedUsername, rememberUsername } from '../../lib/storage';
import {
  answerLoginVerification,
  asksForCaptcha,
  completeLogin,
  fetchCaptcha,
  forgetHandedLogin,
  freeplay,
  handedLogin,
  isCaptchaDue,
  login,
  NO_LOGIN_SMS,
  sendLoginSms,
  sendLoginVerification,
} from './api';
import { MobileCodeFields } from './mobile-code-fields';
import { MOBILE_PATTERN } from './mobile-input';
import { ModalBanners } from './modal-banners';

// The login forms validate with the wire schema's rules; their own names stay (mobile, smsCode).
const PasswordLoginFields = LoginBody.pick({ username: true, password: true })
  .extend({ captcha: LoginBody.shape.captcha.unwrap().nullable() })
  // null: the captcha is not asked for yet (spec §4, it appears after failures).
  .refine((v) => v.captcha === null || v.captcha.trim() !== '', { path: ['captcha'] });

const SmsLoginFields = LoginBody.pick({}).extend({
  mobile: LoginBody.shape.username.regex(MOBILE_PATTERN),
  smsCode: LoginBody.shape.password,
});

const NewIpFields = LoginVerificationBody.pick({}).extend({ verificationCode: LoginVerificationBody.shape.code });

/**
 * spec §4 "agent home for the agent page": opened on /agentHome, the modal is the agent-page login
 * (area 'agent': the server refuses non-agents with ACCOUNT_NOT_AGENT) and stays on the agent centre.
 */
function useLoginArea(): 'member' | 'agent' {
  const { pathname } = useLocation();
  return pathname === paths.agentHome || pathname.startsWith(`${paths.agentHome}/`) ? 'agent' : 'member';
}

// spec §2 loginPopupModal: username and SMS tabs per switches, link to registration.
export function LoginModal() {
  const { t } = useTranslation();
  const area = useLoginArea();
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
        forgetHandedLogin();
        forgetSignInTarget();
        closeModal();
      }}
      title={area === 'agent' ? t('agent.signIn.title') : t('auth.login')}
    >
      {verification ? (
        <NewIpVerification pending={verification} done={() => setVerification(null)} />
      ) : (
        <>
          <ModalBanners group="w_login" />
          <Tabs value={current} onValueChange={setTab} items={items} />
          {area === 'member' && permission?.register.freePlay && <FreePlayButton />}
          {area === 'member' && (
            <p className="mt-4 text-center text-sm text-(--text-muted)">
              {t('auth.noAccount')}{' '}
              <button type="button" className="font-semibold text-(--accent)" onClick={() => openModal('register')}>
                {t('auth.register')}
              </button>
            </p>
          )}
        </>
      )}
    </Modal>
  );
}

function useAfterLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const area = useLoginArea();
  return async (value: Parameters<typeof completeLogin>[0], password?: string) => {
    // The page the player asked for (the guard's ?next=, the tab bar's Deposit); from /login and
    // /register home; from any other page, that page stays (lib/sign-in-target.ts).
    const target = takeSignInTarget(location);
    forgetHandedLogin();
    closeModal();
    await completeLogin(value, password);
    await queryClient.invalidateQueries({ queryKey: ['member'] });
    // The agent-page login is already on the agent centre, which opens once the session is there.
    // The login route itself is not kept in the history: back from the page leads where the player was.
    const onLoginRoute = location.pathname === paths.login || location.pathname === paths.register;
    if (!value.forceChangePassword && area === 'member' && target) navigate(target, { replace: onLoginRoute });
  };
}

// The SMS login sends the number and the code as username and password (spec §3).
const SMS_LOGIN_NAMES = { username: 'mobile', password: 'smsCode', countryDialingCode: 'mobile' } as const;

function PasswordLogin({ onVerify }: { onVerify: (v: LoginVerificationRequiredValue) => void }) {
  const { t } = useTranslation();
  const afterLogin = useAfterLogin();
  const area = useLoginArea();
  const [defaultValues] = useState(() => ({
    // What the header form had typed when it handed over (a captcha is due), else the remembered name.
    username: handedLogin()?.username ?? rememberedUsername(),
    password: handedLogin()?.password ?? '',
    // null: not asked for yet; '' (shown) when an earlier failure on this page asked for it.
    captcha: isCaptchaDue() ? '' : (null as string | null),
  }));
  const [remember, setRemember] = useState(() => rememberedUsername() !== '');
  // Bumped after each refused attempt: the server spends a captcha answer on every try.
  const [captchaReload, setCaptchaReload] = useState(0);
  const form = useForm({
    defaultValues,
    resolver: withMessages(zodResolver(PasswordLoginFields, undefined, { raw: true }), t, {
      username: 'validation.usernamePassword',
      password: 'validation.usernamePassword',
      captcha: 'validation.captcha',
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const captcha = form.watch('captcha');
  const submit = form.handleSubmit(async ({ username, password, captcha }) => {
    try {
      const value = await login({
        username: username.trim(),
        password,
        type: 'username',
        captcha: captcha ?? undefined,
        area,
      });
      // spec §4 remember me: a cookie for one day while the box is ticked.
      rememberUsername(remember ? username.trim() : null);
      await afterLogin(value, password);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'LOGIN_VERIFICATION_REQUIRED' && err.value) {
        onVerify(err.value as LoginVerificationRequiredValue);
        return;
      }
      // spec §4: after repeated failures the server asks for the captcha image; a shown one is spent.
      if (captcha !== null || asksForCaptcha(err)) {
        form.setValue('captcha', '');
        setCaptchaReload((n) => n + 1);
      }
      showSubmitError(form.setError, t, err);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={t('auth.username')}
        required
        autoComplete="username"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <PasswordField
        label={t('auth.password')}
        purpose="current"
        error={errors.password?.message}
        {...form.register('password')}
      />
      {captcha !== null && (
        <CaptchaField
          fetchImage={fetchCaptcha}
          value={captcha}
          onChange={(v) => form.setValue('captcha', v)}
          error={errors.captcha?.message}
          reload={captchaReload}
        />
      )}
      <div className="mb-3 flex items-center justify-between text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={remember}
            onChange={(e) => {
              setRemember(e.target.checked);
              // spec §4: unchecking clears the remembered login at once.
              if (!e.target.checked) rememberUsername(null);
            }}
          />
          {t('auth.rememberMe')}
        </label>
        <button type="button" className="text-(--accent)" onClick={() => openModal('forgetPass')}>
          {t('auth.forgotPassword')}
        </button>
      </div>
      <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
        {isSubmitting ? t('common.loading') : t('auth.login')}
      </FormFooter>
    </form>
  );
}

function SmsLogin() {
  const { t } = useTranslation();
  const afterLogin = useAfterLogin();
  const area = useLoginArea();
  const form = useForm({
    defaultValues: { mobile: '', smsCode: '' },
    resolver: withMessages(zodResolver(SmsLoginFields, undefined, { raw: true }), t, {
      mobile: 'validation.mobile',
      smsCode: 'validation.code',
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const [dialing, setDialing] = useDialingCode();
  const submit = form.handleSubmit(async ({ mobile, smsCode }) => {
    try {
      await afterLogin(
        await login({
          username: mobile,
          password: smsCode.trim(),
          type: 'sms',
          countryDialingCode: dialing || undefined,
          area,
        }),
      );
    } catch (err) {
      showSubmitError(form.setError, t, err, SMS_LOGIN_NAMES);
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <MobileCodeFields purpose={NO_LOGIN_SMS} dialing={dialing} onDialing={setDialing} send={sendLoginSms} />
        <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
          {t('auth.login')}
        </FormFooter>
      </form>
    </FormProvider>
  );
}

// spec §4: a login from an IP the member never used asks for one more proof.
function NewIpVerification({ pending, done }: { pending: LoginVerificationRequiredValue; done: () => void }) {
  const { t } = useTranslation();
  const afterLogin = useAfterLogin();
  const [method, setMethod] = useState(pending.methods[0] ?? 'SMS');
  const form = useForm({
    defaultValues: { verificationCode: '' },
    resolver: withMessages(zodResolver(NewIpFields, undefined, { raw: true }), t, {
      verificationCode: 'validation.required',
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ verificationCode }) => {
    try {
      await afterLogin(await answerLoginVerification(pending.verificationId, method, verificationCode.trim()));
      done();
    } catch (err) {
      showSubmitError(form.setError, t, err, { code: 'verificationCode' });
    }
  });
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
        // The authenticator's "Google code" also takes one of the member's recovery codes.
        hint={method === 'TOTP' ? t('auth.totpHint') : undefined}
        // A sent code is digits; a bank account name is words, and the authenticator's field also
        // takes a recovery code, which has letters: those keep the full keyboard.
        {...(method === 'SMS' || method === 'EMAIL'
          ? KEYPAD.code
          : { autoComplete: method === 'BANK' ? 'off' : 'one-time-code' })}
        error={errors.verificationCode?.message}
        {...form.register('verificationCode')}
        suffix={
          method === 'SMS' || method === 'EMAIL' ? (
            <SmsButton
              purpose={`verify:${pending.verificationId}:${method}`}
              send={() => sendLoginVerification(pending.verificationId, method)}
            />
          ) : undefined
        }
      />
      <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
        {t('common.confirm')}
      </FormFooter>
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
