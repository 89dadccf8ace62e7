import { ForgotByEmailBody, ResetByPhoneBody } from '@gamehall/shared/api/password';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { Tabs } from '@gamehall/ui/tabs';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDialingCode } from '../../components/dialing-code';
import { FormFooter } from '../../components/form-footer';
import { PasswordField } from '../../components/password-field';
import { showAlert } from '../../lib/alerts';
import { showSubmitError, withMessages } from '../../lib/form-messages';
import { closeModal, modalStore, openModal } from '../../lib/modals';
import { permissionQuery } from '../../lib/site-queries';
import { completeLogin, forgotByEmail, NO_LOGIN_SMS, resetByPhone, sendLoginSms } from './api';
import { MobileCodeFields } from './mobile-code-fields';
import { MOBILE_PATTERN } from './mobile-input';
import { ModalBanners } from './modal-banners';

const EmailResetFields = ForgotByEmailBody.extend({
  email: ForgotByEmailBody.shape.email.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/),
});

// The form names its fields as the login SMS tab does; the wire names come in ByPhone's submit.
const PhoneResetFields = ResetByPhoneBody.pick({ newPassword: true }).extend({
  mobile: ResetByPhoneBody.shape.mobileNum.regex(MOBILE_PATTERN),
  smsCode: ResetByPhoneBody.shape.verificationCode.unwrap().unwrap().min(1),
});

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
      <ModalBanners group="w_forget" />
      <Tabs value={items.some((i) => i.value === tab) ? tab : 'email'} onValueChange={setTab} items={items} />
    </Modal>
  );
}

function ByEmail() {
  const { t } = useTranslation();
  const form = useForm({
    defaultValues: { username: '', email: '' },
    resolver: withMessages(zodResolver(EmailResetFields, undefined, { raw: true }), t, {
      username: 'validation.required',
      email: 'validation.email',
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ username, email }) => {
    try {
      await forgotByEmail({ username: username.trim(), email: email.trim() });
      closeModal();
      await showAlert({ message: t('in_been_out'), tone: 'success' });
    } catch (err) {
      showSubmitError(form.setError, t, err);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Field label={t('auth.username')} required error={errors.username?.message} {...form.register('username')} />
      <Field label={t('auth.email')} required type="email" error={errors.email?.message} {...form.register('email')} />
      <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
        {t('common.submit')}
      </FormFooter>
    </form>
  );
}

// The reset call's names for the fields this form shows under its own (the confirmation is the new password).
const PHONE_RESET_NAMES = {
  mobileNum: 'mobile',
  countryDialingCode: 'mobile',
  verificationCode: 'smsCode',
  confirmNewPassword: 'newPassword',
} as const;

function ByPhone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialing, setDialing] = useDialingCode();
  const form = useForm({
    defaultValues: { mobile: '', smsCode: '', newPassword: '' },
    resolver: withMessages(zodResolver(PhoneResetFields, undefined, { raw: true }), t, {
      mobile: 'validation.mobile',
      smsCode: 'validation.code',
      newPassword: 'validation.newPassword',
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ mobile, smsCode, newPassword }) => {
    try {
      const reset = await resetByPhone({
        mobileNum: mobile,
        countryDialingCode: dialing,
        verificationCode: smsCode.trim(),
        newPassword,
        confirmNewPassword: newPassword,
      });
      // spec §4: the phone reset logs the member in; the server opens the session with the reset
      // itself, so no second login (which may need a captcha this form has not) can fail after it.
      if (!reset.login) {
        closeModal();
        await showAlert({ message: t('auth.passwordChangedLogIn'), tone: 'success' });
        openModal('login');
        return;
      }
      closeModal();
      await completeLogin(reset.login, newPassword);
      await queryClient.invalidateQueries({ queryKey: ['member'] });
      navigate('/');
    } catch (err) {
      showSubmitError(form.setError, t, err, PHONE_RESET_NAMES);
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <MobileCodeFields purpose={NO_LOGIN_SMS} dialing={dialing} onDialing={setDialing} send={sendLoginSms} />
        <PasswordField
          label={t('auth.newPassword')}
          purpose="new"
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
          {t('common.submit')}
        </FormFooter>
      </form>
    </FormProvider>
  );
}
