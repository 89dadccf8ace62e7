import type { AdminVendor, CatalogueSyncPreview } from '@gamehall/shared/api/admin-games';
import { Button } from '@gamehall/ui/button';
import { Modal } from '@gamehall/ui/modal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../components/scroll-region';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import {
  applyCatalogueSync,
  catalogueKey,
  catalogueSyncPreviewKey,
  catalogueSyncRunsKey,
  fetchCatalogueSyncs,
  previewCatalogueSync,
  vendorsKey,
} from './api';
import { fieldValue, hasChanges, previewCounts, runCounts, runLine } from './catalogue-sync';

const ITEM = 'border-b border-(--border) px-3 py-1.5 last:border-b-0';

/** One part of the preview: a heading with its count, what applying does to it, and its games in a box that scrolls. */
function SyncSection({
  title,
  hint,
  testId,
  children,
}: {
  title: string;
  hint: string;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="mb-3" aria-labelledby={headingId} data-testid={testId}>
      <h3 id={headingId} className="text-sm font-semibold">
        {title}
      </h3>
      <p className="mb-1 text-xs text-(--text-muted)">{hint}</p>
      <ScrollRegion
        axis="y"
        labelledBy={headingId}
        className="max-h-48 rounded-md border border-(--border) bg-(--surface)"
      >
        <ul className="text-sm">{children}</ul>
      </ScrollRegion>
    </section>
  );
}

/** The four parts of the preview; a part with no games is left out. */
function PreviewSections({ preview }: { preview: CatalogueSyncPreview }) {
  const { t } = useTranslation('games');
  return (
    <>
      {preview.add.length > 0 && (
        <SyncSection
          title={t('catalogueSync.new.title', { n: preview.add.length })}
          hint={t('catalogueSync.new.hint')}
          testId="catalogue-sync-add"
        >
          {preview.add.map((g) => (
            <li key={g.gameCode} className={ITEM}>
              <span className="font-medium">{g.name}</span>
              <span className="block text-xs text-(--text-muted)">
                {t(`menus.category.${g.gameType}`, { defaultValue: g.gameType })} ·{' '}
                {t('catalogueSync.new.category', { category: g.category })}
              </span>
              {!g.enabled && <span className="block text-xs text-(--accent)">{t('catalogueSync.new.off')}</span>}
            </li>
          ))}
        </SyncSection>
      )}
      {preview.update.length > 0 && (
        <SyncSection
          title={t('catalogueSync.update.title', { n: preview.update.length })}
          hint={t('catalogueSync.update.hint')}
          testId="catalogue-sync-update"
        >
          {preview.update.map((g) => (
            <li key={g.nodeId} className={ITEM}>
              <span className="font-medium">{g.name}</span>
              {g.changes.map((c) => (
                <span key={c.field} className="block text-xs break-all text-(--text-muted)">
                  {t('catalogueSync.update.change', {
                    field: t(`catalogueSync.fields.${c.field}`),
                    from: fieldValue(t, c.field, c.from),
                    to: fieldValue(t, c.field, c.to),
                  })}
                </span>
              ))}
            </li>
          ))}
        </SyncSection>
      )}
      {preview.hold.length > 0 && (
        <SyncSection
          title={t('catalogueSync.hold.title', { n: preview.hold.length })}
          hint={t('catalogueSync.hold.hint')}
          testId="catalogue-sync-hold"
        >
          {preview.hold.map((g) => (
            <li key={g.nodeId} className={ITEM}>
              <span className="font-medium">{g.name}</span>
              <span className="block text-xs text-(--text-muted)">{t(`catalogueSync.hold.${g.reason}`)}</span>
            </li>
          ))}
        </SyncSection>
      )}
      {preview.release.length > 0 && (
        <SyncSection
          title={t('catalogueSync.release.title', { n: preview.release.length })}
          hint={t('catalogueSync.release.hint')}
          testId="catalogue-sync-release"
        >
          {preview.release.map((g) => (
            <li key={g.nodeId} className={ITEM}>
              {g.name}
            </li>
          ))}
        </SyncSection>
      )}
    </>
  );
}

