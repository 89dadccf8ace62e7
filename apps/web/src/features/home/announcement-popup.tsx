import { Button } from '@gamehall/ui/button';
import { Modal } from '@gamehall/ui/modal';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFillPlaceholders } from '../../lib/placeholders';
import { useSession } from '../../lib/session';
import { STORAGE_KEYS } from '../../lib/storage';
import { announcementsQuery } from './api';
import { Pager } from './notices';

const PAGE = 10;

// spec §2 publicModal and §4 Announcements: the server filters by audience (A, B, F); once
// closed, the popup stays closed for the session (USER_POPUP / ANONYMOUS_POPUP).
export function AnnouncementPopup() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const fill = useFillPlaceholders();
  const { token } = useSession();
  const key = token ? STORAGE_KEYS.userPopup : STORAGE_KEYS.anonymousPopup;
  const popup = useQuery(announcementsQuery(i18n.language, token)).data?.popup ?? [];
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(key) === '1');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  useEffect(() => setDismissed(sessionStorage.getItem(key) === '1'), [key]);
  const open = !dismissed && popup.length > 0;
  const close = () => {
    sessionStorage.setItem(key, '1');
    setDismissed(true);
  };
  const items = popup.slice((page - 1) * PAGE, page * PAGE);
  const selected = popup.find((a) => a.id === selectedId) ?? items[0];
  return (
    <Modal open={open} onClose={close} title={t('home.announcements')} wide>
      <div className="grid gap-4 md:grid-cols-[220px_1fr]">
        <ul className="space-y-1" aria-label={t('home.announcements')}>
          {items.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                onClick={() => setSelectedId(a.id)}
                aria-current={selected?.id === a.id}
                className={`w-full rounded px-3 py-2 text-left text-sm ${selected?.id === a.id ? 'bg-(--accent) text-(--accent-contrast)' : 'bg-(--surface) hover:text-(--accent)'}`}
              >
                {fill(a.title)}
              </button>
            </li>
          ))}
        </ul>
        {selected && (
          <article>
            <h3 className="mb-2 text-lg font-semibold">{fill(selected.title)}</h3>
            <p className="whitespace-pre-line text-sm text-(--text-muted)">{fill(selected.content)}</p>
            {selected.promotionType && (
              <Button
                className="mt-4"
                onClick={() => {
                  close();
                  navigate('/member/rewardCenter');
                }}
              >
                {t('home.goToPromotion')}
              </Button>
            )}
          </article>
        )}
      </div>
      <Pager page={page} total={Math.ceil(popup.length / PAGE)} onPage={setPage} />
    </Modal>
  );
}
