import type { UseFormRegisterReturn } from 'react-hook-form';

/** A mobile number the SMS calls accept: 6 to 15 digits (spec §4). */
export const MOBILE_PATTERN = /^\d{6,15}$/;

/** Mobile inputs keep digits only as the player types. */
export function digitsOnly<N extends string>(field: UseFormRegisterReturn<N>): UseFormRegisterReturn<N> {
  return {
    ...field,
    onChange: (event) => {
      event.target.value = event.target.value.replace(/\D/g, '');
      return field.onChange(event);
    },
  };
}
