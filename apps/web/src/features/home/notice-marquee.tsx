import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { openModal } from '../../lib/modals';
import { useFillPlaceholders } from '../../lib/placeholders';
import { noticesQuery } from './api';

/** spec §2: the scrolling notice line pauses on hover; a click opens the notice modal. */
export function NoticeMarquee() {
  const { t, i18n } = useTranslation();
  const fill = useFillPlaceholders();
  const notices = useQuery(noticesQuery(1, i18n.language)).data?.content ?? [];
  // The row keeps its height while the notices load, so nothing below it moves (CLS budget).
  if (notices.length === 0) return <div className="h-9" aria-hidden />;
  const text = notices.map((n) => fill(`${n.title}: ${n.content}`)).join('   •   ');
  return (
    <div className="mx-auto flex h-9 max-w-7xl items-center gap-2 px-4 text-sm">
      <Megaphone size={18} className="shrink-0 text-(--accent)" aria-hidden />
      <button
        type="button"
        onClick={() => openModal('notice')}
        className="marquee min-w-0 flex-1 overflow-hidden text-start"
        title={t('home.openNotices')}
      >
        <span className="marquee-track inline-flex whitespace-nowrap">
          <span className="pe-16">{text}</span>
          <span className="pe-16" aria-hidden>
            {text}
          </span>
        </span>
      </button>
    </div>
  );
}
