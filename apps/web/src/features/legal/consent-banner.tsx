import { Button } from '@gamehall/ui/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { consentStore, saveConsent } from '../../lib/consent';
import { legalPath } from '../../lib/legal-links';

/**
 * The cookie banner (brand setting cookieConsentBanner; docs/site.md "Cookie consent"). Not a modal:
 * the site stays usable, and nothing but necessary storage is used before or without an answer.
 * Necessary is always on; analytics and marketing are off until chosen. It says plainly that the site
 * sets no analytics or marketing storage today.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const current = consentStore.use().choice;
  const [choosing, setChoosing] = useState(false);
  const [analytics, setAnalytics] = useState(current?.analytics ?? false);
  const [marketing, setMarketing] = useState(current?.marketing ?? false);

  const categories = [
    { id: 'necessary', label: t('legal.consent.necessary'), text: t('legal.consent.necessaryText'), on: true },
    {
      id: 'analytics',
      label: t('legal.consent.analytics'),
      text: t('legal.consent.analyticsText'),
      on: analytics,
      set: setAnalytics,
    },
    {
      id: 'marketing',
      label: t('legal.consent.marketing'),
      text: t('legal.consent.marketingText'),
      on: marketing,
      set: setMarketing,
    },
  ];

  return (
    <section
      aria-label={t('legal.consent.title')}
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-(--text-muted)/30 bg-(--surface-raised) p-4 text-sm text-(--text) shadow-[0_-8px_24px_rgb(0_0_0/0.35)] [padding-bottom:max(1rem,env(safe-area-inset-bottom))]"
    >
      <div className="mx-auto max-w-5xl">
        <h2 className="mb-1 font-bold text-(--accent)">{t('legal.consent.title')}</h2>
        <p className="mb-3">
          {t('legal.consent.text')}{' '}
          <Link to={legalPath('cookies')} className="font-semibold text-(--accent) underline">
            {t('legal.links.cookies')}
          </Link>
        </p>
        {choosing && (
          <fieldset className="mb-3 grid gap-2 sm:grid-cols-3">
            <legend className="sr-only">{t('legal.consent.choose')}</legend>
            {categories.map((c) => (
              <label key={c.id} className="flex items-start gap-2 rounded-lg bg-(--surface) p-3">
                <input
                  type="checkbox"
                  name={c.id}
                  checked={c.on}
                  disabled={!c.set}
                  onChange={(e) => c.set?.(e.target.checked)}
                  className="mt-1 size-4 accent-(--accent)"
                />
                <span>
                  <span className="block font-semibold">{c.label}</span>
                  <span className="block text-xs text-(--text-muted)">{c.text}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {choosing ? (
            <Button variant="secondary" onClick={() => saveConsent({ analytics, marketing })}>
              {t('legal.consent.save')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setChoosing(true)}>
              {t('legal.consent.choose')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => saveConsent({ analytics: false, marketing: false })}>
            {t('legal.consent.necessaryOnly')}
          </Button>
          <Button onClick={() => saveConsent({ analytics: true, marketing: true })}>
            {t('legal.consent.acceptAll')}
          </Button>
        </div>
      </div>
    </section>
  );
}
