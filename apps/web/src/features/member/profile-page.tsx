import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { memberInfoQuery } from '../../lib/site-queries';
import { iconsQuery, setIcon } from './api';

export function ProfilePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const info = useQuery(memberInfoQuery(token)).data;
  const icons = useQuery(iconsQuery(token)).data;
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
