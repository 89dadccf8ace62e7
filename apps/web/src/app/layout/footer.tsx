import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageUrl, vendorIconUrl } from '../../lib/art';
import { reopenConsent } from '../../lib/consent';
import { vendorDisplayName } from '../../lib/game-menus';
import { useInView } from '../../lib/in-view';
import { LEGAL_LINKS, legalPath } from '../../lib/legal-links';
import { resourceLabel } from '../../lib/resource-label';
import { configQuery, findResource, gameMenusQuery, resourcesQuery } from '../../lib/site-queries';
import { paths } from '../paths';

const FOLLOW_US = ['FACEBOOK', 'INSTAGRAM', 'TWITTER', 'YOUTUBE', 'TELEGRAM'];

// spec §2 Footer: about us, help centre, follow-us links for existing resources, vendor icons, copyright.
export function Footer() {
  const { t, i18n } = useTranslation();
  const resources = useQuery(resourcesQuery).data;
  const config = useQuery(configQuery).data;
  const menus = useQuery(gameMenusQuery(i18n.language.toUpperCase())).data ?? [];
  const vendors = [...new Map(menus.flatMap((c) => c.vendors).map((v) => [v.vassalage, v])).values()];
  const follow = FOLLOW_US.map((type) => findResource(resources, type)).filter((r) => r !== undefined);
  // Each logo is an image document of its own for the browser: fetched only once the list is near.
  const [vendorList, vendorsNear] = useInView<HTMLUListElement>();
  return (
    <footer className="mt-12 border-t border-(--text-muted)/20 bg-(--surface-raised) text-sm">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-3">
        <div>
          <h2 className="mb-3 font-bold text-(--accent)">{t('footer.aboutUs')}</h2>
          <p className="text-(--text-muted)">{t('footer.aboutText', { site: config?.siteName ?? '' })}</p>
          <Link to={paths.help} className="mt-3 inline-block font-semibold hover:text-(--accent)">
            {t('footer.helpCentre')}
          </Link>
          <Link to={paths.feedback} className="mt-3 ml-4 inline-block font-semibold hover:text-(--accent)">
            {t('member.menu.feedback')}
          </Link>
        </div>
        <div>
          <h2 className="mb-3 font-bold text-(--accent)">{t('footer.followUs')}</h2>
          <ul className="flex flex-wrap gap-3">
            {follow.map((r) => (
              <li key={r.resourceType}>
                <a href={r.url} target="_blank" rel="noreferrer" className="hover:text-(--accent)">
                  {resourceLabel(t, i18n.language, r)}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 font-bold text-(--accent)">{t('footer.vendors')}</h2>
          {/* Every vendor of the menus (spec §2 sets no limit); the list wraps onto more rows. */}
          <ul ref={vendorList} className="flex flex-wrap gap-2">
            {vendors.map((v) => (
              <li key={v.vassalage}>
                <img
                  src={vendorsNear ? imageUrl(vendorIconUrl(v.vassalage)) : undefined}
                  alt={vendorDisplayName(v.vassalage, v.name, t)}
                  title={vendorDisplayName(v.vassalage, v.name, t)}
                  width={40}
                  height={40}
                />
              </li>
            ))}
          </ul>
        </div>
      </div>
      {/* The pages a licensed site shows (docs/site.md "Legal pages"), on every page but the games. */}
      <nav aria-label={t('legal.links.title')} className="border-t border-(--text-muted)/20 px-4 py-4">
        <ul className="mx-auto flex max-w-7xl flex-wrap justify-center gap-x-5 gap-y-2" data-testid="legal-links">
          {LEGAL_LINKS.map((link) => (
            <li key={link.slug}>
              <Link to={legalPath(link.slug)} className="hover:text-(--accent) hover:underline">
                {t(link.key)}
              </Link>
            </li>
          ))}
          {config?.cookieConsentBanner && (
            <li>
              <button type="button" onClick={reopenConsent} className="hover:text-(--accent) hover:underline">
                {t('legal.links.cookieSettings')}
              </button>
            </li>
          )}
        </ul>
      </nav>
      <p className="border-t border-(--text-muted)/20 py-4 text-center text-(--text-muted)">
        {t('footer.copyright', { year: new Date().getFullYear(), site: config?.siteName ?? '' })}
      </p>
    </footer>
  );
}
