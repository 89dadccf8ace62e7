import { ReferralSettingsBody } from '@gamehall/shared/api/referrals';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { TicketKindSelect } from '../../components/ticket-kind-select';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { useCan } from '../../lib/session';
import { referralsKey, saveSettings, settingsQuery } from './api';

type Stage = 'registration' | 'firstDeposit' | 'turnover';
type Form = Record<string, string>;

const FIELDS: Record<Stage, string[]> = {
  registration: ['amount', 'ticketKindId'],
  firstDeposit: ['minDeposit', 'amount', 'percent', 'cap', 'ticketKindId'],
  turnover: ['threshold', 'amount', 'ticketKindId'],
};

const num = (v: string) => (v.trim() === '' ? null : Number(v));

/** The programme switch, cash or bonus, and each stage's reward (a stage switched off pays nothing). */
export function ReferralSettingsPage() {
  const { t } = useTranslation('referrals');
  const id = useId();
  const writable = useCan()('promotions.write');
  const client = useQueryClient();
  const settings = useQuery(settingsQuery);
  const [enabled, setEnabled] = useState(false);
  const [payAs, setPayAs] = useState<'cash' | 'bonus'>('cash');
  const [on, setOn] = useState<Record<Stage, boolean>>({ registration: false, firstDeposit: false, turnover: false });
  const [form, setForm] = useState<Record<Stage, Form>>({ registration: {}, firstDeposit: {}, turnover: {} });
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    const s = settings.data;
    if (!s) return;
    setEnabled(s.enabled);
    setPayAs(s.rules.payAs);
    const stages: Stage[] = ['registration', 'firstDeposit', 'turnover'];
    setOn(Object.fromEntries(stages.map((k) => [k, s.rules[k] !== null])) as Record<Stage, boolean>);
    setForm(
      Object.fromEntries(
        stages.map((k) => [
          k,
          Object.fromEntries(
            FIELDS[k].map((f) => {
              const v = (s.rules[k] as Record<string, unknown> | null)?.[f];
              return [f, v === null || v === undefined ? '' : String(v)];
            }),
          ),
        ]),
      ) as Record<Stage, Form>,
    );
  }, [settings.data]);

  const stageValue = (k: Stage) => {
    if (!on[k]) return null;
    const f = form[k];
    const ticketKindId = num(f.ticketKindId ?? '');
    if (k === 'registration') return { amount: Number(f.amount || 0), ticketKindId };
    if (k === 'turnover') return { threshold: Number(f.threshold || 0), amount: Number(f.amount || 0), ticketKindId };
    return {
      minDeposit: Number(f.minDeposit || 0),
      amount: Number(f.amount || 0),
      percent: Number(f.percent || 0),
      cap: num(f.cap ?? ''),
      ticketKindId,
    };
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    setError('');
    const checked = validate(ReferralSettingsBody, {
      enabled,
      rules: {
        payAs,
        registration: stageValue('registration'),
        firstDeposit: stageValue('firstDeposit'),
        turnover: stageValue('turnover'),
      },
    });
    if (!checked.data) return setError(t('settings.invalid'));
    try {
      await saveSettings(checked.data);
      await client.invalidateQueries({ queryKey: referralsKey });
      setSaved(true);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <div className="max-w-2xl">
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <fieldset disabled={!writable} className="space-y-4">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
            {t('settings.enabled')}
          </label>
          <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-payAs`}>
            {t('settings.payAs')}
            <select
              id={`${id}-payAs`}
              className="rounded border border-(--border) bg-(--surface) px-2 py-1"
              value={payAs}
              onChange={(e) => setPayAs(e.target.value as 'cash' | 'bonus')}
            >
              <option value="cash">{t('settings.cash')}</option>
              <option value="bonus">{t('settings.bonus')}</option>
            </select>
          </label>
          {(Object.keys(FIELDS) as Stage[]).map((k) => (
            <fieldset key={k} className="rounded border border-(--border) p-3">
              <legend className="px-1 font-semibold">{t(`stage.${k}`)}</legend>
              <label className="mb-2 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={on[k]}
                  onChange={(e) => setOn((o) => ({ ...o, [k]: e.target.checked }))}
                />
                {t('settings.stageOn')}
              </label>
              {on[k] && (
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {FIELDS[k].map((f) =>
                    f === 'ticketKindId' ? (
                      // The kind is chosen by its name; the id is what the rules store.
                      <TicketKindSelect
                        key={f}
                        id={`${id}-${k}-${f}`}
                        label={t(`field.${f}`)}
                        noneLabel={t('settings.noTicket')}
                        value={form[k][f] ?? ''}
                        onChange={(e) => setForm((s) => ({ ...s, [k]: { ...s[k], [f]: e.target.value } }))}
                      />
                    ) : (
                      <label key={f} className="flex flex-col text-sm" htmlFor={`${id}-${k}-${f}`}>
                        {t(`field.${f}`)}
                        <input
                          id={`${id}-${k}-${f}`}
                          type="number"
                          min={0}
                          step="any"
                          className="rounded border border-(--border) bg-(--surface) px-2 py-1"
                          value={form[k][f] ?? ''}
                          onChange={(e) => setForm((s) => ({ ...s, [k]: { ...s[k], [f]: e.target.value } }))}
                        />
                      </label>
                    ),
                  )}
                </div>
              )}
            </fieldset>
          ))}
          {error && (
            <p role="alert" className="text-sm text-(--danger)">
              {error}
            </p>
          )}
          {saved && (
            <p role="status" className="text-sm">
              {t('settings.saved')}
            </p>
          )}
          <Button type="submit">{t('settings.save')}</Button>
        </fieldset>
      </form>
    </div>
  );
}
