import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client';
import { consentStore, setConsentAsked } from '../../lib/consent';
import { loadAllStrings } from '../../lib/i18n';
import { useFillPlaceholders } from '../../lib/placeholders';
import { endSession, useSession } from '../../lib/session';
import { configQuery } from '../../lib/site-queries';
import { TERMS_STATUS_KEY, termsStatusQuery } from '../../lib/terms-status';

// The terms dialog and the cookie banner load only when they have something to show (ui-guide
// first-chunk budget): the shell makes one small call after sign-in, and reads one brand setting.
// The dialog's calls and the brand's placeholders are passed to it from here (and the legal page's
// from the router): when these lazy chunks imported lib/placeholders or useQueryClient themselves,
// the bundler moved React, the query core and the API client out of the first chunk into chunks of
// their own, and the home's first scripts grew by 2.6 KiB gzip, past the 150 KiB budget.

const TermsDialog = lazy(async () => {
  const [{ TermsDialog }] = await Promise.all([import('../../features/legal/terms-dialog'), loadAllStrings()]);
  return { default: TermsDialog };
});

// Its words are not in the first chunk's strings: they come with the full English strings.
const ConsentBanner = lazy(async () => {
  const [{ ConsentBanner }] = await Promise.all([import('../../features/legal/consent-banner'), loadAllStrings()]);
  return { default: ConsentBanner };
});

/** A member (not a trial account) with newer terms to accept meets the dialog until they do. */
export function TermsHost() {
  const { i18n } = useTranslation();
  const { token, isTrial } = useSession();
  const member = Boolean(token) && !isTrial;
  const queryClient = useQueryClient();
  const fill = useFillPlaceholders();
  const status = useQuery({ ...termsStatusQuery(token, i18n.language.toUpperCase()), enabled: member }).data;
  if (!member || !status?.due || !status.terms) return null;
  const accept = async (version: number) => {
    try {
      await apiRequest('/wps/member/terms/accept', { method: 'POST', body: { version } });
    } finally {
      await queryClient.invalidateQueries({ queryKey: TERMS_STATUS_KEY });
    }
  };
  const signOut = async () => {
    await apiRequest('/wps/session/logout', { method: 'DELETE' }).catch(() => undefined);
    endSession();
    queryClient.removeQueries({ queryKey: ['member'] });
  };
  return (
    <Suspense fallback={null}>
      <TermsDialog terms={status.terms} fill={fill} accept={accept} signOut={signOut} />
    </Suspense>
  );
}

/**
 * Where the brand asks for cookie consent: until the visitor answers, or while they change it. It
 * also tells lib/consent whether the brand asks, which decides where preferences may be kept.
 */
export function ConsentHost() {
  const config = useQuery(configQuery).data;
  const wanted = config?.cookieConsentBanner === true;
  useEffect(() => {
    if (config) setConsentAsked(config.cookieConsentBanner === true);
  }, [config]);
  const { choice, open } = consentStore.use();
  if (!wanted || (choice && !open)) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  );
}
