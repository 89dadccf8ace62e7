import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, dateRangeOf } from '../lib/date-range';

type Shortcut = 'past7' | 'past30' | 'custom';

/** spec §9 date shortcuts (past 7 and 30 days) and a custom range, applied with a button. */
export function DateRangeFilter({ onChange }: { onChange: (range: DateRange) => void }) {
  const { t } = useTranslation();
  const [shortcut, setShortcut] = useState<Shortcut>('past7');
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [error, setError] = useState('');
  const pick = (next: Shortcut) => {
    setShortcut(next);
    setError('');
    if (next !== 'custom') onChange({ range: next });
  };
  const apply = () => {
    const result = dateRangeOf({ shortcut, startDate, endDate });
    if (!result.ok) return setError(t(`games.range.${result.reason}`));
    setError('');
    onChange(result.value);
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <fieldset className="flex min-w-0 gap-1">
        <legend className="sr-only">{t('games.range.label')}</legend>
        {(['past7', 'past30', 'custom'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={shortcut === s}
            onClick={() => pick(s)}
            className={`rounded-md px-3 py-1.5 text-sm font-semibold ${shortcut === s ? 'bg-(--accent) text-(--accent-contrast)' : 'border border-(--text-muted)/30'}`}
          >
            {t(`games.range.${s}`)}
          </button>
        ))}
      </fieldset>
      {shortcut === 'custom' && (
        <>
          <label className="text-xs">
            {t('games.range.from')}
            <input
              type="date"
              value={startDate}
              onChange={(e) => setStart(e.target.value)}
              className="block rounded-md border border-(--text-muted)/30 bg-(--surface) px-2 py-1 text-sm"
            />
          </label>
          <label className="text-xs">
            {t('games.range.to')}
            <input
              type="date"
              value={endDate}
              onChange={(e) => setEnd(e.target.value)}
              className="block rounded-md border border-(--text-muted)/30 bg-(--surface) px-2 py-1 text-sm"
            />
          </label>
          <button
            type="button"
            onClick={apply}
            className="rounded-md bg-(--accent) px-3 py-1.5 text-sm font-semibold text-(--accent-contrast)"
          >
            {t('games.range.apply')}
          </button>
        </>
      )}
      {error && (
        <p role="alert" className="w-full text-sm text-(--danger)">
          {error}
        </p>
      )}
    </div>
  );
}
