import { Button } from '@gamehall/ui/button';
import { CaptchaField } from '@gamehall/ui/captcha-field';
import { Modal } from '@gamehall/ui/modal';
import { Tabs } from '@gamehall/ui/tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDialingCode } from '../../components/dialing-code';
import { FormFooter } from '../../components/form-footer';
import { RegisterRuleField } from '../../components/register-rule-field';
import { SmsButton } from '../../components/sms-button';
import { showAlert } from '../../lib/alerts';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { reasonMessage } from '../../lib/form-messages';
import { closeModal, modalStore, openModal } from '../../lib/modals';
import { configQuery, permissionQuery, registerRulesQuery } from '../../lib/site-queries';
import { takeWanted } from '../../lib/wanted-game';
import { checkAffiliate, completeLogin, fetchCaptcha, register, reportAffiliateVisit, sendRegisterSms } from './api';
import {
  arrivalInvitationCode,
  INVITATION_PARAM,
  invitationPrefill,
  REFERRAL_PARAM,
  visitToReport,
} from './invitation-code';
import { MOBILE_PATTERN } from './mobile-input';
import { ModalBanners } from './modal-banners';
import {
  invitationTakesBoth,
  type Kind,
  offersInvitation,
  routeInvitationCode,
  signUpRules,
  splitFieldReasons,
  visibleRules,
} from './register-fields';

type Values = Record<string, string>;

export function RegisterModal() {
  const { t } = useTranslation();
  const open = modalStore.use() === 'register';
  const permission = useQuery(permissionQuery).data;
  const [tab, setTab] = useState<string>('username');
  const items = [
    ...(permission?.register.usernameReg !== false
      ? [{ value: 'username', label: t('auth.usernameRegister'), content: <RegisterForm kind="username" /> }]
      : []),
    ...(permission?.register.mobileReg
      ? [{ value: 'mobile', label: t('auth.mobileRegister'), content: <RegisterForm kind="mobile" /> }]
      : []),
  ];
  const current = items.some((i) => i.value === tab) ? tab : (items[0]?.value ?? 'username');
  useAffiliateVisit();
  return (
    <Modal open={open} onClose={closeModal} title={t('auth.register')}>
      <ModalBanners group="w_register" />
      <Tabs value={current} onValueChange={setTab} items={items} />
      <p className="mt-4 text-center text-sm text-(--text-muted)">
        {t('auth.haveAccount')}{' '}
        <button type="button" className="font-semibold text-(--accent)" onClick={() => openModal('login')}>
          {t('auth.login')}
        </button>
      </p>
    </Modal>
  );
}

