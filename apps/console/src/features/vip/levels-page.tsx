import { RebateMode, VipLevelsBody, type VipLevelView, VipSettingsBody } from '@gamehall/shared/api/vip';
import { GAME_TYPES } from '@gamehall/shared/constants';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { ScrollRegion } from '../../components/scroll-region';
import { errorMessage } from '../../lib/errors';
import { fieldMessage, serverFieldErrors } from '../../lib/form-errors';
import { useCan } from '../../lib/session';
import { saveLevels, saveSettings, vipKey, vipQuery } from './api';

// The VIP level table (thresholds, bonuses, withdrawal limits, rebate rates per game type) and the
// programme settings (window, rebate mode and hour), each checked with the shared schema before it
// is sent; the server checks again and audits the change.

type Row = Record<
  'labelName' | 'minDeposit' | 'minValidBet' | 'upgradeBonus' | 'monthlyBonus' | 'birthdayBonus',
  string
> & {
  withdrawDailyCount: string;
  withdrawDailyAmount: string;
  /** Percent per game type; empty: no rebate. */
  rates: Record<string, string>;
};

const MONEY_FIELDS = ['minDeposit', 'minValidBet', 'upgradeBonus', 'monthlyBonus', 'birthdayBonus'] as const;

function rowOf(l: VipLevelView): Row {
  return {
    labelName: l.labelName,
    minDeposit: String(l.minDeposit),
    minValidBet: String(l.minValidBet),
    upgradeBonus: String(l.upgradeBonus),
    monthlyBonus: String(l.monthlyBonus),
    birthdayBonus: String(l.birthdayBonus),
    withdrawDailyCount: l.withdrawDailyCount === null ? '' : String(l.withdrawDailyCount),
    withdrawDailyAmount: l.withdrawDailyAmount === null ? '' : String(l.withdrawDailyAmount),
    rates: Object.fromEntries(l.rebateRates.map((r) => [r.gameType, String(r.ratePpm / 10_000)])),
  };
}

/** Blank -> null; anything else a number (a non-number fails the schema, as it should). */
const optional = (v: string) => (v.trim() === '' ? null : Number(v));

function bodyOf(rows: Row[]) {
  return {
    levels: rows.map((r, level) => ({
      level,
      labelName: r.labelName,
      ...Object.fromEntries(MONEY_FIELDS.map((f) => [f, Number(r[f])])),
      withdrawDailyCount: optional(r.withdrawDailyCount),
      withdrawDailyAmount: optional(r.withdrawDailyAmount),
      rebateRates: Object.entries(r.rates)
        .filter(([, v]) => v.trim() !== '')
        .map(([gameType, v]) => ({ gameType, ratePpm: Math.round(Number(v) * 10_000) })),
    })),
  };
}

// Wide enough for an 8-digit amount with cents (99999999.99) beside the number box's arrows.
const input = 'w-36 rounded-md border border-(--border) bg-(--surface) px-2 py-1 text-sm';

