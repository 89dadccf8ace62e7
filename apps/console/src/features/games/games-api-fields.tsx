import type { GamesApiView } from '@gamehall/shared/api/admin-games';
import { Field } from '@gamehall/ui/field';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type GamesApiForm, keepsSavedToken } from './games-api';

type BoxProps = {
  form: GamesApiForm;
  set: (patch: Partial<GamesApiForm>) => void;
  /** The form's errors: a field's own under `gamesApi.<field>`, the server's refusal under `gamesApi`. */
  errors: Record<string, string>;
};

/** The server names a refused shape only as `gamesApi`: it is shown on the address, the first field. */
function urlError(errors: Record<string, string>): string | undefined {
  return errors['gamesApi.url'] ?? errors.gamesApi;
}

/** Caleta's Games API; `children` go below its fields (the schedule and the operator key it signs with). */
export function CaletaGamesApiBox({ form, set, errors, children }: BoxProps & { children?: ReactNode }) {
  const { t } = useTranslation('games');
  return (
    <fieldset className="mb-3 min-w-0 rounded-md border border-(--border) p-3" data-testid="vendor-games-api-caleta">
      <legend className="px-1 text-sm font-medium">{t('vendors.gamesApi')}</legend>
      <p className="mb-2 text-xs text-(--text-muted)">{t('hints.gamesApi')}</p>
      <Field
        label={t('fields.gamesApiUrl')}
        name="caletaUrl"
        inputMode="url"
        spellCheck={false}
        value={form.caletaUrl}
        error={urlError(errors)}
        onChange={(e) => set({ caletaUrl: e.target.value })}
      />
      <Field
        label={t('fields.operatorId')}
        name="operatorId"
        inputMode="numeric"
        value={form.operatorId}
        error={errors['gamesApi.operatorId']}
        onChange={(e) => set({ operatorId: e.target.value })}
      />
      <Field
        label={t('fields.subPartnerId')}
        name="subPartnerId"
        value={form.subPartnerId}
        error={errors['gamesApi.subPartnerId']}
        onChange={(e) => set({ subPartnerId: e.target.value })}
      />
      {children}
    </fieldset>
  );
}

/** Evolution's User Authentication API: its host, and the casino key and API token Evolution gave. */
export function EvolutionGamesApiBox({ form, set, errors, saved }: BoxProps & { saved: GamesApiView | null }) {
  const { t } = useTranslation('games');
  return (
    <fieldset className="mb-3 min-w-0 rounded-md border border-(--border) p-3" data-testid="vendor-games-api-evolution">
      <legend className="px-1 text-sm font-medium">{t('vendors.gamesApi')}</legend>
      <p className="mb-2 text-xs text-(--text-muted)">{t('hints.evolutionGamesApi')}</p>
      <Field
        label={t('fields.evolutionUrl')}
        name="evolutionUrl"
        inputMode="url"
        spellCheck={false}
        value={form.evolutionUrl}
        error={urlError(errors)}
        onChange={(e) => set({ evolutionUrl: e.target.value })}
      />
      <Field
        label={t('fields.casinoKey')}
        name="casinoKey"
        autoComplete="off"
        spellCheck={false}
        value={form.casinoKey}
        error={errors['gamesApi.casinoKey']}
        onChange={(e) => set({ casinoKey: e.target.value })}
      />
      <Field
        label={t('fields.apiToken')}
        name="apiToken"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={form.apiToken}
        error={errors['gamesApi.apiToken']}
        hint={keepsSavedToken(form, saved) ? t('hints.apiTokenKept') : t('hints.apiToken')}
        onChange={(e) => set({ apiToken: e.target.value })}
      />
    </fieldset>
  );
}
