import type { AdminImage } from '@gamehall/shared/api/admin';
import type { AdminOrderRisk } from '@gamehall/shared/api/admin-cashier';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useObjectUrl } from '../../lib/use-object-url';
import { imagesQuery } from './api';

export function DetailList({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-(--text-muted)">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-(--border) bg-(--surface-raised) p-4">
      <h2 className="mb-3 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** An uploaded image: its bytes need the operator's token, so it is fetched and shown as a blob: URL. */
function ProofImage({ image, alt }: { image: AdminImage; alt: string }) {
  const { t } = useTranslation('cashier');
  const { src, failed } = useObjectUrl(image.url);
  return (
    <figure className="m-0">
      {failed ? (
        <p className="text-sm text-(--danger)">{t('proofFailed')}</p>
      ) : src ? (
        <a href={src} target="_blank" rel="noreferrer">
          <img src={src} alt={alt} className="max-h-80 rounded border border-(--border) object-contain" />
        </a>
      ) : (
        <p className="text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>
      )}
      <figcaption className="mt-1 text-xs text-(--text-muted)">
        {t(`purpose.${image.purpose}`)} · {formatDateTime(image.createdAt)} · {Math.round(image.size / 1024)} KiB
      </figcaption>
    </figure>
  );
}

export function ProofImages({ reference }: { reference: string }) {
  const { t } = useTranslation('cashier');
  const images = useQuery(imagesQuery(reference));
  if (images.isError)
    return (
      <p role="alert" className="text-sm text-(--danger)">
        {errorMessage(images.error)}
      </p>
    );
  if (!images.data) return <p className="text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>;
  if (images.data.length === 0) return <p className="text-sm text-(--text-muted)">{t('noProofs')}</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {images.data.map((image, i) => (
        <ProofImage key={image.id} image={image} alt={t('proofAlt', { n: i + 1, reference })} />
      ))}
    </div>
  );
}

function Members({ list }: { list: { id: number; username: string }[] }) {
  return <>{list.map((m) => `${m.username} (#${m.id})`).join(', ')}</>;
}

export function RiskHints({ risk, currency }: { risk: AdminOrderRisk; currency: string }) {
  const { t } = useTranslation('cashier');
  const short = risk.turnover.achieved < risk.turnover.required;
  const warnings = [
    risk.sameBankAccount.length > 0,
    risk.sameIp.length > 0,
    risk.firstWithdrawal === true,
    short,
  ].filter(Boolean).length;
  return (
    <Panel title={t('risk.title')}>
      {warnings > 0 && (
        <p className="mb-3 flex items-center gap-2 text-sm text-(--accent)">
          <AlertTriangle size={16} aria-hidden />
          {t('risk.count', { count: warnings })}
        </p>
      )}
      <DetailList
        items={[
          [
            t('risk.sameBankAccount'),
            risk.sameBankAccount.length ? <Members key="bank" list={risk.sameBankAccount} /> : t('risk.none'),
          ],
          [t('risk.memberIp'), risk.memberIp ?? '-'],
          [t('risk.sameIp'), risk.sameIp.length ? <Members key="ip" list={risk.sameIp} /> : t('risk.none')],
          ...(risk.firstWithdrawal === null
            ? []
            : ([[t('risk.firstWithdrawal'), risk.firstWithdrawal ? t('yes') : t('no')]] as [string, ReactNode][])),
          [
            t('risk.turnover'),
            <span key="turnover" className={short ? 'text-(--danger)' : ''}>
              {t('risk.turnoverValue', {
                achieved: formatMoney(risk.turnover.achieved, currency),
                required: formatMoney(risk.turnover.required, currency),
              })}
            </span>,
          ],
        ]}
      />
    </Panel>
  );
}
