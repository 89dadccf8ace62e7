import { GAME_TYPES, type GameType } from '@gamehall/shared/constants';
import { useTranslation } from 'react-i18next';
import { fieldInput } from './programme-parts';
import type { WeightError, Weights } from './wagering-weights';

/**
 * The wagering weights of a mission or promotion bonus (per-game-type contribution percentages):
 * one 0-100 % input per game type, with its error under it.
 */
export function WeightInputs({
  idPrefix,
  weights,
  errors,
  onChange,
}: {
  idPrefix: string;
  weights: Weights;
  errors: Partial<Record<GameType, WeightError>>;
  onChange: (weights: Weights) => void;
}) {
  const { t } = useTranslation('core');
  return (
    <fieldset className="grid gap-2 rounded-md border border-(--border) p-3 sm:col-span-3">
      <legend className="px-1 text-sm font-semibold">{t('weights.legend')}</legend>
      <p className="text-xs text-(--text-muted)">{t('weights.hint')}</p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {GAME_TYPES.map((g) => {
          const id = `${idPrefix}-${g}`;
          const error = errors[g];
          return (
            <div key={g} className="grid gap-1 text-sm">
              <label htmlFor={id}>{t(`weights.gameTypes.${g}`)}</label>
              <input
                id={id}
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step={1}
                className={fieldInput}
                value={weights[g]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => onChange({ ...weights, [g]: e.target.value })}
              />
              {error && (
                <span id={`${id}-error`} role="alert" className="text-xs text-(--danger)">
                  {t(`weights.${error}`)}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
