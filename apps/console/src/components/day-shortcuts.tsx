import { addDays } from '@gamehall/shared/calendar-day';
import { Button } from '@gamehall/ui/button';
import { useTranslation } from 'react-i18next';

// The spec's date shortcuts (business constants: past or next 7 and 30 days). The next ones are
// offered only where a range lies ahead, such as the sportsbook's fixtures; reports and records
// look back only (docs/back-office.md, "Date shortcuts").

export const PAST_SHORTCUTS = ['past30', 'past7'] as const;
export const NEXT_SHORTCUTS = ['next7', 'next30'] as const;
export type DayShortcut = (typeof PAST_SHORTCUTS)[number] | (typeof NEXT_SHORTCUTS)[number];

/** The brand days a shortcut covers, today included: the next 7 days are today and the 6 after it. */
export function shortcutDays(shortcut: DayShortcut, today: string): { from: string; to: string } {
  const days = shortcut.endsWith('30') ? 30 : 7;
  return shortcut.startsWith('past')
    ? { from: addDays(today, -(days - 1)), to: today }
    : { from: today, to: addDays(today, days - 1) };
}

/**
 * A row of shortcut buttons; the one whose days are `from`..`to` is pressed, and pressing it again
 * lifts the range (`onPick(null)`).
 */
export function DayShortcuts({
  shortcuts,
  today,
  from,
  to,
  onPick,
}: {
  shortcuts: readonly DayShortcut[];
  /** Today in the brand's time zone (yyyy-MM-dd). */
  today: string;
  from: string;
  to: string;
  onPick: (days: { from: string; to: string } | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-3 flex flex-wrap gap-2">
      <legend className="sr-only">{t('days.shortcuts')}</legend>
      {shortcuts.map((s) => {
        const days = shortcutDays(s, today);
        const pressed = days.from === from && days.to === to;
        return (
          <Button
            key={s}
            type="button"
            variant={pressed ? 'primary' : 'ghost'}
            aria-pressed={pressed}
            onClick={() => onPick(pressed ? null : days)}
          >
            {t(`days.${s}`)}
          </Button>
        );
      })}
    </fieldset>
  );
}
