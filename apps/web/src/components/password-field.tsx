import type { ComponentProps } from 'react';
import { Field } from './ui/field';

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
