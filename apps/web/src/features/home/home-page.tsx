import type { Banner } from '@gamehall/shared/api/site';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyModals } from '../../lib/lazy-modal';
import { openModal } from '../../lib/modals';
import { useSession } from '../../lib/session';
import { configQuery } from '../../lib/site-queries';
import { STORAGE_KEYS } from '../../lib/storage';
import { announcementsQuery, bannersQuery } from './api';
import { DownloadSection, GameSections, HelpPreview, PromotionBanners, StepsGuide, TextBlock } from './home-sections';
import { JackpotCounter } from './jackpot-counter';
import { NoticeMarquee } from './notice-marquee';

// The carousel code (embla) loads after first paint; its fallback is the same first slide, so the
// LCP image shows at once and nothing shifts (ui-guide budgets).
const BannerCarousel = lazy(async () => ({ default: (await import('./banner-carousel')).BannerCarousel }));
const NoticeModal = lazyModals(['notice'], async () => (await import('./notices')).NoticeModal);
const AnnouncementPopup = lazy(async () => ({ default: (await import('./announcement-popup')).AnnouncementPopup }));

// spec §1, §2 Home. /login and /register show home and open their modal.
export function HomePage({ open }: { open?: 'login' | 'register' }) {
  const { t, i18n } = useTranslation();
  const config = useQuery(configQuery).data;
  const banners = useQuery(bannersQuery('w_home', i18n.language.toUpperCase())).data;
  useEffect(() => {
    if (open) openModal(open);
  }, [open]);
  return (
    <>
      <h1 className="sr-only">{t('home.title', { site: config?.siteName ?? '' })}</h1>
      {banners ? (
        banners.length > 0 && (
          <Suspense fallback={<FirstBanner banner={banners[0]} />}>
            <BannerCarousel banners={banners} />
          </Suspense>
        )
      ) : (
        <div className="aspect-[16/5] w-full bg-(--surface-raised)" aria-hidden />
      )}
      <NoticeMarquee />
      <JackpotCounter symbol={config?.currencySymbol ?? ''} />
      <StepsGuide />
      <GameSections />
      <TextBlock />
      <DownloadSection />
      <PromotionBanners />
      <HelpPreview />
      <NoticeModal />
      {!open && <Announcements />}
    </>
  );
}

/** The popup's code loads only when there is something to show and it was not closed this session. */
function Announcements() {
  const { i18n } = useTranslation();
  const { token } = useSession();
  const popup = useQuery(announcementsQuery(i18n.language, token)).data?.popup ?? [];
  const key = token ? STORAGE_KEYS.userPopup : STORAGE_KEYS.anonymousPopup;
  if (popup.length === 0 || sessionStorage.getItem(key) === '1') return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementPopup />
    </Suspense>
  );
}

function FirstBanner({ banner }: { banner: Banner | undefined }) {
  if (!banner) return null;
  return (
    <div className="overflow-hidden">
      <img
        src={banner.url}
        alt={banner.title}
        width={1920}
        height={600}
        fetchPriority="high"
        className="aspect-[16/5] h-auto w-full object-cover"
      />
    </div>
  );
}
