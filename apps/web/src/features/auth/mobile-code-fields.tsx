import type { SmsSentValue } from '@gamehall/shared/api/verification';
import { useQuery } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field';
import { configQuery } from '../../lib/site-queries';
import { DialingCodeSelect } from './dialing-code';
import { digitsOnly, MOBILE_PATTERN } from './mobile-input';
import { SmsButton } from './sms-button';

/**
 * The mobile number (with its dialing code) and SMS code pair of the SMS login and the reset by
 * phone (spec §4, §5): digits only, the site's digit count as placeholder, and a send button that
 * waits for a valid number and counts down.
 */
export function MobileCodeFields({
  mobile,
  code,
  mobileValue,
  errors,
  dialing,
  onDialing,
  send,
}: {
  mobile: UseFormRegisterReturn;
  code: UseFormRegisterReturn;
  /** The number as typed, for the send button. */
  mobileValue: string;
  errors: { mobile?: string | undefined; code?: string | undefined };
  dialing: string;
  onDialing: (code: string) => void;
  send: (mobile: string, dialing: string) => Promise<SmsSentValue>;
}) {
  const { t } = useTranslation();
  const config = useQuery(configQuery).data;
  return (
    <>
      <Field
        label={t('auth.mobile')}
        required
        inputMode="numeric"
        placeholder={config ? t('validation.mobileDigits', { digits: config.mobileDigits }) : undefined}
        error={errors.mobile}
        {...digitsOnly(mobile)}
        suffix={<DialingCodeSelect value={dialing} onChange={onDialing} />}
      />
      <Field
        label={t('auth.smsCode')}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code}
        {...code}
        suffix={<SmsButton disabled={!MOBILE_PATTERN.test(mobileValue)} send={() => send(mobileValue, dialing)} />}
      />
    </>
  );
}
