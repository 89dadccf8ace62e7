// @vitest-environment happy-dom
import type { RegisterFieldRule } from '@gamehall/shared/api/registration';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentProps, createElement, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { MobileCodeFields } from '../features/auth/mobile-code-fields';
import { CodeField } from '../features/member/security-code-field';
import { input, setUpDom } from '../test/dom';
import { keypadForRule } from './keypad';
import { RegisterRuleField } from './register-rule-field';

// On a phone, a mobile number opens the telephone keypad and a code the digit pad: the sign-up
// fields drawn from the brand's rules, the SMS login and reset pair, and the security centre's code.

const dom = setUpDom();

const rule = (field: string, patternId: number | null = null): RegisterFieldRule =>
  ({
    field,
    enabled: true,
    required: true,
    minLength: 1,
    maxLength: 20,
    patternId,
    acceptedPattern: '*',
  }) as RegisterFieldRule;

/** A query client that already holds what the fields read (the countries, the site's digit count). */
function client(): QueryClient {
  const c = new QueryClient();
  c.setQueryData(['system', 'config'], { mobileDigits: 10 });
  c.setQueryData(['system', 'countryCode'], [{ countryCode: 'PH', countryDialingCode: '63' }]);
  return c;
}

const withClient = (element: ReactNode) => createElement(QueryClientProvider, { client: client() }, element);

function InForm({ fields }: { fields: (form: ReturnType<typeof useForm<Record<string, string>>>) => ReactNode }) {
  const form = useForm<Record<string, string>>();
  // createElement passes the children as its third argument; the props type still asks for them.
  return createElement(FormProvider, form as unknown as ComponentProps<typeof FormProvider>, fields(form));
}

const keypadOf = (field: HTMLInputElement) => ({
  type: field.type,
  inputMode: field.getAttribute('inputmode'),
  autoComplete: field.getAttribute('autocomplete'),
});

describe('phone keypads', () => {
  it('sign-up fields: the mobile number and messengers a phone keypad, the SMS code and digit-only patterns the digit pad', async () => {
    const rules = [
      rule('username', 1),
      rule('mobileNum'),
      rule('verificationCode'),
      rule('qqNum', 6),
      rule('whatsapp'),
    ];
    await dom.render(
      withClient(
        createElement(InForm, {
          fields: (form) =>
            rules.map((r) =>
              createElement(RegisterRuleField, { key: r.field, rule: r, form, dialing: '63', onDialing: () => {} }),
            ),
        }),
      ),
    );
    const host = dom.host();
    expect(keypadOf(input(host, 'Mobile number'))).toEqual({
      type: 'tel',
      inputMode: 'tel',
      autoComplete: 'tel-national',
    });
    expect(keypadOf(input(host, 'Verification code'))).toEqual({
      type: 'text',
      inputMode: 'numeric',
      autoComplete: 'one-time-code',
    });
    expect(input(host, 'QQ').getAttribute('inputmode')).toBe('numeric');
    expect(input(host, 'WhatsApp').getAttribute('inputmode')).toBe('tel');
    expect(input(host, 'Username').getAttribute('inputmode')).toBeNull();
  });

  it('the SMS login and reset pair: the mobile number a phone keypad, the code the digit pad', async () => {
    await dom.render(
      withClient(
        createElement(InForm, {
          fields: () =>
            createElement(MobileCodeFields, {
              purpose: 'test',
              dialing: '63',
              onDialing: () => {},
              send: async () => ({ expiredMinutes: 1 }) as never,
            }),
        }),
      ),
    );
    expect(keypadOf(input(dom.host(), 'Mobile number'))).toEqual({
      type: 'tel',
      inputMode: 'tel',
      autoComplete: 'tel-national',
    });
    expect(input(dom.host(), 'SMS code').getAttribute('inputmode')).toBe('numeric');
  });

  it("the security centre's code field: the digit pad", async () => {
    await dom.render(
      createElement(InForm, {
        fields: () => createElement(CodeField, { purpose: 'test', send: async () => ({ sentTo: 'x' }) as never }),
      }),
    );
    expect(input(dom.host(), 'Verification code').getAttribute('inputmode')).toBe('numeric');
  });

  it('keypadForRule: no keypad for a field that takes letters', () => {
    expect(keypadForRule({ field: 'payeeName', patternId: 8 })).toBeUndefined();
    expect(keypadForRule({ field: 'paymentPassword', patternId: 6 })?.inputMode).toBe('numeric');
  });
});