export function LevelsPage() {
  const { t } = useTranslation('vip');
  const id = useId();
  const writable = useCan()('promotions.write');
  const queryClient = useQueryClient();
  const overview = useQuery(vipQuery);
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);
  const [windowDays, setWindowDays] = useState('');
  const [mode, setMode] = useState<'automatic' | 'manual'>('automatic');
  const [hour, setHour] = useState('');

  useEffect(() => {
    const o = overview.data;
    if (!o) return;
    setRows(o.levels.map(rowOf));
    setWindowDays(String(o.settings.windowDays));
    setMode(o.settings.rebateMode);
    setHour(String(o.settings.rebateHour));
  }, [overview.data]);

  const change = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const run = async (what: string, send: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    setSaved('');
    try {
      await send();
      await queryClient.invalidateQueries({ queryKey: vipKey });
      setSaved(what);
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const submitSettings = (e: FormEvent) => {
    e.preventDefault();
    const parsed = VipSettingsBody.safeParse({
      windowDays: Number(windowDays),
      rebateMode: mode,
      rebateHour: Number(hour),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), fieldMessage('INVALID')])));
      return;
    }
    setErrors({});
    void run('settings', () => saveSettings(parsed.data));
  };

  const submitLevels = (e: FormEvent) => {
    e.preventDefault();
    const parsed = VipLevelsBody.safeParse(bodyOf(rows));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), fieldMessage('INVALID')])));
      return;
    }
    setErrors({});
    void run('levels', () => saveLevels(parsed.data));
  };

  const err = (i: number, field: string) => {
    const message = Object.entries(errors).find(
      ([k]) => k === `levels.${i}.${field}` || k.startsWith(`levels.${i}.${field}.`),
    )?.[1];
    return message ? <span className="block text-xs text-(--danger)">{message}</span> : null;
  };

  return (
    <div>
      <PageHeader title={t('levels.title')} description={t('levels.description')} />
      <QueryErrorAlert error={overview.error} />
      <form onSubmit={submitSettings} noValidate className="mb-8 max-w-2xl">
        <fieldset disabled={!writable || busy}>
          <legend className="mb-2 font-semibold">{t('settings.title')}</legend>
          <div className="flex flex-wrap items-end gap-4">
            <Field
              label={t('settings.windowDays')}
              type="number"
              min={1}
              max={3650}
              value={windowDays}
              onChange={(e) => setWindowDays(e.target.value)}
              error={errors.windowDays}
            />
            <div className="flex flex-col text-sm">
              <label htmlFor={`${id}-mode`} className="mb-1 font-medium">
                {t('settings.rebateMode')}
              </label>
              <select
                id={`${id}-mode`}
                value={mode}
                onChange={(e) => setMode(RebateMode.parse(e.target.value))}
                className="rounded-md border border-(--border) bg-(--surface) px-2 py-2"
              >
                <option value="automatic">{t('settings.modes.automatic')}</option>
                <option value="manual">{t('settings.modes.manual')}</option>
              </select>
            </div>
            <Field
              label={t('settings.rebateHour')}
              type="number"
              min={0}
              max={23}
              value={hour}
              onChange={(e) => setHour(e.target.value)}
              error={errors.rebateHour}
            />
            {writable && (
              <Button type="submit" disabled={busy}>
                {t('settings.save')}
              </Button>
            )}
          </div>
        </fieldset>
      </form>

      <form onSubmit={submitLevels} noValidate>
        <fieldset disabled={!writable || busy}>
          <legend className="mb-2 font-semibold">{t('levels.table')}</legend>
          <p className="mb-2 text-sm text-(--text-muted)">{t('levels.hint')}</p>
          <ScrollRegion label={t('levels.table')} className="rounded-lg border border-(--border) bg-(--surface-raised)">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('levels.table')}</caption>
              <thead>
                <tr className="border-b border-(--border) bg-(--surface) text-left">
                  <th scope="col" className="px-2 py-2">
                    {t('fields.level')}
                  </th>
                  <th scope="col" className="px-2 py-2">
                    {t('fields.labelName')}
                  </th>
                  {MONEY_FIELDS.map((f) => (
                    <th key={f} scope="col" className="px-2 py-2">
                      {t(`fields.${f}`)}
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-2">
                    {t('fields.withdrawDailyCount')}
                  </th>
                  <th scope="col" className="px-2 py-2">
                    {t('fields.withdrawDailyAmount')}
                  </th>
                  {GAME_TYPES.map((g) => (
                    <th key={g} scope="col" className="px-2 py-2">
                      {t('fields.rate', { gameType: t(`weights.gameTypes.${g}`, { ns: 'core' }) })}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a level is its position in the table
                  <tr key={i} className="border-b border-(--border) last:border-b-0" data-testid="vip-level-row">
                    <td className="px-2 py-1">{i}</td>
                    <td className="px-2 py-1">
                      <input
                        className={input}
                        aria-label={`${t('fields.labelName')} ${i}`}
                        value={r.labelName}
                        maxLength={40}
                        onChange={(e) => change(i, { labelName: e.target.value })}
                      />
                      {err(i, 'labelName')}
                    </td>
                    {MONEY_FIELDS.map((f) => (
                      <td key={f} className="px-2 py-1">
                        <input
                          className={input}
                          type="number"
                          min={0}
                          step={0.01}
                          aria-label={`${t(`fields.${f}`)} ${i}`}
                          value={r[f]}
                          onChange={(e) => change(i, { [f]: e.target.value })}
                        />
                        {err(i, f)}
                      </td>
                    ))}
                    {(
                      [
                        ['withdrawDailyCount', undefined],
                        ['withdrawDailyAmount', 0.01],
                      ] as const
                    ).map(([f, step]) => (
                      <td key={f} className="px-2 py-1">
                        <input
                          className={input}
                          type="number"
                          min={0}
                          step={step}
                          placeholder={t('levels.noLimit')}
                          aria-label={`${t(`fields.${f}`)} ${i}`}
                          value={r[f]}
                          onChange={(e) => change(i, { [f]: e.target.value })}
                        />
                        {err(i, f)}
                      </td>
                    ))}
                    {GAME_TYPES.map((g) => (
                      <td key={g} className="px-2 py-1">
                        <input
                          className="w-16 rounded-md border border-(--border) bg-(--surface) px-2 py-1 text-sm"
                          type="number"
                          min={0}
                          max={10}
                          step={0.01}
                          aria-label={`${t('fields.rate', { gameType: t(`weights.gameTypes.${g}`, { ns: 'core' }) })} ${i}`}
                          value={r.rates[g] ?? ''}
                          onChange={(e) => change(i, { rates: { ...r.rates, [g]: e.target.value } })}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {Object.keys(errors).some((k) => k.includes('rebateRates')) && (
            <p className="mt-2 text-sm text-(--danger)">{t('levels.ratesInvalid')}</p>
          )}
          {writable && (
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  const last = rows.at(-1);
                  setRows([...rows, { ...(last ?? rowOf(emptyLevel)), labelName: '' }]);
                }}
              >
                {t('levels.add')}
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={rows.length <= 1}
                onClick={() => setRows(rows.slice(0, -1))}
              >
                {t('levels.removeLast')}
              </Button>
              <Button type="submit" disabled={busy}>
                {t('levels.save')}
              </Button>
            </div>
          )}
        </fieldset>
      </form>
      {error && (
        <p role="alert" className="mt-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="mt-3 text-sm text-(--success)">
          {t(`saved.${saved}`)}
        </p>
      )}
    </div>
  );
}

const emptyLevel: VipLevelView = {
  level: 0,
  labelName: '',
  minDeposit: 0,
  minValidBet: 0,
  upgradeBonus: 0,
  monthlyBonus: 0,
  birthdayBonus: 0,
  withdrawDailyCount: null,
  withdrawDailyAmount: null,
  rebateRates: [],
};
