import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { serverFieldErrors, validate } from '../../lib/form-errors';
import { brandKey, saveBrandSetting } from './api';
import {
  coloursOf,
  contrastRatio,
  isHexColour,
  PWA_COLOUR_KEYS,
  type PwaColourKey,
  type PwaColours,
  PwaColoursSchema,
  textOn,
} from './pwa-colours';

// The app's three colours with a live preview of what a phone shows (docs/pwa.md): the browser bar
// in themeColor, the splash screen in backgroundColor, the generated icon drawn in themeColor with
// the brand's initials in accentColor. Saved as the three brand settings, the changed ones only.

/** The icon's initials as the server draws them (pwa-icons.ts brandInitials). */
function initialsOf(siteName: string): string {
  const words = siteName
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w.length > 0);
  const initials = words
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  return initials.length > 0 ? initials : '*';
}

// Below this the initials on the icon are hard to read (WCAG's ratio for large text).
const MIN_ICON_CONTRAST = 3;

function Preview({ colours, siteName }: { colours: PwaColours; siteName: string }) {
  const { t } = useTranslation('site');
  return (
    <figure className="m-0">
      <figcaption className="mb-2 text-sm font-medium">{t('pwaColours.preview')}</figcaption>
      <div
        data-testid="pwa-preview"
        className="w-44 overflow-hidden rounded-2xl border border-(--border) shadow-sm"
        style={{ background: colours.backgroundColor }}
      >
        <div
          className="truncate px-3 py-1.5 text-xs font-semibold"
          style={{ background: colours.themeColor, color: textOn(colours.themeColor) }}
        >
          {siteName}
        </div>
        <div className="flex h-56 flex-col items-center justify-center gap-3">
          <div
            aria-hidden
            className="flex h-16 w-16 items-center justify-center rounded-2xl text-2xl font-bold"
            style={{ background: colours.themeColor, color: colours.accentColor }}
          >
            {initialsOf(siteName)}
          </div>
          <span className="max-w-[9rem] truncate text-sm" style={{ color: textOn(colours.backgroundColor) }}>
            {siteName}
          </span>
        </div>
      </div>
    </figure>
  );
}

export function PwaColoursCard({ settings }: { settings: { key: string; value: unknown }[] }) {
  const { t } = useTranslation('site');
  const queryClient = useQueryClient();
  const saved = coloursOf(settings);
  const siteName = String(settings.find((s) => s.key === 'siteName')?.value ?? '');
  const [draft, setDraft] = useState<PwaColours | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const current = draft ?? saved;
  // The preview shows each colour once it is complete, the saved one meanwhile.
  const shown = Object.fromEntries(
    PWA_COLOUR_KEYS.map((k) => [k, isHexColour(current[k]) ? current[k] : saved[k]]),
  ) as PwaColours;
  const changed = PWA_COLOUR_KEYS.filter((k) => current[k].trim().toLowerCase() !== saved[k].toLowerCase());
  const lowContrast = contrastRatio(shown.accentColor, shown.themeColor) < MIN_ICON_CONTRAST;

  const edit = (key: PwaColourKey, value: string) => {
    setDone(false);
    setDraft({ ...current, [key]: value });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    setError('');
    const checked = validate(PwaColoursSchema, current);
    setErrors(checked.errors);
    if (!checked.data || changed.length === 0) return;
    const next = checked.data;
    setBusy(true);
    try {
      for (const key of changed) {
        try {
          await saveBrandSetting(key, next[key]);
        } catch (err) {
          const fields = serverFieldErrors(err);
          if (fields.value) setErrors({ [key]: fields.value });
          throw err;
        }
      }
      setDraft(null);
      setDone(true);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      await queryClient.invalidateQueries({ queryKey: brandKey });
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="pwa-colours-title"
      data-setting="pwaColours"
      className="rounded-lg border border-(--border) bg-(--surface-raised) p-4"
    >
      <h3 id="pwa-colours-title" className="mb-1 text-base font-semibold">
        {t('pwaColours.title')}
      </h3>
      <p className="mb-3 text-sm text-(--text-muted)">{t('pwaColours.description')}</p>
      <div className="flex flex-wrap gap-6">
        <div className="min-w-[14rem] flex-1">
          {PWA_COLOUR_KEYS.map((key) => (
            <Field
              key={key}
              label={t(`pwaColours.keys.${key}`)}
              name={key}
              value={current[key]}
              error={errors[key]}
              hint={t(`pwaColours.hints.${key}`)}
              spellCheck={false}
              autoComplete="off"
              maxLength={7}
              onChange={(e) => edit(key, e.target.value)}
              leading={
                <input
                  type="color"
                  aria-label={t('pwaColours.pick', { name: t(`pwaColours.keys.${key}`) })}
                  value={shown[key].toLowerCase()}
                  onChange={(e) => edit(key, e.target.value)}
                  className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-(--border) bg-transparent p-0.5"
                />
              }
            />
          ))}
          {lowContrast && (
            <p role="status" className="mb-3 text-xs text-(--danger)">
              {t('pwaColours.lowContrast')}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={busy || changed.length === 0}>
              {t('pwaColours.save')}
            </Button>
            {draft && changed.length > 0 && (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setDraft(null);
                  setErrors({});
                }}
              >
                {t('settings.undo')}
              </Button>
            )}
            {done && (
              <span role="status" className="text-sm text-(--success)">
                {t('pwaColours.saved')}
              </span>
            )}
          </div>
          {error && (
            <p role="alert" className="mt-2 text-sm text-(--danger)">
              {error}
            </p>
          )}
        </div>
        <Preview colours={shown} siteName={siteName} />
      </div>
    </form>
  );
}
