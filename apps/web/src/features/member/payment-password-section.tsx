import type { SecurityCentre } from '@gamehall/shared/api/member';
import {
  ChangePaymentPasswordBody,
  type CodeChannel,
  ResetPaymentPasswordBody,
  SetPaymentPasswordBody,
} from '@gamehall/shared/api/security';
import { Button } from '@gamehall/ui/button';
import { Modal } from '@gamehall/ui/modal';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormFooter } from '../../components/form-footer';
import { PasswordField } from '../../components/password-field';
import { showSubmitError, withMessages } from '../../lib/form-messages';
import { changePaymentPassword, resetPaymentPassword, sendSecurityCode, setPaymentPassword } from './api';
import { boundChannels, ChannelChoice, CodeField } from './security-code-field';
import { SecuritySection } from './security-section';

type Dialog = 'set' | 'change' | 'forgot' | null;

const MESSAGES = {
  loginPassword: 'validation.loginPassword',
  oldPaymentPassword: 'validation.paymentPassword',
  newPaymentPassword: 'validation.paymentPassword',
  confirmPaymentPassword: 'validation.confirmMismatch',
  verificationCode: 'validation.code',
} as const;

const confirmed = (v: { newPaymentPassword: string; confirmPaymentPassword: string }) =>
  v.confirmPaymentPassword === v.newPaymentPassword;

// The forms keep an empty code as '' (what the input holds); the call leaves it out when none is needed.
const SetFields = SetPaymentPasswordBody.extend({ verificationCode: z.string().trim().max(20) });

/** spec §2 securityCenter: the payment password that guards withdrawals and transfers. */
export function PaymentPasswordSection({ data }: { data: SecurityCentre }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const done = () => {
    setDialog(null);
    toast.success(t('security.paymentPasswordSaved'));
    void queryClient.invalidateQueries({ queryKey: ['member'] });
    void queryClient.invalidateQueries({ queryKey: ['wallet', 'withdrawInfo'] });
  };
  const title =
    dialog === 'set'
      ? t('security.setPaymentPassword')
      : dialog === 'change'
        ? t('security.changePaymentPassword')
        : t('security.forgotPaymentPassword');
  return (
    <>
      <SecuritySection
        testId="security-payment-password"
        title={t('security.paymentPassword')}
        ok={data.paymentPasswordSet}
        state={data.paymentPasswordSet ? t('security.isSet') : t('security.notSet')}
        hint={t('security.paymentPasswordHint')}
        actions={
          data.paymentPasswordSet ? (
            <>
              <Button variant="secondary" onClick={() => setDialog('change')}>
                {t('security.change')}
              </Button>
              <Button variant="ghost" onClick={() => setDialog('forgot')}>
                {t('security.forgot')}
              </Button>
            </>
          ) : (
            <Button onClick={() => setDialog('set')}>{t('security.set')}</Button>
          )
        }
      />
      <Modal open={dialog !== null} onClose={() => setDialog(null)} title={title}>
        {dialog === 'set' && <SetForm data={data} onDone={done} />}
        {dialog === 'change' && <ChangeForm onDone={done} />}
        {dialog === 'forgot' && <ForgotForm data={data} onDone={done} />}
      </Modal>
    </>
  );
}

/** The new payment password and its confirmation (inside the form's FormProvider). */
function NewPaymentPasswordFields() {
  const { register, formState } = useFormContext<{ newPaymentPassword: string; confirmPaymentPassword: string }>();
  const errors = formState.errors;
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('security.newPaymentPassword')}
        purpose="new"
        inputMode="numeric"
        error={errors.newPaymentPassword?.message}
        {...register('newPaymentPassword')}
      />
      <PasswordField
        label={t('security.confirmPaymentPassword')}
        purpose="new"
        inputMode="numeric"
        error={errors.confirmPaymentPassword?.message}
        {...register('confirmPaymentPassword')}
      />
    </>
  );
}

