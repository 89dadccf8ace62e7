import { Button } from '@gamehall/ui/button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { saveConsent } from '../../lib/consent';
import { legalPath } from '../../lib/legal-links';

/**
 * The cookie banner (brand setting cookieConsentBanner; docs/site.md "Cookie consent"). Not a modal:
 * the site stays usable. It says what the site always stores, and exactly what each answer changes:
 * Accept keeps the display preferences on the device between visits, Necessary only keeps them for
 * the tab (lib/consent). The site sets no analytics or marketing storage, and the banner says so.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('legal.consent.title')}
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-(--shell-bottom) z-50 border-t border-(--text-muted)/30 bg-(--surface-raised) p-4 text-sm text-(--text) shadow-[0_-8px_24px_rgb(0_0_0/0.35)] [padding-bottom:max(1rem,env(safe-area-inset-bottom))]"
    >
      <div className="mx-auto max-w-5xl">
        <h2 className="mb-1 font-bold text-(--accent)">{t('legal.consent.title')}</h2>
        <p className="mb-2">
          {t('legal.consent.intro')}{' '}
          <Link to={legalPath('cookies')} className="font-semibold text-(--accent) underline">
            {t('legal.links.cookies')}
          </Link>
        </p>
        <ul className="mb-3 list-disc space-y-1 ps-5 text-(--text-muted)">
          <li>{t('legal.consent.acceptText')}</li>
          <li>{t('legal.consent.necessaryOnlyText')}</li>
        </ul>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => saveConsent({ preferences: false })}>
            {t('legal.consent.necessaryOnly')}
          </Button>
          <Button onClick={() => saveConsent({ preferences: true })}>{t('legal.consent.accept')}</Button>
        </div>
      </div>
    </section>
  );
}
