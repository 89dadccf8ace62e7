import type { SmsSentValue } from '@gamehall/shared/api/verification';
import { Field } from '@gamehall/ui/field';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialingCodeSelect } from '../../components/dialing-code';
import { KEYPAD } from '../../components/keypad';
import { SmsButton } from '../../components/sms-button';
import { configQuery } from '../../lib/site-queries';
import { digitsOnly, MOBILE_PATTERN } from './mobile-input';

/** The fields this pair adds to a form (inside its FormProvider). */
export type MobileCodeValues = { mobile: string; smsCode: string };

/**
 * The mobile number (with its dialing code) and SMS code pair of the SMS login and the reset by
 * phone (spec §4, §5): digits only, the site's digit count as placeholder, and a send button that
 * waits for a valid number and counts down. It registers `mobile` and `smsCode` in the
 * surrounding form.
 */
export function MobileCodeFields({
  purpose,
  dialing,
  onDialing,
  send,
}: {
  /** The SMS button's countdown (forms sending the same kind of code share one). */
  purpose: string;
  dialing: string;
  onDialing: (code: string) => void;
  send: (mobile: string, dialing: string) => Promise<SmsSentValue>;
}) {
  const { t } = useTranslation();
  const config = useQuery(configQuery).data;
  const { register, watch, formState } = useFormContext<MobileCodeValues>();
  const mobile = watch('mobile') ?? '';
  return (
    <>
      <Field
        label={t('auth.mobile')}
        required
        {...KEYPAD.mobile}
        placeholder={config ? t('validation.mobileDigits', { digits: config.mobileDigits }) : undefined}
        error={formState.errors.mobile?.message}
        {...digitsOnly(register('mobile'))}
        leading={<DialingCodeSelect value={dialing} onChange={onDialing} />}
      />
      <Field
        label={t('auth.smsCode')}
        required
        {...KEYPAD.code}
        error={formState.errors.smsCode?.message}
        {...register('smsCode')}
        suffix={
          <SmsButton purpose={purpose} disabled={!MOBILE_PATTERN.test(mobile)} send={() => send(mobile, dialing)} />
        }
      />
    </>
  );
}
