import type { Game } from '@gamehall/shared/api/games';
import type { TFunction } from 'i18next';

// What a tile's maintenance mark says (spec §8 game maintenance). A vendor in maintenance names its
// announced end as the brand's clock reads it, with the zone named, in the reader's language; the
// end comes with the list's data (Game.vendorMaintenance), so no tile asks for it.

const formats = new Map<string, Intl.DateTimeFormat>();

/** The end as a short date and time of `timeZone` in `language`, the zone named ("26 Nov, 03:00 GMT+8"). */
export function formatMaintenanceEnd(iso: string, timeZone: string, language: string): string {
  const locale = language === 'ty' ? 'fil' : language;
  const key = `${locale}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    const options = {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    } as const;
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // A zone the browser does not know: UTC, named, rather than the reader's own clock.
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** The mark of a tile in maintenance, or null when the game launches. */
export function maintenanceBadge(
  t: TFunction,
  game: Pick<Game, 'maintenance' | 'vendorMaintenance'>,
  language: string,
): string | null {
  const vendor = game.vendorMaintenance;
  if (vendor) {
    return vendor.until
      ? t('games.maintenanceUntil', { time: formatMaintenanceEnd(vendor.until, vendor.timeZone, language) })
      : t('games.underMaintenance');
  }
  return game.maintenance ? t('games.maintenance') : null;
}
