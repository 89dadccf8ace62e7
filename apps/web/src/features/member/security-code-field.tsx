import type { SecurityCentre } from '@gamehall/shared/api/member';
import type { CodeChannel, CodeSentValue } from '@gamehall/shared/api/security';
import { Field } from '@gamehall/ui/field';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { KEYPAD } from '../../components/keypad';
import { SmsButton } from '../../components/sms-button';

/** The masked contact a code on this channel goes to, as the security centre shows it. */
export function maskedContact(data: SecurityCentre, channel: CodeChannel): string {
  return channel === 'sms' ? `+${data.countryDialingCode ?? ''} ${data.mobileNum ?? ''}` : (data.email ?? '');
}

/** The channels the member can receive a code on: the bound mobile first, then the bound email. */
export function boundChannels(data: SecurityCentre): CodeChannel[] {
  return [...(data.mobileBound ? (['sms'] as const) : []), ...(data.emailBound ? (['email'] as const) : [])];
}

/** Radio choice of the bound mobile or email (only what is bound is offered). */
export function ChannelChoice({
  data,
  value,
  onChange,
}: {
  data: SecurityCentre;
  value: CodeChannel;
  onChange: (channel: CodeChannel) => void;
}) {
  const { t } = useTranslation();
  const channels = boundChannels(data);
  return (
    <fieldset className="mb-3">
      <legend className="mb-1 text-sm font-medium">{t('security.codeChannel')}</legend>
      <div className="flex flex-col gap-1 text-sm">
        {channels.map((c) => (
          <label key={c} className="flex items-center gap-2">
            <input
              type="radio"
              name="code-channel"
              className="accent-(--accent)"
              checked={value === c}
              onChange={() => onChange(c)}
            />
            {t(c === 'sms' ? 'security.channelSms' : 'security.channelEmail', {
              to: maskedContact(data, c),
            })}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The verification code input with its send button: the button counts down like the
 * registration SMS button (spec §4) and the hint says where the code went.
 */
export function CodeField({
  purpose,
  send,
  disabled,
}: {
  /** The countdown this button shares with others sending the same kind of code. */
  purpose: string;
  send: () => Promise<CodeSentValue>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { register, formState, clearErrors } = useFormContext<{ verificationCode: string }>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Field
      label={t('security.verificationCode')}
      required
      {...KEYPAD.code}
      hint={sentTo ? t('security.codeSentTo', { to: sentTo }) : undefined}
      error={formState.errors.verificationCode?.message}
      {...register('verificationCode')}
      suffix={
        <SmsButton
          purpose={purpose}
          disabled={disabled}
          send={async () => {
            const sent = await send();
            setSentTo(sent.sentTo);
            // The hint says where the code went; an earlier 'enter the code' error would hide it.
            clearErrors('verificationCode');
            return sent;
          }}
        />
      }
    />
  );
}
