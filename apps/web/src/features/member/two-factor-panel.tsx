import {
  TwoFactorConfirmBody,
  TwoFactorDisableBody,
  TwoFactorEnrolBody,
  type TwoFactorEnrolment,
  TwoFactorRegenerateBody,
} from '@gamehall/shared/api/two-factor';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormFooter } from '../../components/form-footer';
import { KEYPAD } from '../../components/keypad';
import { PasswordField } from '../../components/password-field';
import { showSubmitError, withMessages } from '../../lib/form-messages';
import { useSession } from '../../lib/session';
import { confirmTwoFactor, disableTwoFactor, regenerateRecoveryCodes, startTwoFactor, twoFactorQuery } from './api';
import { SecuritySection } from './security-section';

type Dialog =
  | { step: 'password' }
  | { step: 'scan'; enrolment: TwoFactorEnrolment }
  | { step: 'codes'; codes: string[] }
  | { step: 'disable' }
  | { step: 'regenerate' }
  | null;

/**
 * spec §2 securityCenter: two-factor authentication with an authenticator app (TOTP). Turning it on
 * takes the login password, a QR code (or the secret typed in) and a first code; the recovery
 * codes are shown once, then only their number.
 */
export function TwoFactorPanel() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const status = useQuery(twoFactorQuery(token)).data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['member'] });
  if (!status) return null;
  const title =
    dialog?.step === 'codes'
      ? t('twoFactor.recoveryCodesTitle')
      : dialog?.step === 'disable'
        ? t('twoFactor.turnOff')
        : dialog?.step === 'regenerate'
          ? t('twoFactor.newRecoveryCodes')
          : t('twoFactor.turnOn');
  return (
    <>
      <SecuritySection
        testId="security-two-factor"
        title={t('twoFactor.title')}
        ok={status.enabled}
        state={status.enabled ? t('twoFactor.on', { count: status.recoveryCodesLeft }) : t('twoFactor.off')}
        hint={t('twoFactor.hint')}
        actions={
          status.enabled ? (
            <>
              <Button variant="secondary" onClick={() => setDialog({ step: 'regenerate' })}>
                {t('twoFactor.newRecoveryCodes')}
              </Button>
              <Button variant="ghost" onClick={() => setDialog({ step: 'disable' })}>
                {t('twoFactor.turnOff')}
              </Button>
            </>
          ) : (
            <Button onClick={() => setDialog({ step: 'password' })}>{t('twoFactor.turnOn')}</Button>
          )
        }
      />
      <Modal open={dialog !== null} onClose={() => setDialog(null)} title={title}>
        {dialog?.step === 'password' && (
          <PasswordStep onStarted={(enrolment) => setDialog({ step: 'scan', enrolment })} />
        )}
        {dialog?.step === 'scan' && (
          <ScanStep
            enrolment={dialog.enrolment}
            onConfirmed={(codes) => {
              refresh();
              toast.success(t('twoFactor.turnedOn'));
              setDialog({ step: 'codes', codes });
            }}
          />
        )}
        {dialog?.step === 'codes' && <RecoveryCodes codes={dialog.codes} onDone={() => setDialog(null)} />}
        {dialog?.step === 'disable' && (
          <CodeStep
            schema={TwoFactorDisableBody}
            label={t('twoFactor.codeOrRecovery')}
            submitLabel={t('twoFactor.turnOff')}
            send={(code) => disableTwoFactor(code)}
            onDone={() => {
              refresh();
              toast.success(t('twoFactor.turnedOff'));
              setDialog(null);
            }}
          />
        )}
        {dialog?.step === 'regenerate' && (
          <CodeStep
            schema={TwoFactorRegenerateBody}
            label={t('twoFactor.code')}
            submitLabel={t('twoFactor.newRecoveryCodes')}
            send={(code) => regenerateRecoveryCodes(code)}
            onDone={(result) => {
              refresh();
              if (result) setDialog({ step: 'codes', codes: result.recoveryCodes });
            }}
          />
        )}
      </Modal>
    </>
  );
}

