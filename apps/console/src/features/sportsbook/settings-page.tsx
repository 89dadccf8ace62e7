import { type TraderSettings, TraderSettingsBody } from '@gamehall/shared/api/sportsbook-trader';
import { toMajor, toMinor } from '@gamehall/shared/money';
import { Field } from '@gamehall/ui/field';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from '../../components/form-footer';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { useFormAction } from '../../lib/use-form-action';
import { saveSettings, settingsQuery, sportsbookKey } from './api';
import { FeedRejects } from './feed-rejects';
import { SimulatorForm } from './simulator-form';

// The book's limits and its cash-out margin, then the simulator's plan (simulator-form.tsx). Amounts are typed in major units (the console's way)
// and sent in minor units; only the fields that changed are sent.

const AMOUNTS = [
  'minStake',
  'maxStakePerMarket',
  'maxStakePerEvent',
  'maxPayout',
  'maxLiabilityPerMarket',
  'bigBet',
] as const;

export function SettingsPage() {
  const { t } = useTranslation('sportsbook');
  const result = useQuery(settingsQuery);
  return (
    <div>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <QueryErrorAlert error={result.error} />
      {result.data && <SettingsForm settings={result.data} />}
      {result.data?.simulator && <SimulatorForm simulator={result.data.simulator} />}
      <FeedRejects />
    </div>
  );
}

function SettingsForm({ settings }: { settings: TraderSettings }) {
  const { t } = useTranslation('sportsbook');
  const action = useFormAction([...sportsbookKey, 'settings']);
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    const data = new FormData(e.currentTarget);
    const body: Record<string, number | string> = {};
    const invalid: Record<string, string> = {};
    for (const name of AMOUNTS) {
      const text = String(data.get(name) ?? '').trim();
      const value = Number(text);
      if (text === '' || !Number.isFinite(value) || value <= 0) invalid[name] = t('settings.invalidAmount');
      else if (toMinor(value) !== settings[name]) body[name] = toMinor(value);
    }
    const delay = Number(String(data.get('inPlayDelay') ?? '').trim());
    if (!Number.isFinite(delay) || delay < 0 || delay > 30) invalid.inPlayDelayMs = t('settings.invalidDelay');
    else if (Math.round(delay * 1000) !== settings.inPlayDelayMs) body.inPlayDelayMs = Math.round(delay * 1000);
    // The cash-out margin is typed in percent (up to two decimals) and kept in ppm.
    const cashOutText = String(data.get('cashOutMargin') ?? '').trim();
    const cashOut = Number(cashOutText);
    if (cashOutText === '' || !Number.isFinite(cashOut) || cashOut < 0 || cashOut > 50) {
      invalid.cashOutMarginPpm = t('settings.invalidCashOutMargin');
    } else if (Math.round(cashOut * 10_000) !== settings.cashOutMarginPpm) {
      body.cashOutMarginPpm = Math.round(cashOut * 10_000);
    }
    const zone = String(data.get('timeZone') ?? '').trim();
    if (zone && zone !== settings.timeZone) body.timeZone = zone;
    const checked = TraderSettingsBody.safeParse(body);
    if (!checked.success)
      for (const issue of checked.error.issues) invalid[String(issue.path[0])] = t('settings.outOfRange');
    action.setErrors(invalid);
    if (Object.keys(invalid).length > 0 || Object.keys(body).length === 0) return;
    if (await action.run(() => saveSettings(body))) setSaved(true);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('settings.title')} className="max-w-xl">
      {AMOUNTS.map((name) => (
        <Field
          key={name}
          name={name}
          label={`${t(`settings.fields.${name}`)} (${settings.currency})`}
          hint={t(`settings.hints.${name}`)}
          inputMode="decimal"
          defaultValue={String(toMajor(settings[name]))}
          error={action.errors[name]}
          required
        />
      ))}
      <Field
        name="inPlayDelay"
        label={t('settings.fields.inPlayDelay')}
        hint={t('settings.hints.inPlayDelay')}
        inputMode="decimal"
        defaultValue={String(settings.inPlayDelayMs / 1000)}
        error={action.errors.inPlayDelayMs}
      />
      <Field
        name="cashOutMargin"
        label={t('settings.fields.cashOutMargin')}
        hint={t('settings.hints.cashOutMargin')}
        inputMode="decimal"
        defaultValue={String(settings.cashOutMarginPpm / 10_000)}
        error={action.errors.cashOutMarginPpm}
      />
      <Field
        name="timeZone"
        label={t('settings.fields.timeZone')}
        hint={t('settings.hints.timeZone')}
        defaultValue={settings.timeZone}
        error={action.errors.timeZone}
      />
      <SaveFooter error={action.error} saved={saved} busy={action.busy} />
    </form>
  );
}
