import type { SecurityCentre } from '@gamehall/shared/api/member';
import { BindEmailBody, BindMobileBody } from '@gamehall/shared/api/security';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DialingCodeSelect, useDialingCode } from '../../components/dialing-code';
import { FormFooter } from '../../components/form-footer';
import { KEYPAD } from '../../components/keypad';
import { PasswordField } from '../../components/password-field';
import { showSubmitError, withMessages } from '../../lib/form-messages';
import { bindEmail, bindMobile, sendEmailCode, sendMobileCode } from './api';
import { CodeField, maskedContact } from './security-code-field';
import { SecuritySection } from './security-section';

const MESSAGES = {
  mobileNum: 'validation.mobile',
  email: 'validation.email',
  verificationCode: 'validation.code',
  loginPassword: 'validation.loginPassword',
} as const;

function useSaved(message: string, close: () => void) {
  const queryClient = useQueryClient();
  return () => {
    close();
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: ['member'] });
  };
}

// What differs between the two contact panels; the rest of the panel is shared.
const CONTACTS = {
  mobile: {
    testId: 'security-mobile',
    title: 'security.mobile',
    bind: 'security.bindMobile',
    change: 'security.changeMobile',
    saved: 'security.mobileSaved',
    channel: 'sms',
  },
  email: {
    testId: 'security-email',
    title: 'security.email',
    bind: 'security.bindEmail',
    change: 'security.changeEmail',
    saved: 'security.emailSaved',
    channel: 'email',
  },
} as const;

/**
 * spec §2 securityCenter: the bound mobile number or email (masked), bound or changed with a code
 * sent to the new one (SMS or mail).
 */
export function ContactSection({ data, kind }: { data: SecurityCentre; kind: keyof typeof CONTACTS }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const c = CONTACTS[kind];
  const done = useSaved(t(c.saved), () => setOpen(false));
  const bound = kind === 'mobile' ? data.mobileBound : data.emailBound;
  return (
    <>
      <SecuritySection
        testId={c.testId}
        title={t(c.title)}
        ok={bound}
        state={bound ? maskedContact(data, c.channel) : t('security.notBoundYet')}
        hint={t('security.contactHint')}
        actions={
          <Button variant={bound ? 'secondary' : 'primary'} onClick={() => setOpen(true)}>
            {bound ? t('security.change') : t('security.bind')}
          </Button>
        }
      />
      <Modal open={open} onClose={() => setOpen(false)} title={bound ? t(c.change) : t(c.bind)}>
        {open && (kind === 'mobile' ? <MobileForm onDone={done} /> : <EmailForm onDone={done} />)}
      </Modal>
    </>
  );
}

function MobileForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [dialing, setDialing] = useDialingCode();
  const form = useForm({
    defaultValues: { mobileNum: '', verificationCode: '', loginPassword: '' },
    resolver: withMessages(
      zodResolver(BindMobileBody.omit({ countryDialingCode: true }), undefined, { raw: true }),
      t,
      MESSAGES,
    ),
  });
  const { errors, isSubmitting } = form.formState;
  const mobileNum = form.watch('mobileNum');
  const submit = form.handleSubmit(async (v) => {
    try {
      await bindMobile({ ...v, countryDialingCode: dialing });
      onDone();
    } catch (err) {
      showSubmitError(form.setError, t, err);
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <p className="mb-3 text-sm text-(--text-muted)">{t('security.mobileNotice')}</p>
        <Field
          label={t('security.newMobile')}
          required
          {...KEYPAD.mobile}
          error={errors.mobileNum?.message}
          {...form.register('mobileNum')}
          leading={<DialingCodeSelect value={dialing} onChange={setDialing} />}
        />
        <CodeField
          purpose="bind-mobile"
          disabled={!/^\d{7,15}$/.test(mobileNum)}
          send={() => sendMobileCode({ countryDialingCode: dialing, mobileNum })}
        />
        <PasswordField
          label={t('security.loginPassword')}
          purpose="current"
          error={errors.loginPassword?.message}
          {...form.register('loginPassword')}
        />
        <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
          {t('common.submit')}
        </FormFooter>
      </form>
    </FormProvider>
  );
}

function EmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    defaultValues: { email: '', verificationCode: '', loginPassword: '' },
    resolver: withMessages(zodResolver(BindEmailBody, undefined, { raw: true }), t, MESSAGES),
  });
  const { errors, isSubmitting } = form.formState;
  const email = form.watch('email');
  const submit = form.handleSubmit(async (body) => {
    try {
      await bindEmail(body);
      onDone();
    } catch (err) {
      showSubmitError(form.setError, t, err);
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <p className="mb-3 text-sm text-(--text-muted)">{t('security.emailNotice')}</p>
        <Field
          label={t('security.newEmail')}
          required
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <CodeField purpose="bind-email" disabled={!email.includes('@')} send={() => sendEmailCode({ email })} />
        <PasswordField
          label={t('security.loginPassword')}
          purpose="current"
          error={errors.loginPassword?.message}
          {...form.register('loginPassword')}
        />
        <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
          {t('common.submit')}
        </FormFooter>
      </form>
    </FormProvider>
  );
}
