import type { ProfileDetails, ProfileDetailsBody } from '@gamehall/shared/api/member';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormFooter } from '../../components/form-footer';
import { RegisterRuleField } from '../../components/register-rule-field';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { reasonMessage } from '../../lib/form-messages';
import { useSession } from '../../lib/session';
import { memberInfoQuery } from '../../lib/site-queries';
import { iconsQuery, profileDetailsQuery, saveProfileDetails, setIcon } from './api';

export function ProfilePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const info = useQuery(memberInfoQuery(token)).data;
  const icons = useQuery(iconsQuery(token)).data;
  const details = useQuery(profileDetailsQuery(token)).data;
  const choose = async (id: number) => {
    try {
      await setIcon(id);
      await queryClient.invalidateQueries({ queryKey: ['member'] });
      toast.success(t('member.avatarSaved'));
    } catch (err) {
      toast.error(errorMessage(t, err));
    }
  };
  const rows: [string, string | null | undefined][] = info
    ? [
        ['member.account', info.account],
        ['member.nickname', info.nickname],
        ['auth.mobile', info.mobileNum ? `+${info.countryDialingCode ?? ''} ${info.mobileNum}` : null],
        ['auth.email', info.email],
        ['member.vipLevel', String(info.vipLevel)],
        ['member.currency', info.currency],
        ['member.registerTime', new Date(info.registerTime).toLocaleString()],
        ['member.lastLogin', info.lastLoginTime ? new Date(info.lastLoginTime).toLocaleString() : null],
      ]
    : [];
  return (
    <div>
      <h1 className="mb-6 text-xl font-bold">{t('member.menu.profile')}</h1>
      <dl className="mb-8 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[160px_1fr]">
        {rows.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-(--text-muted)">{t(key)}</dt>
            <dd data-testid={`profile-${key}`}>{value || '-'}</dd>
          </div>
        ))}
      </dl>
      {details && <ProfileDetailsForm details={details} />}
      <h2 className="mb-3 font-semibold">{t('member.avatar')}</h2>
      <ul className="flex flex-wrap gap-3">
        {(icons?.icons ?? []).map((icon) => (
          <li key={icon.id}>
            <button
              type="button"
              onClick={() => void choose(icon.id)}
              aria-pressed={icons?.current === icon.id}
              aria-label={t('member.chooseAvatar', { n: icon.id })}
              className={`rounded-full p-1 ${icons?.current === icon.id ? 'ring-2 ring-(--accent)' : 'hover:ring-2 hover:ring-(--text-muted)'}`}
            >
              <img src={icon.url} alt="" width={56} height={56} className="rounded-full" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function valuesOf(details: ProfileDetails): Record<string, string> {
  return Object.fromEntries(details.fields.filter((f) => !f.locked).map((f) => [f.field, f.value ?? '']));
}

/**
 * The optional details the brand enables, added here after a sign-up that asked only what it
 * requires; each field is held to its registration rule, the birthday picked from a calendar. The
 * real name and birthday are set once and then shown read-only.
 */
function ProfileDetailsForm({ details }: { details: ProfileDetails }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const open = details.fields.filter((f) => !f.locked);
  const form = useForm<Record<string, string>>({ defaultValues: valuesOf(details) });
  // A save answers with the stored details: the form starts again from them.
  useEffect(() => form.reset(valuesOf(details)), [details, form]);
  const submit = form.handleSubmit(async (values) => {
    try {
      await saveProfileDetails(values as ProfileDetailsBody);
      await queryClient.invalidateQueries({ queryKey: ['member', 'profileDetails'] });
      toast.success(t('guest.detailsSaved'));
    } catch (err) {
      const fields = err instanceof ApiError ? (err.value?.fields as Record<string, string> | undefined) : undefined;
      for (const [name, reason] of Object.entries(fields ?? {}))
        form.setError(name, { message: reasonMessage(t, reason, name) });
      if (!fields) form.setError('root', { message: errorMessage(t, err) });
    }
  });
  if (details.fields.length === 0) return null;
  return (
    <section className="mb-8 max-w-md" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title" className="mb-1 font-semibold">
        {t('guest.profileDetails')}
      </h2>
      <p className="mb-3 text-sm text-(--text-muted)">{t('guest.profileDetailsNote')}</p>
      <dl className="mb-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[160px_1fr]">
        {details.fields
          .filter((f) => f.locked)
          .map((f) => (
            <div key={f.field} className="contents">
              <dt className="text-(--text-muted)">{t(`register.fields.${f.field}`, { defaultValue: f.field })}</dt>
              <dd data-testid={`profile-detail-${f.field}`}>{f.value}</dd>
            </div>
          ))}
      </dl>
      {open.length > 0 && (
        <form onSubmit={submit} noValidate>
          {open.map((f) => (
            <RegisterRuleField
              key={f.field}
              rule={{ ...f.rule, required: false }}
              form={form}
              dialing=""
              onDialing={() => undefined}
            />
          ))}
          <FormFooter error={form.formState.errors.root?.message ?? ''} busy={form.formState.isSubmitting}>
            {t('guest.saveDetails')}
          </FormFooter>
        </form>
      )}
    </section>
  );
}