/** The preview: the provider list's totals, then what applying would change, or that nothing would. */
function PreviewView({ preview }: { preview: CatalogueSyncPreview }) {
  const { t } = useTranslation('games');
  const totals = [
    ['listed', preview.listed],
    ['skipped', preview.skipped],
    ['unchanged', preview.unchanged],
  ] as const;
  return (
    <>
      <dl className="mb-3 grid grid-cols-3 gap-2 text-sm" data-testid="catalogue-sync-totals">
        {totals.map(([key, value]) => (
          <div key={key} className="rounded-md border border-(--border) p-2">
            <dt className="text-xs text-(--text-muted)">{t(`catalogueSync.${key}`)}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {hasChanges(preview) ? (
        <>
          <p className="mb-3 text-sm">{t('catalogueSync.toApply', { counts: runCounts(t, previewCounts(preview)) })}</p>
          <PreviewSections preview={preview} />
        </>
      ) : (
        <p className="mb-3 text-sm" data-testid="catalogue-sync-nothing">
          {t('catalogueSync.nothing')}
        </p>
      )}
    </>
  );
}

/** The vendor's last syncs, by hand or by the schedule, latest first. */
function SyncHistory({ code }: { code: string }) {
  const { t } = useTranslation('games');
  const runs = useQuery({ queryKey: catalogueSyncRunsKey(code), queryFn: () => fetchCatalogueSyncs(code) });
  const headingId = useId();
  return (
    <section
      className="mt-4 border-t border-(--border) pt-3"
      aria-labelledby={headingId}
      data-testid="catalogue-sync-history"
    >
      <h3 id={headingId} className="mb-1 text-sm font-semibold">
        {t('catalogueSync.history')}
      </h3>
      {runs.isPending ? (
        <p className="text-xs text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>
      ) : runs.isError ? (
        <p role="alert" className="text-xs text-(--danger)">
          {errorMessage(runs.error)}
        </p>
      ) : runs.data.length === 0 ? (
        <p className="text-xs text-(--text-muted)">{t('catalogueSync.noHistory')}</p>
      ) : (
        <ScrollRegion axis="y" labelledBy={headingId} className="max-h-36">
          <ul className="text-xs">
            {runs.data.map((r) => (
              <li key={r.id} className={`py-0.5 ${r.error === null ? '' : 'text-(--danger)'}`}>
                {runLine(t, r)}
              </li>
            ))}
          </ul>
        </ScrollRegion>
      )}
    </section>
  );
}

/**
 * Asks the provider for its game list, shows what applying it would change, and applies exactly
 * that change (its digest). When the list moved in between, the server refuses and the new change
 * is shown instead, to be looked at again.
 */
function SyncBody({
  vendor,
  onClose,
  onApplied,
}: {
  vendor: AdminVendor;
  onClose: () => void;
  onApplied: (text: string) => void;
}) {
  const { t } = useTranslation('games');
  const queryClient = useQueryClient();
  // Asked once per opening: a preview that changed by itself under the operator's eyes would be misread.
  const preview = useQuery({
    queryKey: catalogueSyncPreviewKey(vendor.code),
    queryFn: () => previewCatalogueSync(vendor.code),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [moved, setMoved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const apply = async (digest: string) => {
    setBusy(true);
    setError('');
    setMoved(false);
    try {
      const run = await applyCatalogueSync(vendor.code, digest);
      await Promise.all(
        [vendorsKey, catalogueKey, catalogueSyncRunsKey(vendor.code)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      onApplied(t('catalogueSync.applied', { name: vendor.name, counts: runCounts(t, run) }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'CATALOGUE_SYNC_CHANGED') {
        setMoved(true);
        await preview.refetch();
      } else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const ready = preview.data && !preview.isError && !preview.isFetching ? preview.data : null;
  return (
    <div data-testid="catalogue-sync-dialog">
      <p className="mb-3 text-sm text-(--text-muted)">{t('catalogueSync.intro')}</p>
      {moved && (
        <p
          role="status"
          className="mb-3 rounded-md border border-(--accent) p-2 text-sm"
          data-testid="catalogue-sync-changed"
        >
          {t('catalogueSync.changed')}
        </p>
      )}
      {preview.isFetching ? (
        <p role="status" className="mb-3 text-sm text-(--text-muted)">
          {t('catalogueSync.loading')}
        </p>
      ) : preview.isError ? (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <p role="alert" className="text-sm text-(--danger)">
            {errorMessage(preview.error)}
          </p>
          <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => void preview.refetch()}>
            {t('catalogueSync.retry')}
          </Button>
        </div>
      ) : (
        ready && <PreviewView preview={ready} />
      )}
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          {t('common.close', { ns: 'core' })}
        </Button>
        {ready && hasChanges(ready) && (
          <Button data-testid="catalogue-sync-apply" disabled={busy} onClick={() => void apply(ready.digest)}>
            {t('catalogueSync.apply')}
          </Button>
        )}
      </div>
      <SyncHistory code={vendor.code} />
    </div>
  );
}

/** The row action's dialog; its content is built for each opening, so every opening asks the provider afresh. */
export function CatalogueSyncDialog({
  vendor,
  onClose,
  onApplied,
}: {
  vendor: AdminVendor | null;
  onClose: () => void;
  onApplied: (text: string) => void;
}) {
  const { t } = useTranslation('games');
  return (
    <Modal open={vendor !== null} onClose={onClose} title={t('catalogueSync.title', { name: vendor?.name ?? '' })} wide>
      {vendor && <SyncBody key={vendor.code} vendor={vendor} onClose={onClose} onApplied={onApplied} />}
    </Modal>
  );
}
