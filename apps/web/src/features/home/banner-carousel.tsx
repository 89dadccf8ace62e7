import type { Banner } from '@gamehall/shared/api/site';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * spec §9: the home banner autoplays every 3000 ms when there is more than one. It waits while the
 * pointer is on it or a control in it has focus, and does not move by itself for a visitor who asks
 * for reduced motion (WCAG 2.2.2: moving content can be paused); the dots still change the slide.
 */
export const HOME_BANNER_AUTOPLAY_MS = 3000;

export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [viewport, embla] = useEmblaCarousel({ loop: banners.length > 1 });
  const [selected, setSelected] = useState(0);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);
  useEffect(() => {
    if (!embla || banners.length < 2 || held) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const id = setInterval(() => embla.scrollNext(), HOME_BANNER_AUTOPLAY_MS);
    return () => clearInterval(id);
  }, [embla, banners.length, held]);
  // spec §2: a banner with a link type opens its target (ROUTE inside the site, URL outside).
  const open = (banner: Banner) => {
    if (!banner.linkageType || !banner.linkUrl) return;
    if (banner.linkageType === 'ROUTE') navigate(banner.linkUrl);
    else window.open(banner.linkUrl, '_blank', 'noopener');
  };
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      className="relative"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <div ref={viewport} className="overflow-hidden">
        {/* Its own layer, so moving a slide does not draw the (SVG) banners again on every frame. */}
        <div className="flex will-change-transform" data-testid="banner-track">
          {banners.map((banner, i) => (
            <fieldset
              key={banner.id}
              className="m-0 min-w-0 shrink-0 grow-0 basis-full border-0 p-0"
              aria-roledescription="slide"
            >
              <button
                type="button"
                className="block w-full"
                onClick={() => open(banner)}
                disabled={!banner.linkageType}
                aria-label={banner.title}
              >
                <img
                  src={banner.url}
                  alt={banner.title}
                  width={1920}
                  height={600}
                  className="aspect-[16/5] h-auto w-full object-cover"
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                />
              </button>
            </fieldset>
          ))}
        </div>
      </div>
      {banners.length > 1 && (
        <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 gap-2">
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              aria-label={t('home.goToBanner', { n: i + 1 })}
              aria-current={selected === i}
              onClick={() => embla?.scrollTo(i)}
              className={`h-2 rounded-full transition-all ${selected === i ? 'w-6 bg-(--accent)' : 'w-2 bg-white/60'}`}
            />
          ))}
        </div>
      )}
    </section>
  );
}
