import type { BettingRecord } from '@gamehall/shared/api/games';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { roundDetails } from './api';

function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Opens the address `load` answers in a new tab. The tab is opened by the click itself, before the
 * address is asked for, so the browser does not block it as a pop-up; it starts as about:blank of
 * the site's origin, hence no way back to the site (opener) and nothing but a web address loaded
 * in it. A failed answer closes the tab again and rejects, for the caller to say why.
 */
export async function openInNewTab(load: () => Promise<string>, win: Pick<Window, 'open'> = window): Promise<void> {
  const tab = win.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const url = await load();
    if (!isWebAddress(url)) {
      throw new ApiError(
        'ROUND_DETAILS_UNAVAILABLE',
        "The game provider's details of this round cannot be shown right now",
        0,
      );
    }
    // A blocked blank tab: the click's activation may still allow one opened now.
    if (tab) tab.location.href = url;
    else win.open(url, '_blank', 'noopener,noreferrer');
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/**
 * A betting record row's "Provider's details" (a round whose record says detailsAvailable): the game
 * provider's own record of the round, in a new tab. `iconOnly` where the row has no room for words
 * (the game recall's rounds).
 */
export function RoundDetailsButton({
  round,
  iconOnly = false,
}: {
  round: Pick<BettingRecord, 'vassalage' | 'roundId'>;
  iconOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const label = t('games.record.providerDetails');
  const open = () => {
    setError('');
    setBusy(true);
    openInNewTab(() => roundDetails(round).then((answer) => answer.url))
      .catch((err: unknown) => setError(errorMessage(t, err)))
      .finally(() => setBusy(false));
  };
  return (
    <span className="flex flex-wrap items-center gap-x-2">
      <button
        type="button"
        onClick={open}
        disabled={busy}
        title={iconOnly ? label : undefined}
        className="flex items-center gap-1 text-(--accent) hover:underline disabled:opacity-40"
      >
        <ExternalLink size={14} aria-hidden />
        {iconOnly ? <span className="sr-only">{label}</span> : label}
      </button>
      {error && (
        <span role="alert" className="text-xs text-(--danger)">
          {error}
        </span>
      )}
    </span>
  );
}
