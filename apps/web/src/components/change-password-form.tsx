import { ChangePasswordBody } from '@gamehall/shared/api/password';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../lib/api-client';
import { errorMessage } from '../lib/errors';
import { withMessages } from '../lib/form-messages';
import { FormFooter } from './form-footer';
import { Field } from './ui/field';

const ChangePasswordFields = ChangePasswordBody.refine((v) => v.confirmNewPassword === v.newPassword, {
  path: ['confirmNewPassword'],
});

/** spec §5 Change password: old password, new password, confirmation equal to the new one. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
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
      form.setError('root', { message: errorMessage(t, err) });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={t('auth.oldPassword')}
        required
        type="password"
        autoComplete="current-password"
        error={errors.oldPassword?.message}
        {...form.register('oldPassword')}
      />
      <Field
        label={t('auth.newPassword')}
        required
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <Field
        label={t('auth.confirmPassword')}
        required
        type="password"
        autoComplete="new-password"
        error={errors.confirmNewPassword?.message}
        {...form.register('confirmNewPassword')}
      />
      <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
        {t('common.submit')}
      </FormFooter>
    </form>
  );
}
