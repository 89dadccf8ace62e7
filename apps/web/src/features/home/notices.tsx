import { Button } from '@gamehall/ui/button';
import { Modal } from '@gamehall/ui/modal';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeModal, modalStore } from '../../lib/modals';
import { useFillPlaceholders } from '../../lib/placeholders';
import { noticesQuery } from './api';

/** spec §2 noticeModal: 6 per page. */
export function NoticeModal() {
  const { t, i18n } = useTranslation();
  const open = modalStore.use() === 'notice';
  const [page, setPage] = useState(1);
  const fill = useFillPlaceholders();
  const data = useQuery({ ...noticesQuery(page, i18n.language), enabled: open }).data;
  return (
    <Modal open={open} onClose={closeModal} title={t('home.notices')} wide>
      <ul className="space-y-3">
        {(data?.content ?? []).map((n) => (
          <li key={n.id} className="rounded-md bg-(--surface) p-3">
            <h3 className="font-semibold">{fill(n.title)}</h3>
            <p className="text-sm text-(--text-muted)">{fill(n.content)}</p>
            {/* A scheduled notice dates from its start, when it was published to players. */}
            <time className="text-xs text-(--text-muted)" dateTime={n.startsAt}>
              {new Date(n.startsAt).toLocaleString()}
            </time>
          </li>
        ))}
      </ul>
      <Pager page={page} total={data?.totalPages ?? 1} onPage={setPage} />
    </Modal>
  );
}

export function Pager({ page, total, onPage }: { page: number; total: number; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  if (total < 2) return null;
  return (
    <div className="mt-4 flex items-center justify-center gap-3 text-sm">
      <Button variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <span>
        {page} / {total}
      </span>
      <Button variant="ghost" disabled={page >= total} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </div>
  );
}
