import { ResetByTokenBody } from '@gamehall/shared/api/password';
import { Button } from '@gamehall/ui/button';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { FormFooter } from '../../components/form-footer';
import { NewPasswordFields } from '../../components/password-field';
import { showAlert } from '../../lib/alerts';
import { showSubmitError, withMessages } from '../../lib/form-messages';
import { openModal } from '../../lib/modals';
import { resetByToken } from './api';

const ResetFields = ResetByTokenBody.pick({ newPassword: true, confirmNewPassword: true }).refine(
  (v) => v.confirmNewPassword === v.newPassword,
  { path: ['confirmNewPassword'] },
);

/**
 * The page of the link that forgot-by-email sends (spec §4; /resetPassword?token=...): a new
 * password for the account, then the login form, since the reset ends every session.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useForm({
    defaultValues: { newPassword: '', confirmNewPassword: '' },
    resolver: withMessages(zodResolver(ResetFields, undefined, { raw: true }), t, {
      newPassword: 'validation.newPassword',
      confirmNewPassword: 'validation.confirmMismatch',
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await resetByToken({ token, ...values });
      await showAlert({ message: t('member.passwordChanged'), tone: 'success' });
      navigate(paths.login, { replace: true });
    } catch (err) {
      showSubmitError(form.setError, t, err);
    }
  });
  return (
    <section className="mx-auto my-10 max-w-md rounded-xl bg-(--surface-raised) p-6">
      <h1 className="mb-4 text-lg font-bold text-(--accent)">{t('auth.changePassword')}</h1>
      {token ? (
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate>
            <NewPasswordFields />
            <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
              {t('common.submit')}
            </FormFooter>
          </form>
        </FormProvider>
      ) : (
        <>
          <p role="alert" className="mb-4 text-sm text-(--danger)">
            {t('errors.PASSWORD_RESET_TOKEN_INVALID')}
          </p>
          <Button className="w-full" onClick={() => openModal('forgetPass')}>
            {t('auth.forgotPassword')}
          </Button>
        </>
      )}
    </section>
  );
}
