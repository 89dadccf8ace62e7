import { ChangePasswordBody } from '@gamehall/shared/api/password';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../lib/api-client';
import { showSubmitError, withMessages } from '../lib/form-messages';
import { FormFooter } from './form-footer';
import { NewPasswordFields, PasswordField } from './password-field';

const ChangePasswordFields = ChangePasswordBody.refine((v) => v.confirmNewPassword === v.newPassword, {
  path: ['confirmNewPassword'],
});

/**
 * spec §5 Change password: old password required unless known, new password, confirmation equal to
 * the new one. `knownPassword` is the one the member has just logged in with (the forced change):
 * it is sent as the old password and its field is not shown.
 */
export function ChangePasswordForm({ onDone, knownPassword }: { onDone: () => void; knownPassword?: string }) {
  const { t } = useTranslation();
  const form = useForm({
    defaultValues: { oldPassword: knownPassword ?? '', newPassword: '', confirmNewPassword: '' },
    resolver: withMessages(zodResolver(ChangePasswordFields, undefined, { raw: true }), t, {
      oldPassword: 'validation.required',
      newPassword: 'validation.newPassword',
      confirmNewPassword: 'validation.confirmMismatch',
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await apiRequest('/wps/member/password', { method: 'POST', encrypted: true, body });
      onDone();
    } catch (err) {
      showSubmitError(form.setError, t, err);
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        {knownPassword === undefined && (
          <PasswordField
            label={t('auth.oldPassword')}
            purpose="current"
            error={errors.oldPassword?.message}
            {...form.register('oldPassword')}
          />
        )}
        <NewPasswordFields />
        <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
          {t('common.submit')}
        </FormFooter>
      </form>
    </FormProvider>
  );
}
