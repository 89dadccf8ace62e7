import type { Banner } from '@gamehall/shared/api/site';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { closeModal } from '../../lib/modals';

/**
 * The banners an operator places in the login, registration and forgotten-password modals (spec
 * §3 Banner groups w_login, w_register, w_forget; Content > Banners in the console), in the reader's
 * language, above the form. Nothing at all while the group is empty or loading. A banner with a
 * link opens it as the home's do (ROUTE a page of the site, closing the modal; URL a new tab).
 */
export function ModalBanners({ group }: { group: 'w_login' | 'w_register' | 'w_forget' }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const language = i18n.language.toUpperCase();
  // The query is written out here rather than shared through a module of the first chunk: a lazy
  // chunk that imports such a module made the bundler split the first chunk's query and API code
  // into chunks of their own, 2 KiB gzip more on the home's first load (ui-guide budget).
  const banners =
    useQuery({
      queryKey: ['banners', group, language],
      queryFn: () => apiRequest<Banner[]>('/wps/system/banners', { query: { groupName: group, language } }),
      staleTime: 5 * 60_000,
    }).data ?? [];
  if (banners.length === 0) return null;
  const open = (banner: Banner) => {
    if (!banner.linkageType || !banner.linkUrl) return;
    if (banner.linkageType === 'ROUTE') {
      closeModal();
      navigate(banner.linkUrl);
    } else window.open(banner.linkUrl, '_blank', 'noopener');
  };
  return (
    // Several banners sit side by side and scroll, so the form stays where it is.
    <ul className="-mx-1 mb-4 flex snap-x snap-mandatory gap-2 overflow-x-auto px-1" data-testid={`banners-${group}`}>
      {banners.map((banner) => (
        <li key={banner.id} className="shrink-0 grow-0 basis-full snap-start">
          <button
            type="button"
            className="block w-full overflow-hidden rounded-lg"
            disabled={!banner.linkageType || !banner.linkUrl}
            onClick={() => open(banner)}
          >
            <img
              src={banner.url}
              alt={banner.title}
              width={1920}
              height={600}
              className="aspect-[16/5] h-auto w-full object-cover"
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
