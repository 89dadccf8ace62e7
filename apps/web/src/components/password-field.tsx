import { Field } from '@gamehall/ui/field';
import type { ComponentProps } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type PasswordFieldProps = Omit<ComponentProps<typeof Field>, 'type' | 'autoComplete'> & {
  /** 'current' for the password the member has, 'new' for one being chosen (password managers offer one). */
  purpose: 'current' | 'new';
};

/** A password input of the account forms (login, change, reset, registration); required unless told. */
export function PasswordField({ purpose, required = true, ...field }: PasswordFieldProps) {
  return (
    <Field
      required={required}
      type="password"
      autoComplete={purpose === 'new' ? 'new-password' : 'current-password'}
      {...field}
    />
  );
}

/** The fields NewPasswordFields adds to a form (inside its FormProvider). */
export type NewPasswordValues = { newPassword: string; confirmNewPassword: string };

/**
 * The new password and its confirmation (spec §5: "confirmation equals new"), as the change and
 * the mailed-link reset ask for them; the form's schema checks that the two agree.
 */
export function NewPasswordFields() {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<NewPasswordValues>();
  return (
    <>
      <PasswordField
        label={t('auth.newPassword')}
        purpose="new"
        error={formState.errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        purpose="new"
        error={formState.errors.confirmNewPassword?.message}
        {...register('confirmNewPassword')}
      />
    </>
  );
}