function RegisterForm({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rulesQuery = useQuery(registerRulesQuery);
  const rules = rulesQuery.data ?? [];
  const permission = useQuery(permissionQuery).data;
  const config = useQuery(configQuery).data;
  const flags = {
    mobileVerify: permission?.register.mobileVerify ?? false,
    mobilePasswordReg: permission?.register.mobilePasswordReg ?? false,
  };
  const { search } = useLocation();
  // An invitation link brings its code: the field shows with it; otherwise on the visitor's word.
  const cameWithCode = useMemo(
    () =>
      Boolean(
        arrivalInvitationCode(search, sessionStorage, INVITATION_PARAM) ||
          arrivalInvitationCode(search, sessionStorage, REFERRAL_PARAM),
      ),
    [search],
  );
  const [hasCode, setHasCode] = useState(false);
  // The brand's optional fields wait for the profile, unless the visitor chooses to give them now.
  const [moreDetails, setMoreDetails] = useState(false);
  const shown = moreDetails
    ? visibleRules(rules, kind, flags)
    : signUpRules(rules, kind, flags, hasCode || cameWithCode);
  const hasOptional = visibleRules(rules, kind, flags).length > shown.length;
  const captchaRule = rules.find((r) => r.field === 'captcha' && r.enabled);
  const [captcha, setCaptcha] = useState('');
  // Bumped after each refused registration: the server spends a captcha answer on every try.
  const [captchaReload, setCaptchaReload] = useState(0);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const form = useForm<Values>({ mode: 'onSubmit' });
  const { errors, isSubmitting } = form.formState;
  const mobile = form.watch('mobileNum') ?? '';
  const [dialing, setDialing] = useDialingCode();
  const invitationShown = shown.some((r) => r.field === INVITATION_PARAM);
  useReferralCode(form, invitationShown ? INVITATION_PARAM : null, INVITATION_PARAM);
  // A member's code goes in the referral code field, or in the one invitation field that takes both.
  useReferralCode(
    form,
    shown.some((r) => r.field === REFERRAL_PARAM)
      ? REFERRAL_PARAM
      : invitationShown && invitationTakesBoth(rules)
        ? INVITATION_PARAM
        : null,
    REFERRAL_PARAM,
  );

  // Reasons for fields this tab shows go under them; any other (a rule the tab cannot show, the age
  // box) is said in words at the foot, never set on a field the form lacks (it would block Register).
  const showRegisterError = (err: unknown) => {
    const fields = err instanceof ApiError ? (err.value?.fields as Record<string, string> | undefined) : undefined;
    const shownFields = new Set(shown.map((r) => r.field));
    const { onForm, elsewhere } = splitFieldReasons(fields, shownFields, { countryDialingCode: 'mobileNum' });
    for (const [name, reason] of Object.entries(onForm))
      form.setError(name, { message: reasonMessage(t, reason, name) });
    const notShown = Object.entries(elsewhere).map(([field, reason]) =>
      field === 'ageConfirmed'
        ? t('auth.confirmAge', { age: config?.minAge })
        : field === 'termsAccepted' || field === 'privacyAccepted'
          ? t('guest.acceptTermsMissing')
          : t('auth.fieldNotOnForm', {
              field: t(`register.fields.${field}`, { defaultValue: field }),
              reason: reasonMessage(t, reason, field),
            }),
    );
    form.setError('root', { message: notShown.length > 0 ? [...new Set(notShown)].join(' ') : errorMessage(t, err) });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const minAge = config?.minAge ?? 0;
    if (minAge > 0 && !ageConfirmed) {
      form.setError('root', { message: t('auth.confirmAge', { age: minAge }) });
      return;
    }
    if (!termsAccepted) {
      form.setError('root', { message: t('guest.acceptTermsMissing') });
      return;
    }
    const entered = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined));
    try {
      const filled = await routeInvitationCode(entered, invitationTakesBoth(rules), (code) =>
        checkAffiliate(code).then(
          () => true,
          () => false,
        ),
      );
      if (filled === 'invalid') {
        await showAlert({ message: t('invitation_code_error') });
        return;
      }
      const value = await register(
        {
          ...filled,
          ...(filled.mobileNum ? { countryDialingCode: dialing } : {}),
          ...(captchaRule ? { captcha } : {}),
          ageConfirmed: minAge > 0 ? ageConfirmed : undefined,
          // One box, read and ticked by the visitor, for both documents; the server records each.
          termsAccepted,
          privacyAccepted: termsAccepted,
        },
        kind === 'mobile',
      );
      form.reset();
      closeModal();
      await completeLogin(value);
      await queryClient.invalidateQueries({ queryKey: ['member'] });
      // spec §6: a trial player sent here by a game they chose goes on to that game.
      const wanted = takeWanted();
      if (wanted) await wanted();
      else navigate('/');
    } catch (err) {
      if (captchaRule) {
        setCaptcha('');
        setCaptchaReload((n) => n + 1);
      }
      // A code that is neither an agent's nor a member's: the same dialog as an unknown agent code.
      if (err instanceof ApiError && err.code === 'REFERRAL_CODE_INVALID') {
        await showAlert({ message: t('invitation_code_error') });
        return;
      }
      showRegisterError(err);
    }
  });

  // The fields are the brand's rules: without them there is no form to fill, only a wait or a retry.
  if (!rulesQuery.data) {
    return rulesQuery.isError ? (
      <div role="alert" className="py-6 text-center text-sm">
        <p className="mb-3 text-(--danger)">{t('auth.formLoadError')}</p>
        <Button variant="secondary" onClick={() => void rulesQuery.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    ) : (
      <p role="status" className="py-6 text-center text-sm text-(--text-muted)">
        {t('common.loading')}
      </p>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      {shown.map((rule) => (
        <RegisterRuleField
          key={rule.field}
          rule={rule}
          form={form}
          dialing={dialing}
          onDialing={setDialing}
          suffix={
            rule.field === 'verificationCode' ? (
              <SmsButton
                purpose="register"
                disabled={!MOBILE_PATTERN.test(mobile)}
                send={() => sendRegisterSms(mobile, dialing)}
              />
            ) : undefined
          }
        />
      ))}
      {captchaRule && (
        <CaptchaField fetchImage={fetchCaptcha} value={captcha} onChange={setCaptcha} reload={captchaReload} />
      )}
      {!moreDetails && (
        <div className="mb-3 flex flex-wrap gap-x-4 gap-y-1">
          {offersInvitation(rules) && !hasCode && !cameWithCode && (
            <button
              type="button"
              className="min-h-8 text-sm font-semibold text-(--accent) underline-offset-2 hover:underline"
              onClick={() => setHasCode(true)}
            >
              {t('guest.haveInvitationCode')}
            </button>
          )}
          {hasOptional && (
            <button
              type="button"
              className="min-h-8 text-sm font-semibold text-(--accent) underline-offset-2 hover:underline"
              onClick={() => setMoreDetails(true)}
            >
              {t('guest.moreDetailsNow')}
            </button>
          )}
        </div>
      )}
      {!moreDetails && <p className="mb-3 text-xs text-(--text-muted)">{t('guest.moreDetailsLater')}</p>}
      {(config?.minAge ?? 0) > 0 && (
        <label className="mb-2 flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0"
            checked={ageConfirmed}
            onChange={(e) => setAgeConfirmed(e.target.checked)}
          />
          {t('auth.confirmAge', { age: config?.minAge })}
        </label>
      )}
      <label className="mb-1 flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0"
          checked={termsAccepted}
          onChange={(e) => setTermsAccepted(e.target.checked)}
        />
        {t('guest.acceptTerms')}
      </label>
      {/* The documents open beside the form, so nothing typed is lost (the legal pages' paths). */}
      <p className="mb-3 flex flex-wrap gap-x-4 ps-6 text-sm">
        <a href="/legal/terms" target="_blank" rel="noopener" className="text-(--accent) underline">
          {t('guest.termsLink')}
        </a>
        <a href="/legal/privacy" target="_blank" rel="noopener" className="text-(--accent) underline">
          {t('guest.privacyLink')}
        </a>
      </p>
      <FormFooter
        error={errors.root?.message ?? ''}
        busy={isSubmitting}
        secondary={
          <Button
            variant="secondary"
            onClick={() => {
              // spec §4: reset clears all fields, the captcha answer and the age box included.
              form.reset();
              setCaptcha('');
              setAgeConfirmed(false);
              setTermsAccepted(false);
            }}
          >
            {t('common.reset')}
          </Button>
        }
      >
        {isSubmitting ? t('common.loading') : t('auth.register')}
      </FormFooter>
    </form>
  );
}

/**
 * The agent's link opened the register page: its visit is reported once per tab session (a
 * failure to count it never troubles the visitor).
 */
function useAffiliateVisit() {
  const { search } = useLocation();
  useEffect(() => {
    const code = visitToReport(search, sessionStorage);
    if (code) reportAffiliateVisit(code).catch(() => undefined);
  }, [search]);
}

/**
 * spec §2 referral link: the agent's link (/register?affiliateCode=<code>) prefills the invitation
 * field and a member's invite link (/register?referralCode=<code>) the referral code field (or
 * the one invitation field when it takes both codes, register-fields.ts), each time the modal opens while the field is empty (invitation-code.ts keeps the code for the
 * session); the visitor may still change or clear it.
 */
function useReferralCode(
  form: UseFormReturn<Values>,
  field: typeof INVITATION_PARAM | typeof REFERRAL_PARAM | null,
  param: typeof INVITATION_PARAM | typeof REFERRAL_PARAM,
) {
  const { search } = useLocation();
  const code = useMemo(() => arrivalInvitationCode(search, sessionStorage, param), [search, param]);
  const open = modalStore.use() === 'register';
  useEffect(() => {
    if (!open || field === null) return;
    const value = invitationPrefill(code, true, form.getValues(field));
    if (value !== null) form.setValue(field, value);
  }, [open, code, field, form]);
}
