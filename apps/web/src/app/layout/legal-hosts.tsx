import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { consentStore } from '../../lib/consent';
import { loadAllStrings } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { configQuery } from '../../lib/site-queries';
import { termsStatusQuery } from '../../lib/terms-status';

// The terms dialog and the cookie banner load only when they have something to show (ui-guide
// first-chunk budget): the shell makes one small call after sign-in, and reads one brand setting.

const TermsDialog = lazy(async () => {
  const [{ TermsDialog }] = await Promise.all([import('../../features/legal/terms-dialog'), loadAllStrings()]);
  return { default: TermsDialog };
});

const ConsentBanner = lazy(async () => ({
  default: (await import('../../features/legal/consent-banner')).ConsentBanner,
}));

/** A member (not a trial account) with newer terms to accept meets the dialog until they do. */
export function TermsHost() {
  const { i18n } = useTranslation();
  const { token, isTrial } = useSession();
  const member = Boolean(token) && !isTrial;
  const status = useQuery({ ...termsStatusQuery(token, i18n.language.toUpperCase()), enabled: member }).data;
  if (!member || !status?.due || !status.terms) return null;
  return (
    <Suspense fallback={null}>
      <TermsDialog terms={status.terms} />
    </Suspense>
  );
}

/** Where the brand asks for cookie consent: until the visitor answers, or while they change it. */
export function ConsentHost() {
  const wanted = useQuery(configQuery).data?.cookieConsentBanner === true;
  const { choice, open } = consentStore.use();
  if (!wanted || (choice && !open)) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  );
}
