import { PointsConfigBody } from '@gamehall/shared/api/points';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { useCan } from '../../lib/session';
import { configQuery, pointsKey, saveConfig } from './api';

/**
 * The exchange ratio (points -> cash), the smallest conversion, conversions on or off, the points
 * earned per game type (points per 100.00 of valid bets, stored in ppm) and the English rules text.
 */
export function SettingsPage() {
  const { t } = useTranslation('points');
  const id = useId();
  const writable = useCan()('points.write');
  const queryClient = useQueryClient();
  const config = useQuery(configQuery);
  const [exchangePoints, setExchangePoints] = useState('');
  const [exchangeAmount, setExchangeAmount] = useState('');
  const [minConvert, setMinConvert] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [rates, setRates] = useState<Record<string, string>>({});
  const [rules, setRules] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const c = config.data;
    if (!c) return;
    setExchangePoints(String(c.exchangePoints));
    setExchangeAmount(String(c.exchangeAmount));
    setMinConvert(String(c.minConvertPoints));
    setEnabled(c.convertEnabled);
    setRates(Object.fromEntries(c.rates.map((r) => [r.gameType, String(r.ratePpm / 100)])));
    setRules(c.rules.EN ?? '');
  }, [config.data]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const checked = validate(PointsConfigBody, {
      exchangePoints: Number(exchangePoints),
      exchangeAmount: Number(exchangeAmount),
      minConvertPoints: Number(minConvert),
      convertEnabled: enabled,
      rates: Object.entries(rates).map(([gameType, perHundred]) => ({
        gameType,
        ratePpm: Math.round(Number(perHundred) * 100),
      })),
      rules: { ...(config.data?.rules ?? {}), EN: rules },
    });
    if (!checked.data) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    setError('');
    try {
      await saveConfig(checked.data);
      await queryClient.invalidateQueries({ queryKey: pointsKey });
      setSaved(true);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="max-w-2xl">
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <fieldset disabled={!writable}>
          <div className="flex flex-wrap gap-4">
            <Field
              label={t('settings.exchangePoints')}
              type="number"
              min={1}
              value={exchangePoints}
              onChange={(e) => setExchangePoints(e.target.value)}
              error={errors.exchangePoints}
              required
            />
            <Field
              label={t('settings.exchangeAmount', { currency: config.data?.currency ?? '' })}
              type="number"
              min={0.01}
              step={0.01}
              value={exchangeAmount}
              onChange={(e) => setExchangeAmount(e.target.value)}
              error={errors.exchangeAmount}
              required
            />
            <Field
              label={t('settings.minConvert')}
              type="number"
              min={1}
              value={minConvert}
              onChange={(e) => setMinConvert(e.target.value)}
              error={errors.minConvertPoints}
              required
            />
          </div>
          <label className="mb-4 flex items-center gap-2 text-sm">
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
            {t('settings.convertEnabled')}
          </label>
          <h2 className="mb-2 font-semibold">{t('settings.rates')}</h2>
          <p className="mb-2 text-sm text-(--text-muted)">{t('settings.ratesHint')}</p>
          <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {Object.keys(rates).map((gameType) => (
              <div key={gameType} className="flex flex-col text-sm">
                <label htmlFor={`${id}-${gameType}`}>
                  {t(`weights.gameTypes.${gameType}`, { ns: 'core', defaultValue: gameType })}
                </label>
                <input
                  id={`${id}-${gameType}`}
                  type="number"
                  min={0}
                  step={0.01}
                  value={rates[gameType]}
                  onChange={(e) => setRates({ ...rates, [gameType]: e.target.value })}
                  className="rounded-md border border-(--border) bg-(--surface) px-2 py-1.5"
                />
              </div>
            ))}
          </div>
          {errors.rates && <p className="mb-3 text-sm text-(--danger)">{errors.rates}</p>}
          <label htmlFor={`${id}-rules`} className="mb-1 block text-sm font-medium">
            {t('settings.rules')}
          </label>
          <textarea
            id={`${id}-rules`}
            rows={5}
            maxLength={5000}
            value={rules}
            onChange={(e) => setRules(e.target.value)}
            className="mb-3 w-full rounded-md border border-(--border) bg-(--surface) px-3 py-2 text-sm"
          />
          {error && (
            <p role="alert" className="mb-3 text-sm text-(--danger)">
              {error}
            </p>
          )}
          {saved && (
            <p role="status" className="mb-3 text-sm text-(--success)">
              {t('settings.saved')}
            </p>
          )}
          {writable && (
            <Button type="submit" disabled={busy}>
              {t('common.save', { ns: 'core' })}
            </Button>
          )}
        </fieldset>
      </form>
    </div>
  );
}
