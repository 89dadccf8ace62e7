import type { Resource } from '@gamehall/shared/api/site';
import { useQuery } from '@tanstack/react-query';
import { BookOpen, Gift, HelpCircle, Smartphone, UserPlus, Wallet } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { useInView } from '../../lib/in-view';
import { openModal } from '../../lib/modals';
import { normaliseQrOptions } from '../../lib/qr-options';
import { resourceLabel } from '../../lib/resource-label';
import { useSession } from '../../lib/session';
import { findResource, resourcesQuery } from '../../lib/site-queries';
import { bannersQuery, helpCenterQuery } from './api';
import { EmptyState, SectionTitle } from './section-title';

const wrap = 'mx-auto my-10 max-w-7xl px-4';

/** spec §2 Home: step 1 registers (when logged out), step 2 opens the deposit page, step 3 the reward centre. */
export function StepsGuide() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSession();
  const steps = [
    {
      icon: <UserPlus aria-hidden />,
      key: 'register',
      go: () => (token ? navigate('/member/profile') : openModal('register')),
    },
    {
      icon: <Wallet aria-hidden />,
      key: 'deposit',
      go: () => (token ? navigate('/member/depositv2') : openModal('login')),
    },
    {
      icon: <Gift aria-hidden />,
      key: 'reward',
      go: () => (token ? navigate('/member/rewardCenter') : openModal('login')),
    },
  ];
  return (
    <section className={wrap} aria-labelledby="steps-title">
      <h2 id="steps-title" className="sr-only">
        {t('home.steps.title')}
      </h2>
      <ol className="grid gap-4 md:grid-cols-3">
        {steps.map((s, i) => (
          <li key={s.key}>
            <button
              type="button"
              onClick={s.go}
              className="flex w-full items-center gap-4 rounded-xl bg-(--surface-raised) p-5 text-left hover:ring-2 hover:ring-(--accent)"
            >
              <span className="grid size-12 shrink-0 place-items-center rounded-full bg-(--accent) text-(--accent-contrast)">
                {s.icon}
              </span>
              <span>
                <span className="block text-xs text-(--text-muted)">{t('home.steps.step', { n: i + 1 })}</span>
                <span className="block font-bold">{t(`home.steps.${s.key}`)}</span>
                <span className="block text-sm text-(--text-muted)">{t(`home.steps.${s.key}Text`)}</span>
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

// The tiles' strings are in the first chunk (lib/core-namespaces.ts): the section needs no full
// English file, which the overlays and modals its tiles open load with their own code.
const HomeGameSections = lazy(async () => ({ default: (await import('./home-games')).HomeGameSections }));

/**
 * The winners strip, the slot section and the live section (spec §2 Home details). Their code is a
 * lazy chunk (ui-guide budget: the home page's first chunk), fetched once the page has loaded so
 * its calls and images never compete with the banner (LCP); the placeholder keeps their space.
 */
export function GameSections() {
  const [ready, setReady] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (ready) return;
    const go = () => setReady(true);
    window.addEventListener('load', go, { once: true });
    return () => window.removeEventListener('load', go);
  }, [ready]);
  const placeholder = <div className="min-h-[900px]" aria-hidden />;
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <HomeGameSections />
    </Suspense>
  );
}

export function TextBlock() {
  const { t } = useTranslation();
  const keys = ['games', 'security', 'payments', 'support'] as const;
  return (
    <section className={wrap} aria-label={t('home.about.title')}>
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
        {keys.map((k) => (
          <article key={k} className="rounded-xl bg-(--surface-raised) p-5">
            <h3 className="mb-2 font-bold text-(--accent)">{t(`home.about.${k}`)}</h3>
            <p className="text-sm text-(--text-muted)">{t(`home.about.${k}Text`)}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

const QR_TYPES = ['MOBILECONFIG', 'IOS', 'ANDROID'];

/** Each download code opens the install guide (/down) at its platform's section. */
function downloadGuide(resourceType: string): string {
  return `${paths.down}#${resourceType.toUpperCase() === 'ANDROID' ? 'android' : 'ios'}`;
}

/**
 * spec §2, §9: QR codes (size 180, margin 20) only for the app resources that exist. The section
 * sits at the foot of the home: its codes are drawn (the qrcode library fetched and run) once it
 * comes near the window, not on every visit to the home.
 */
export function DownloadSection() {
  const { t } = useTranslation();
  const { data: resources, isPending } = useQuery(resourcesQuery);
  const [section, near] = useInView<HTMLElement>();
  const apps = QR_TYPES.map((type) => findResource(resources, type)).filter((r) => r !== undefined);
  return (
    <section ref={section} id="download" className={`${wrap} scroll-mt-32`} aria-labelledby="download-title">
      <h2 id="download-title" className="mb-4 flex items-center gap-2 text-xl font-bold">
        <Smartphone className="text-(--accent)" aria-hidden /> {t('home.download')}
      </h2>
      {isPending ? (
        <div className="h-[236px]" aria-hidden />
      ) : apps.length === 0 ? (
        <EmptyState>{t('home.downloadEmpty')}</EmptyState>
      ) : (
        <ul className="flex flex-wrap justify-center gap-6">
          {apps.map((r) => (
            <li key={r.resourceType}>
              <QrTile resource={r} drawn={near} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function QrTile({ resource, drawn }: { resource: Resource; drawn: boolean }) {
  const { t, i18n } = useTranslation();
  const [src, setSrc] = useState('');
  // spec §8: an image that fails says so in the tile.
  const [failure, setFailure] = useState<'IMAGE_LOAD' | null>(null);
  const guide = downloadGuide(resource.resourceType);
  useEffect(() => {
    if (!drawn) return;
    const url = new URL(guide, window.location.origin).href;
    setFailure(null);
    const o = normaliseQrOptions({ size: 180, margin: 20 });
    // qrcode's margin counts modules; 20 px at this size is about 4 modules.
    import('qrcode')
      .then(({ toDataURL }) =>
        toDataURL(url, { width: o.size, margin: Math.round(o.margin / 5), errorCorrectionLevel: o.correctLevel }),
      )
      .then(setSrc)
      .catch(() => {
        setSrc('');
        setFailure('IMAGE_LOAD');
      });
  }, [guide, drawn]);
  return (
    <Link
      to={guide}
      className="flex flex-col items-center gap-2 rounded-xl bg-white p-3 text-sm font-semibold text-black"
    >
      {src ? (
        <img
          src={src}
          alt=""
          width={180}
          height={180}
          onError={() => {
            setSrc('');
            setFailure('IMAGE_LOAD');
          }}
        />
      ) : failure ? (
        <span role="alert" className="grid size-[180px] place-items-center text-center text-xs">
          {t('errors.IMAGE_LOAD')}
        </span>
      ) : (
        <span className="size-[180px]" />
      )}
      {resourceLabel(t, i18n.language, resource)}
    </Link>
  );
}

const PROMOTIONS_ON_HOME = 3;

export function PromotionBanners() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const all = useQuery(bannersQuery('w_activity', i18n.language.toUpperCase())).data ?? [];
  // One full row on the home page (the rest are behind "More"): up to three banners, as many
  // columns as banners, and with three the third waits for the three-column width, so no row
  // ends in a blank cell.
  const banners = all.slice(0, PROMOTIONS_ON_HOME);
  const columns = banners.length >= 3 ? 'sm:grid-cols-2 lg:grid-cols-3' : banners.length === 2 ? 'sm:grid-cols-2' : '';
  return (
    <section className={wrap} aria-label={t('nav.promotions')}>
      <SectionTitle
        icon={<Gift aria-hidden />}
        title={t('nav.promotions')}
        more={{ to: '/promotions', label: t('nav.more') }}
      />
      {banners.length === 0 ? (
        <EmptyState>{t('home.promotionsEmpty')}</EmptyState>
      ) : (
        <ul className={`grid gap-4 ${columns}`} data-testid="home-promotions">
          {banners.map((b, i) => (
            <li key={b.id} className={i === 2 ? 'sm:max-lg:hidden' : undefined}>
              <button
                type="button"
                className="block w-full overflow-hidden rounded-xl"
                disabled={!b.linkageType}
                onClick={() =>
                  b.linkUrl &&
                  (b.linkageType === 'ROUTE' ? navigate(b.linkUrl) : window.open(b.linkUrl, '_blank', 'noopener'))
                }
              >
                <img
                  src={b.url}
                  alt={b.title}
                  width={1920}
                  height={600}
                  loading="lazy"
                  className="aspect-[16/5] h-auto w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** spec §2: help content shows the first 4 items. */
export function HelpPreview() {
  const { t } = useTranslation();
  const items = (useQuery(helpCenterQuery).data ?? []).flatMap((c) => c.items).slice(0, 4);
  return (
    <section className={wrap} aria-label={t('footer.helpCentre')}>
      <SectionTitle
        icon={<HelpCircle aria-hidden />}
        title={t('footer.helpCentre')}
        more={{ to: '/help', label: t('nav.more') }}
      />
      <div className="grid gap-3 md:grid-cols-2">
        {items.map((item) => (
          <details key={item.id} className="rounded-xl bg-(--surface-raised) p-4">
            <summary className="flex cursor-pointer items-center gap-2 font-semibold">
              <BookOpen size={16} className="text-(--accent)" aria-hidden />
              {item.title}
            </summary>
            <p className="mt-2 text-sm text-(--text-muted)">{item.content}</p>
          </details>
        ))}
      </div>
      <p className="mt-3 text-right text-sm">
        <Link to="/help" className="text-(--accent)">
          {t('home.allHelp')}
        </Link>
      </p>
    </section>
  );
}