function PasswordStep({ onStarted }: { onStarted: (e: TwoFactorEnrolment) => void }) {
  const { t } = useTranslation();
  const form = useForm({
    defaultValues: { loginPassword: '' },
    resolver: withMessages(zodResolver(TwoFactorEnrolBody, undefined, { raw: true }), t, {
      loginPassword: 'validation.loginPassword',
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ loginPassword }) => {
    try {
      onStarted(await startTwoFactor(loginPassword));
    } catch (err) {
      showSubmitError(form.setError, t, err);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <p className="mb-3 text-sm text-(--text-muted)">{t('twoFactor.passwordIntro')}</p>
      <PasswordField
        label={t('security.loginPassword')}
        purpose="current"
        error={errors.loginPassword?.message}
        {...form.register('loginPassword')}
      />
      <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
        {t('common.next')}
      </FormFooter>
    </form>
  );
}

function ScanStep({ enrolment, onConfirmed }: { enrolment: TwoFactorEnrolment; onConfirmed: (c: string[]) => void }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState('');
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(enrolment.otpauthUri, { width: 200, margin: 2, errorCorrectionLevel: 'M' }))
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(''));
    return () => {
      live = false;
    };
  }, [enrolment.otpauthUri]);
  const form = useForm({
    defaultValues: { code: '' },
    resolver: withMessages(zodResolver(TwoFactorConfirmBody, undefined, { raw: true }), t, {
      code: 'twoFactor.codeFormat',
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      onConfirmed((await confirmTwoFactor(code)).recoveryCodes);
    } catch (err) {
      showSubmitError(form.setError, t, err);
    }
  });
  // Groups of four, as authenticator apps show a typed-in key.
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;
  return (
    <form onSubmit={submit} noValidate>
      <p className="mb-3 text-sm">{t('twoFactor.scan')}</p>
      <div className="mb-3 flex justify-center">
        {qr ? (
          <img
            src={qr}
            width={200}
            height={200}
            alt={t('twoFactor.qrAlt')}
            className="rounded-md bg-white p-1"
            data-testid="two-factor-qr"
          />
        ) : (
          <span className="size-[200px]" />
        )}
      </div>
      <p className="mb-1 text-sm text-(--text-muted)">{t('twoFactor.orEnterKey')}</p>
      <p
        className="mb-4 rounded-md bg-(--surface) p-2 text-center font-mono text-sm break-all select-all"
        data-testid="two-factor-secret"
        data-secret={enrolment.secret}
      >
        {grouped}
      </p>
      <Field
        label={t('twoFactor.code')}
        required
        {...KEYPAD.code}
        maxLength={6}
        error={errors.code?.message}
        {...form.register('code')}
      />
      <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
        {t('twoFactor.confirm')}
      </FormFooter>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = () => {
    void navigator.clipboard?.writeText(codes.join('\n')).then(
      () => toast.success(t('twoFactor.copied')),
      () => undefined,
    );
  };
  return (
    <div>
      <p className="mb-3 text-sm">{t('twoFactor.recoveryIntro')}</p>
      <ul className="mb-4 grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c} className="rounded-md bg-(--surface) px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={copy}>
          {t('twoFactor.copy')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.saved')}</Button>
      </div>
    </div>
  );
}

function CodeStep<R>({
  schema,
  label,
  submitLabel,
  send,
  onDone,
}: {
  schema: typeof TwoFactorDisableBody | typeof TwoFactorRegenerateBody;
  label: string;
  submitLabel: string;
  send: (code: string) => Promise<R>;
  onDone: (result: R) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    defaultValues: { code: '' },
    resolver: withMessages(zodResolver(schema, undefined, { raw: true }), t, { code: 'twoFactor.codeFormat' }),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      onDone(await send(code));
    } catch (err) {
      showSubmitError(form.setError, t, err);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={label}
        required
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...form.register('code')}
      />
      <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
        {submitLabel}
      </FormFooter>
    </form>
  );
}