/** First time: the login password, plus a code to the bound mobile or email when there is one. */
function SetForm({ data, onDone }: { data: SecurityCentre; onDone: () => void }) {
  const { t } = useTranslation();
  const channels = boundChannels(data);
  const [channel, setChannel] = useState<CodeChannel>(channels[0] ?? 'sms');
  const needsCode = channels.length > 0;
  const schema = SetFields.refine(confirmed, { path: ['confirmPaymentPassword'] }).refine(
    (v) => !needsCode || v.verificationCode !== '',
    { path: ['verificationCode'] },
  );
  const form = useForm({
    defaultValues: { loginPassword: '', newPaymentPassword: '', confirmPaymentPassword: '', verificationCode: '' },
    resolver: withMessages(zodResolver(schema, undefined, { raw: true }), t, MESSAGES),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    try {
      await setPaymentPassword({
        loginPassword: v.loginPassword,
        newPaymentPassword: v.newPaymentPassword,
        confirmPaymentPassword: v.confirmPaymentPassword,
        ...(needsCode ? { channel, verificationCode: v.verificationCode } : {}),
      });
      onDone();
    } catch (err) {
      showSubmitError(form.setError, t, err);
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <PasswordField
          label={t('security.loginPassword')}
          purpose="current"
          error={errors.loginPassword?.message}
          {...form.register('loginPassword')}
        />
        <NewPaymentPasswordFields />
        {needsCode && (
          <>
            {channels.length > 1 && <ChannelChoice data={data} value={channel} onChange={setChannel} />}
            <CodeField purpose={`security-${channel}`} send={() => sendSecurityCode({ channel })} />
          </>
        )}
        <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
          {t('common.submit')}
        </FormFooter>
      </form>
    </FormProvider>
  );
}

function ChangeForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    defaultValues: { oldPaymentPassword: '', newPaymentPassword: '', confirmPaymentPassword: '' },
    resolver: withMessages(
      zodResolver(ChangePaymentPasswordBody.refine(confirmed, { path: ['confirmPaymentPassword'] }), undefined, {
        raw: true,
      }),
      t,
      MESSAGES,
    ),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await changePaymentPassword(body);
      onDone();
    } catch (err) {
      showSubmitError(form.setError, t, err);
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <PasswordField
          label={t('security.oldPaymentPassword')}
          purpose="current"
          inputMode="numeric"
          error={errors.oldPaymentPassword?.message}
          {...form.register('oldPaymentPassword')}
        />
        <NewPaymentPasswordFields />
        <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
          {t('common.submit')}
        </FormFooter>
      </form>
    </FormProvider>
  );
}

/** Forgot: a code to the bound mobile or email; without either, customer service helps. */
function ForgotForm({ data, onDone }: { data: SecurityCentre; onDone: () => void }) {
  const { t } = useTranslation();
  const channels = boundChannels(data);
  const [channel, setChannel] = useState<CodeChannel>(channels[0] ?? 'sms');
  const form = useForm({
    defaultValues: { newPaymentPassword: '', confirmPaymentPassword: '', verificationCode: '' },
    resolver: withMessages(
      zodResolver(
        ResetPaymentPasswordBody.omit({ channel: true }).refine(confirmed, { path: ['confirmPaymentPassword'] }),
        undefined,
        { raw: true },
      ),
      t,
      MESSAGES,
    ),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    try {
      await resetPaymentPassword({ ...v, channel });
      onDone();
    } catch (err) {
      showSubmitError(form.setError, t, err);
    }
  });
  if (channels.length === 0) return <p className="text-sm">{t('security.noContactForReset')}</p>;
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <p className="mb-3 text-sm text-(--text-muted)">{t('security.forgotNotice')}</p>
        {channels.length > 1 && <ChannelChoice data={data} value={channel} onChange={setChannel} />}
        <CodeField purpose={`security-${channel}`} send={() => sendSecurityCode({ channel })} />
        <NewPaymentPasswordFields />
        <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
          {t('common.submit')}
        </FormFooter>
      </form>
    </FormProvider>
  );
}
