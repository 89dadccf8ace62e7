import {
  TRADER_DENSITY_SPORTS,
  type TraderSettings,
  type TraderSimulator,
  type TraderSimulatorBody,
} from '@gamehall/shared/api/sportsbook-trader';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_INPUT } from '../../components/filter-form';
import { SaveFooter } from '../../components/form-footer';
import { useFormAction } from '../../lib/use-form-action';
import { saveSettings, sportsbookKey } from './api';

// The house simulator's plan: how many rounds of fixtures a day each sport's simulated leagues play
// and which leagues run. Only what changed is sent; the sportsbook applies it to fixtures not yet
// published, so the fixtures on the board stay as they are (docs/sportsbook.md "The simulator").

const DENSITIES = [1, 2, 3] as const;

/** The body for what changed between the plan shown and the form, or null when nothing did. */
export function simulatorChange(sim: TraderSimulator, data: FormData): TraderSimulatorBody | null {
  const change: TraderSimulatorBody = {};
  const density: NonNullable<TraderSimulatorBody['density']> = {};
  for (const sport of TRADER_DENSITY_SPORTS) {
    const value = Number(data.get(`density.${sport}`) ?? 1);
    if (value !== (sim.density[sport] ?? 1)) density[sport] = value;
  }
  if (Object.keys(density).length > 0) change.density = density;
  const on = new Set(data.getAll('league').map(String));
  const off = sim.leagues.filter((l) => !on.has(l.id)).map((l) => l.id);
  if ([...off].sort().join() !== [...sim.leaguesOff].sort().join()) change.leaguesOff = off;
  return Object.keys(change).length > 0 ? change : null;
}

export function SimulatorForm({ simulator }: { simulator: TraderSimulator }) {
  const { t } = useTranslation('sportsbook');
  const id = useId();
  const action = useFormAction([...sportsbookKey, 'settings']);
  const [saved, setSaved] = useState<TraderSettings['simulator'] | null>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(null);
    const change = simulatorChange(simulator, new FormData(e.currentTarget));
    if (!change) return;
    let answer: TraderSettings | undefined;
    if (await action.run(async () => (answer = await saveSettings({ simulator: change })))) setSaved(answer?.simulator);
  };
  const sports = [...new Set(simulator.leagues.map((l) => l.sport))];
  return (
    <form onSubmit={submit} noValidate aria-label={t('simulator.title')} className="mt-8 max-w-xl">
      <h2 className="mb-1 text-lg font-semibold">{t('simulator.title')}</h2>
      <p className="mb-4 text-sm text-(--text-muted)">{t('simulator.description')}</p>
      {sports.map((sport) => (
        <fieldset key={sport} className="mb-4 rounded-md border border-(--border) p-3" data-testid={`sb-sim-${sport}`}>
          <legend className="px-1 font-semibold">{t(`sports.${sport}`)}</legend>
          {(TRADER_DENSITY_SPORTS as readonly string[]).includes(sport) && (
            <label className="mb-2 flex items-center gap-2 text-sm" htmlFor={`${id}-${sport}`}>
              {t('simulator.density')}
              <select
                id={`${id}-${sport}`}
                name={`density.${sport}`}
                defaultValue={String(simulator.density[sport as keyof TraderSimulator['density']] ?? 1)}
                className={FILTER_INPUT}
              >
                {DENSITIES.map((d) => (
                  <option key={d} value={d}>
                    {t('simulator.rounds', { count: d })}
                  </option>
                ))}
              </select>
            </label>
          )}
          {simulator.leagues
            .filter((l) => l.sport === sport)
            .map((l) => (
              <label key={l.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="league"
                  value={l.id}
                  defaultChecked={!simulator.leaguesOff.includes(l.id)}
                />
                {l.name}
              </label>
            ))}
        </fieldset>
      ))}
      {saved?.changesAt && (
        <p className="mb-2 text-sm" data-testid="sb-sim-from">
          {t('simulator.from', { at: new Date(saved.changesAt).toLocaleString() })}
        </p>
      )}
      <SaveFooter error={action.error} saved={saved !== null} busy={action.busy} />
    </form>
  );
}
