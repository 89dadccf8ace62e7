import { Button } from '@gamehall/ui/button';
import { useQuery } from '@tanstack/react-query';
import { Apple, Download, FileDown, Smartphone } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { paths } from '../../app/paths';
import { LinkQr } from '../../components/link-qr';
import { configQuery } from '../../lib/site-queries';
import { promptInstall, useInstallState } from '../../pwa/install-prompt';
import { appDownloadsQuery } from './api';

// spec §1 "app download with install guides for iOS and Android", §2 "app install guide".
// The site is the app (docs/pwa.md): Android installs it from the browser's prompt, iOS adds it to
// the home screen (or through the brand's MOBILECONFIG profile); a configured native app is linked
// only when the server answers for it.

export function DownloadPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const siteName = useQuery(configQuery).data?.siteName ?? '';
  const links = useQuery(appDownloadsQuery).data;
  // The home's QR codes open /down#ios or /down#android: bring that guide into view.
  useEffect(() => {
    const id = hash.slice(1);
    if (id === 'ios' || id === 'android') document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash]);
  const pageUrl = `${window.location.origin}${paths.down}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10" data-testid="download-page">
      <h1 className="mb-2 text-2xl font-bold">{t('download.title', { site: siteName })}</h1>
      <p className="mb-6 text-(--text-muted)">{t('download.intro')}</p>
      <InstallPanel />
      <div className="mt-8 flex flex-col gap-6 md:flex-row md:items-start">
        <div className="grid flex-1 gap-6 lg:grid-cols-2">
          <Guide id="ios" icon={<Apple aria-hidden />} title={t('download.ios.title')}>
            <ol className="list-decimal space-y-2 ps-5">
              <li>{t('download.ios.step1')}</li>
              <li>{t('download.ios.step2')}</li>
              <li>{t('download.ios.step3')}</li>
            </ol>
            {links?.mobileconfig && (
              <DownloadLink
                href={links.mobileconfig}
                label={t('download.ios.profile')}
                hint={t('download.ios.profileHint')}
              />
            )}
            {links?.ios && <DownloadLink href={links.ios} label={t('download.ios.app')} />}
          </Guide>
          <Guide id="android" icon={<Smartphone aria-hidden />} title={t('download.android.title')}>
            <ol className="list-decimal space-y-2 ps-5">
              <li>{t('download.android.step1')}</li>
              <li>{t('download.android.step2')}</li>
              <li>{t('download.android.step3')}</li>
            </ol>
            {links?.android && <DownloadLink href={links.android} label={t('download.android.apk')} />}
          </Guide>
        </div>
        <section aria-labelledby="download-qr" className="flex flex-col items-center gap-2">
          <h2 id="download-qr" className="font-bold">
            {t('download.qr.title')}
          </h2>
          <LinkQr
            link={pageUrl}
            alt={t('download.qr.alt')}
            caption={t('download.qr.caption')}
            failedText={t('errors.IMAGE_LOAD')}
            testId="download-qr"
          />
        </section>
      </div>
    </div>
  );
}

/** The browser's install offer where it makes one (Chromium); the installed app says so instead. */
function InstallPanel() {
  const { t } = useTranslation();
  const state = useInstallState();
  const [dismissed, setDismissed] = useState(false);
  if (state === 'installed')
    return (
      <p role="status" className="rounded-xl bg-(--surface-raised) p-4 font-semibold">
        {t('download.installed')}
      </p>
    );
  if (state !== 'available') return dismissed ? <p role="status">{t('download.installDismissed')}</p> : null;
  return (
    <div className="flex flex-wrap items-center gap-4 rounded-xl bg-(--surface-raised) p-4">
      <Download className="text-(--accent)" aria-hidden />
      <p className="flex-1">{t('download.installHint')}</p>
      <Button onClick={() => void promptInstall().then((outcome) => setDismissed(outcome === 'dismissed'))}>
        {t('download.install')}
      </Button>
    </div>
  );
}

function Guide({ id, icon, title, children }: { id: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-32 space-y-4 rounded-xl bg-(--surface-raised) p-5"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold">
        <span className="text-(--accent)">{icon}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function DownloadLink({ href, label, hint }: { href: string; label: string; hint?: string }) {
  const external = /^https?:\/\//i.test(href);
  return (
    <p>
      <a
        href={href}
        className="inline-flex items-center gap-2 rounded-md border border-(--accent) px-4 py-2 text-sm font-semibold text-(--accent) hover:bg-(--accent)/10"
        {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}
      >
        <FileDown size={16} aria-hidden />
        {label}
      </a>
      {hint && <span className="mt-1 block text-xs text-(--text-muted)">{hint}</span>}
    </p>
  );
}
