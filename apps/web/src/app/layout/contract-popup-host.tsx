import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { loadAllStrings } from '../../lib/i18n';
import { pendingContractsQuery, waitingCount } from '../../lib/pending-contracts';
import { useSession } from '../../lib/session';

// The popup's code and strings load only when an answer is waiting (ui-guide first-chunk budget).
const ContractPopup = lazy(async () => {
  const [{ ContractPopup }] = await Promise.all([import('../../features/agents/contract-popup'), loadAllStrings()]);
  return { default: ContractPopup };
});

/** spec §6 "contract popup": members (not trial accounts) with an offer or a termination request to answer. */
export function ContractPopupHost() {
  const { token, isTrial } = useSession();
  const member = Boolean(token) && !isTrial;
  const pending = useQuery({ ...pendingContractsQuery(token), enabled: member }).data;
  if (!member || waitingCount(pending) === 0) return null;
  return (
    <Suspense fallback={null}>
      <ContractPopup />
    </Suspense>
  );
}
