import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MEMBER_MENU } from '../../app/paths';

/** Member centre entries that later issues fill: the real frame with an empty state. */
export function MemberEntryPage() {
  const { t } = useTranslation();
  const { entry = '' } = useParams();
  const item = MEMBER_MENU.find((m) => m.name === entry);
  return (
    <div>
      <h1 className="mb-4 text-xl font-bold">{item ? t(item.key) : t('errors.NOT_FOUND')}</h1>
      {item && (
        <p className="rounded-xl border border-dashed border-(--text-muted)/40 p-10 text-center text-(--text-muted)">
          {t('member.entryEmpty')}
        </p>
      )}
    </div>
  );
}
