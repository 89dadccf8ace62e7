import {
  CATALOGUE_SYNC_HOURS,
  type CatalogueSyncPreview,
  type CatalogueSyncRun,
} from '@gamehall/shared/api/admin-games';
import { formatDateTime } from '../../lib/format';

// The words of the catalogue sync (its schedule, a run, a changed field), kept out of the dialogs so
// that they can be checked against the English texts without a DOM.

/** The games namespace's `t`, or any function that fills its keys the same way. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The schedules the edit dialog offers: only by hand first, then CATALOGUE_SYNC_HOURS. */
export const SCHEDULES: readonly (number | null)[] = [null, ...CATALOGUE_SYNC_HOURS];

/** A schedule as a select's value: '' for only by hand. */
export function scheduleValue(hours: number | null): string {
  return hours === null ? '' : String(hours);
}

/** A select's value as the schedule it stands for. */
export function scheduleOfValue(value: string): number | null {
  return value === '' ? null : Number(value);
}

/** How a schedule reads; a number of hours the list does not name is spelled out rather than left blank. */
export function scheduleLabel(t: Translate, hours: number | null): string {
  if (hours === null) return t('catalogueSync.every.manual');
  if ((CATALOGUE_SYNC_HOURS as readonly number[]).includes(hours)) return t(`catalogueSync.every.h${hours}`);
  return t('catalogueSync.every.other', { hours });
}

/** What a run did, in the order the preview shows it. */
export function runCounts(t: Translate, run: Pick<CatalogueSyncRun, 'added' | 'updated' | 'held' | 'released'>) {
  return t('catalogueSync.counts', {
    added: run.added,
    updated: run.updated,
    held: run.held,
    released: run.released,
  });
}

/** One run on a line: when, by whom (the schedule has no operator), and what it did or why it did not apply. */
export function runLine(t: Translate, run: CatalogueSyncRun): string {
  const when = { time: formatDateTime(run.at), who: run.by ?? t('catalogueSync.schedule') };
  return run.error === null
    ? t('catalogueSync.run', { ...when, counts: runCounts(t, run) })
    : t('catalogueSync.runFailed', { ...when, error: run.error });
}

/** The edit dialog's line on the last sync. */
export function lastSyncLine(t: Translate, run: CatalogueSyncRun | null): string {
  return run ? t('catalogueSync.last', { run: runLine(t, run) }) : t('catalogueSync.never');
}

/** The counts a preview would apply, in a run's shape. */
export function previewCounts(preview: CatalogueSyncPreview) {
  return {
    added: preview.add.length,
    updated: preview.update.length,
    held: preview.hold.length,
    released: preview.release.length,
  };
}

/** Whether applying the preview would change anything. */
export function hasChanges(preview: CatalogueSyncPreview): boolean {
  return Object.values(previewCounts(preview)).some((n) => n > 0);
}

/** A changed field's old or new value as the operator reads it: RTP in percent, nothing as "none". */
export function fieldValue(t: Translate, field: 'name' | 'imageUrl' | 'rtp', value: string | null): string {
  if (value === null || value === '') return t('catalogueSync.none');
  return field === 'rtp' ? t('catalogueSync.rtp', { value }) : value;
}
