import type { AdminBrandSwitch } from '@gamehall/shared/api/admin';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { fieldMessage, serverFieldErrors } from '../../lib/form-errors';
import { brandKey, brandQuery, saveBrandSetting, setBrandSwitch } from './api';
import {
  type Draft,
  type Leaf,
  type LeafDraft,
  type Problem,
  parseDraft,
  type Row,
  SETTING_GROUPS,
  type SettingGroup,
  type SettingSpec,
  specOf,
  toDraft,
} from './brand-settings';
import { PWA_COLOUR_KEYS } from './pwa-colours';
import { PwaColoursCard } from './pwa-colours-card';
import { Switch } from './switch';

// Brand settings by group, each saved on its own (PUT /admin/brand/settings/:key) after the console's
// check, with the server's field errors beside the control and a confirmation before the changes
// that can shut players out (maintenance on, region restriction); then the whitelabel switches.
// Lists of records are rows with typed cells, and amounts are typed in the brand's currency: the
// console turns them into the minor units the server stores (lib/money-input.ts).

const INPUT =
  'w-full rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-2 text-sm text-(--text) focus:border-(--accent) focus:outline-none';

/** The text of a problem found before saving (site:settings.errors.<REASON>, else the console's field reasons). */
function useProblemText() {
  const { t, i18n } = useTranslation('site');
  return (p: Problem | undefined, currency: string): string | undefined => {
    if (!p) return undefined;
    const key = `settings.errors.${p.reason}`;
    return i18n.exists(key, { ns: 'site' }) ? t(key, { bound: p.bound, currency }) : fieldMessage(p.reason);
  };
}

function ErrorLine({ id, text }: { id?: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-xs text-(--danger)">
      {text}
    </p>
  );
}

/** The currency beside an amount field: amounts are typed in it, never in minor units. */
function CurrencyTag({ currency }: { currency: string }) {
  return <span className="self-center text-sm font-medium text-(--text-muted)">{currency}</span>;
}

type LeafProps = {
  name: string;
  label: string;
  hint?: string | undefined;
  leaf: Leaf;
  value: LeafDraft;
  /** Problems of this control, keyed by the path under it ('' for the control itself). */
  problems: Record<string, string | undefined>;
  currency: string;
  /** The labels of a row list's columns, by column name. */
  columnLabel: (column: string) => string;
  onChange: (value: LeafDraft) => void;
};

/** A list of rows of typed cells: added, removed and moved up or down, each cell checked on save. */
function RowsControl({ name, label, hint, leaf, value, problems, columnLabel, onChange }: LeafProps) {
  const { t } = useTranslation('site');
  const id = useId();
  if (leaf.kind !== 'rows') return null;
  const rows = Array.isArray(value) ? (value as Row[]) : [];
  const columns = Object.entries(leaf.columns);
  const blank = () => Object.fromEntries(columns.map(([c]) => [c, '']));
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [row] = next.splice(from, 1);
    if (row) next.splice(to, 0, row);
    onChange(next);
  };
  return (
    <fieldset className="mb-3" data-rows={name} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mb-2 text-xs text-(--text-muted)">
          {hint}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="mb-2 text-xs text-(--text-muted)">{t('settings.rows.empty')}</p>
      ) : (
        <ol className="mb-2 space-y-2">
          {rows.map((row, i) => (
            // Rows have no identity of their own but their place: moving one re-renders the list.
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the row's identity here
            <li key={i} className="flex flex-wrap items-start gap-2" data-row={i}>
              {columns.map(([c, col]) => {
                const error = problems[`${i}.${c}`];
                return (
                  <div key={c} className="min-w-0 flex-1">
                    <input
                      aria-label={t('settings.rows.cell', { column: columnLabel(c), row: i + 1 })}
                      name={`${name}.${i}.${c}`}
                      value={row[c] ?? ''}
                      inputMode={col.kind === 'number' ? 'numeric' : undefined}
                      spellCheck={false}
                      aria-invalid={Boolean(error)}
                      placeholder={columnLabel(c)}
                      onChange={(e) => onChange(rows.map((r, j) => (j === i ? { ...r, [c]: e.target.value } : r)))}
                      className={INPUT}
                    />
                    <ErrorLine text={error} />
                  </div>
                );
              })}
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-xs"
                  disabled={i === 0}
                  aria-label={t('settings.rows.up', { row: i + 1 })}
                  onClick={() => move(i, i - 1)}
                >
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-xs"
                  disabled={i === rows.length - 1}
                  aria-label={t('settings.rows.down', { row: i + 1 })}
                  onClick={() => move(i, i + 1)}
                >
                  ↓
                </Button>
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-xs"
                  aria-label={t('settings.rows.remove', { row: i + 1 })}
                  onClick={() => onChange(rows.filter((_, j) => j !== i))}
                >
                  ✕
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Button
        variant="ghost"
        className="px-3 py-1 text-sm"
        disabled={rows.length >= leaf.max}
        onClick={() => onChange([...rows, blank()])}
      >
        {t('settings.rows.add')}
      </Button>
      <ErrorLine text={problems['']} />
    </fieldset>
  );
}

/** One amount per level in the brand's currency; an empty box is no limit. */
function MoneyLevelsControl({ name, label, hint, leaf, value, problems, currency, onChange }: LeafProps) {
  const { t } = useTranslation('site');
  if (leaf.kind !== 'moneyLevels') return null;
  const levels = Array.isArray(value) ? (value as string[]) : [];
  return (
    <fieldset className="mb-3" data-levels={name}>
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      {hint && <p className="mb-2 text-xs text-(--text-muted)">{hint}</p>}
      <div className="grid gap-x-3 sm:grid-cols-2">
        {Array.from({ length: leaf.count }, (_, i) => (
          <Field
            // biome-ignore lint/suspicious/noArrayIndexKey: one field per level, the level is its index
            key={i}
            label={t('settings.level', { level: i })}
            name={`${name}.${i}`}
            inputMode="decimal"
            placeholder={t('settings.noLimit')}
            value={levels[i] ?? ''}
            error={problems[String(i)]}
            suffix={<CurrencyTag currency={currency} />}
            onChange={(e) => onChange(levels.map((v, j) => (j === i ? e.target.value : v)))}
          />
        ))}
      </div>
    </fieldset>
  );
}

function LeafControl(props: LeafProps) {
  const { name, label, hint, leaf, value, problems, currency, onChange } = props;
  const id = useId();
  const { t } = useTranslation('site');
  const text = typeof value === 'string' ? value : '';
  // A list's problems are its entries' (path "<index>"): the first is named with its place.
  const entry = leaf.kind === 'list' ? Object.entries(problems).find(([k, v]) => /^\d+$/.test(k) && v) : undefined;
  const error =
    problems[''] ??
    (entry ? t('settings.entryProblem', { entry: Number(entry[0]) + 1, problem: entry[1] }) : undefined);
  if (leaf.kind === 'rows') return <RowsControl {...props} />;
  if (leaf.kind === 'moneyLevels') return <MoneyLevelsControl {...props} />;
  if (leaf.kind === 'boolean')
    return (
      <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        <Switch label={label} checked={value === true} onChange={onChange} />
        <span className="text-sm font-medium" aria-hidden>
          {label}
        </span>
        {error && (
          <span role="alert" className="text-xs text-(--danger)">
            {error}
          </span>
        )}
        {hint && <span className="basis-full text-xs text-(--text-muted)">{hint}</span>}
      </div>
    );
  if (leaf.kind === 'text' || leaf.kind === 'number' || leaf.kind === 'money' || leaf.kind === 'percent')
    return (
      <Field
        label={label}
        name={name}
        type={leaf.kind === 'text' && leaf.input === 'time' ? 'time' : 'text'}
        inputMode={
          leaf.kind === 'number' ? 'numeric' : leaf.kind === 'money' || leaf.kind === 'percent' ? 'decimal' : undefined
        }
        value={text}
        error={error}
        hint={hint}
        suffix={
          leaf.kind === 'money' ? (
            <CurrencyTag currency={currency} />
          ) : leaf.kind === 'percent' ? (
            <span className="self-center text-sm font-medium text-(--text-muted)">%</span>
          ) : undefined
        }
        onChange={(e) => onChange(e.target.value)}
      />
    );
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {leaf.kind === 'enum' ? (
        <select
          id={id}
          name={name}
          value={text}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
          className={INPUT}
        >
          {leaf.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : (
        <textarea
          id={id}
          name={name}
          rows={leaf.kind === 'json' ? 6 : 3}
          value={text}
          spellCheck={false}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
          className={`${INPUT} font-mono`}
        />
      )}
      {error ? (
        <ErrorLine id={`${id}-error`} text={error} />
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-(--text-muted)">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The messages under one control: its problems' paths with the control's own prefix taken off. */
function under(messages: Record<string, string | undefined>, prefix: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [path, text] of Object.entries(messages)) {
    if (path === prefix) out[''] = text;
    else if (path.startsWith(`${prefix}.`)) out[path.slice(prefix.length + 1)] = text;
  }
  return out;
}

/** `note`: a live figure shown under the control (today's SMS beside the daily limit). */
export function SettingCard({
  spec,
  value,
  currency,
  note,
}: {
  spec: SettingSpec;
  value: unknown;
  currency: string;
  note?: string | undefined;
}) {
  const { t, i18n } = useTranslation('site');
  const problemText = useProblemText();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<{ next: unknown } | undefined>(undefined);
  const current = draft ?? toDraft(spec, value);
  const base = `settings.keys.${spec.key}`;
  const title = i18n.exists(`${base}.label`, { ns: 'site' }) ? t(`${base}.label`) : spec.key;
  const hintOf = (path: string) => (i18n.exists(path, { ns: 'site' }) ? t(path) : undefined);
  const columnLabel = (column: string) => t(`${base}.columns.${column}`, { defaultValue: column });
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(toDraft(spec, value));
  const headingId = useId();
  const { shape } = spec;
  const hidden =
    shape.kind === 'object' && shape.nullWhen ? (current as Record<string, LeafDraft>)[shape.nullWhen] : false;

  const send = async (next: unknown) => {
    setBusy(true);
    setError('');
    try {
      await saveBrandSetting(spec.key, next);
      await queryClient.invalidateQueries({ queryKey: brandKey });
      setDraft(null);
      setErrors({});
      setSaved(true);
    } catch (err) {
      const fields = serverFieldErrors(err);
      // The server names a plain setting's problem `value`; an object's goes on its title.
      setErrors(shape.kind === 'object' && fields.value ? { _: fields.value } : fields);
      setError(errorMessage(err));
      throw err;
    } finally {
      setBusy(false);
    }
  };

  const save = (nextDraft: Draft) => {
    setSaved(false);
    const parsed = parseDraft(spec, nextDraft);
    setErrors(Object.fromEntries(Object.entries(parsed.problems).map(([k, p]) => [k, problemText(p, currency)])));
    if (!('value' in parsed)) return;
    const next = parsed.value;
    if (spec.dangerous?.(value, next)) {
      setConfirming({ next });
      return;
    }
    void send(next).catch(() => undefined);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save(current);
  };

  const edit = (next: Draft) => {
    setSaved(false);
    setDraft(next);
  };

  // A plain on/off setting is saved as soon as it is switched.
  const instant = shape.kind === 'boolean';
  const problemCount = Object.values(errors).filter(Boolean).length;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={shape.kind === 'object' ? headingId : undefined}
      aria-label={shape.kind === 'object' ? undefined : title}
      data-setting={spec.key}
      className="rounded-lg border border-(--border) bg-(--surface-raised) p-4"
    >
      <code className="float-right ml-2 text-xs text-(--text-muted)">{spec.key}</code>
      {shape.kind === 'object' && (
        <>
          <h3 id={headingId} className="text-sm font-semibold">
            {title}
          </h3>
          {hintOf(`${base}.hint`) && <p className="mb-3 text-xs text-(--text-muted)">{hintOf(`${base}.hint`)}</p>}
        </>
      )}
      {shape.kind === 'object' ? (
        Object.entries(shape.fields)
          .filter(([name]) => !hidden || name === shape.nullWhen)
          .map(([name, leaf]) => (
            <LeafControl
              key={name}
              name={`${spec.key}.${name}`}
              label={t(`${base}.fields.${name}`, { defaultValue: name })}
              hint={hintOf(`${base}.hints.${name}`)}
              leaf={leaf}
              value={(current as Record<string, LeafDraft>)[name] ?? ''}
              problems={under(errors, name)}
              currency={currency}
              columnLabel={columnLabel}
              onChange={(v) => edit({ ...(current as Record<string, LeafDraft>), [name]: v })}
            />
          ))
      ) : (
        <LeafControl
          name={spec.key}
          label={title}
          hint={hintOf(`${base}.hint`) ?? (shape.kind === 'list' ? t('settings.onePerLine') : undefined)}
          leaf={shape}
          value={current as LeafDraft}
          problems={under(errors, 'value')}
          currency={currency}
          columnLabel={columnLabel}
          onChange={(v) => (instant ? save(v) : edit(v))}
        />
      )}
      {note && (
        <p className="mb-2 text-xs" data-testid={`${spec.key}-note`}>
          {note}
        </p>
      )}
      {errors._ && (
        <p role="alert" className="mb-2 text-xs text-(--danger)">
          {errors._}
        </p>
      )}
      {error ? (
        <p role="alert" className="mb-2 text-sm text-(--danger)">
          {error}
        </p>
      ) : problemCount > 0 && !errors._ ? (
        <p role="alert" className="mb-2 text-sm text-(--danger)">
          {t('settings.notSaved', { count: problemCount })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {!instant && (
          <>
            <Button type="submit" disabled={busy || !dirty} className="px-3 py-1 text-sm">
              {t('common.save', { ns: 'core' })}
            </Button>
            {dirty && (
              <Button
                variant="ghost"
                className="px-3 py-1 text-sm"
                onClick={() => {
                  setDraft(null);
                  setErrors({});
                  setError('');
                }}
              >
                {t('settings.undo')}
              </Button>
            )}
          </>
        )}
        <span role="status" className="text-xs text-(--success)">
          {saved ? t('settings.saved', { name: title }) : ''}
        </span>
      </div>
      <ConfirmDialog
        open={confirming !== undefined}
        title={t(`settings.confirm.${spec.key}.title`, { defaultValue: t('settings.confirm.title', { name: title }) })}
        message={t(`settings.confirm.${spec.key}.message`, { defaultValue: t('settings.confirm.message') })}
        confirmLabel={t(`settings.confirm.${spec.key}.action`, { defaultValue: t('common.save', { ns: 'core' }) })}
        danger
        onConfirm={() => send(confirming?.next)}
        onClose={() => setConfirming(undefined)}
      />
    </form>
  );
}

function SwitchRow({ sw, depth }: { sw: AdminBrandSwitch; depth: number }) {
  const { t } = useTranslation('site');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const label = t(`switches.names.${sw.modId}`, { defaultValue: sw.name });
  const toggle = async (enabled: boolean) => {
    setBusy(true);
    setMessage(null);
    try {
      await setBrandSwitch(sw.modId, enabled);
      await queryClient.invalidateQueries({ queryKey: brandKey });
      setMessage({ ok: true, text: t(enabled ? 'switches.turnedOn' : 'switches.turnedOff', { name: label }) });
    } catch (err) {
      setMessage({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-2" style={{ paddingInlineStart: `${depth * 1.5}rem` }}>
      <Switch label={label} checked={sw.enabled} disabled={busy} onChange={(v) => void toggle(v)} />
      <span className="text-sm">
        <span className="font-medium">{label}</span> <code className="text-xs text-(--text-muted)">{sw.modId}</code>
      </span>
      {message && (
        <span
          role={message.ok ? 'status' : 'alert'}
          className={`text-xs ${message.ok ? 'text-(--success)' : 'text-(--danger)'}`}
        >
          {message.text}
        </span>
      )}
    </li>
  );
}

function Switches({ switches }: { switches: AdminBrandSwitch[] }) {
  const ids = new Set(switches.map((s) => s.modId));
  const roots = switches.filter((s) => !s.parentModId || !ids.has(s.parentModId));
  const rows: { sw: AdminBrandSwitch; depth: number }[] = [];
  const visit = (sw: AdminBrandSwitch, depth: number) => {
    rows.push({ sw, depth });
    for (const child of switches.filter((s) => s.parentModId === sw.modId)) visit(child, depth + 1);
  };
  for (const r of roots) visit(r, 0);
  return (
    <ul className="divide-y divide-(--border) rounded-lg border border-(--border) bg-(--surface-raised) px-4">
      {rows.map(({ sw, depth }) => (
        <SwitchRow key={sw.modId} sw={sw} depth={depth} />
      ))}
    </ul>
  );
}

export function BrandSettingsPage() {
  const { t } = useTranslation('site');
  const brand = useQuery(brandQuery);
  const settings = brand.data?.settings ?? [];
  const currencySetting = settings.find((s) => s.key === 'currency')?.value;
  const currency = typeof currencySetting === 'string' ? currencySetting : '';
  const byGroup = new Map<SettingGroup, { spec: SettingSpec; value: unknown }[]>();
  for (const s of settings) {
    // The app colours have their own editor with a preview (pwa-colours-card.tsx).
    if ((PWA_COLOUR_KEYS as readonly string[]).includes(s.key)) continue;
    const spec = specOf(s.key, s.value);
    byGroup.set(spec.group, [...(byGroup.get(spec.group) ?? []), { spec, value: s.value }]);
  }
  const groups = SETTING_GROUPS.filter((g) => byGroup.has(g));
  return (
    <div>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      {brand.error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {errorMessage(brand.error)}
        </p>
      )}
      {brand.isPending && <p className="text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>}
      {brand.data && (
        <>
          <nav aria-label={t('settings.groupsNav')} className="mb-4 flex flex-wrap gap-2 text-sm">
            {groups.map((g) => (
              <a
                key={g}
                href={`#group-${g}`}
                className="rounded-md border border-(--border) px-2 py-1 hover:text-(--accent)"
              >
                {t(`settings.groups.${g}.title`)}
              </a>
            ))}
            <a href="#group-app" className="rounded-md border border-(--border) px-2 py-1 hover:text-(--accent)">
              {t('pwaColours.group')}
            </a>
            <a href="#group-switches" className="rounded-md border border-(--border) px-2 py-1 hover:text-(--accent)">
              {t('switches.title')}
            </a>
          </nav>
          {groups.map((g) => (
            <section key={g} id={`group-${g}`} aria-labelledby={`group-${g}-title`} className="mb-6 scroll-mt-4">
              <h2 id={`group-${g}-title`} className="mb-1 text-lg font-semibold">
                {t(`settings.groups.${g}.title`)}
              </h2>
              <p className="mb-3 text-sm text-(--text-muted)">{t(`settings.groups.${g}.description`)}</p>
              <div className="grid gap-3 md:grid-cols-2">
                {(byGroup.get(g) ?? []).map(({ spec, value }) => (
                  <SettingCard
                    key={spec.key}
                    spec={spec}
                    value={value}
                    currency={currency}
                    note={
                      spec.key === 'smsDailyQuota'
                        ? t('settings.smsSentToday', { count: brand.data.smsSentToday })
                        : undefined
                    }
                  />
                ))}
              </div>
            </section>
          ))}
          <section id="group-app" aria-labelledby="group-app-title" className="mb-6 scroll-mt-4">
            <h2 id="group-app-title" className="mb-3 text-lg font-semibold">
              {t('pwaColours.group')}
            </h2>
            <PwaColoursCard settings={settings} />
          </section>
          <section id="group-switches" aria-labelledby="group-switches-title" className="mb-6 scroll-mt-4">
            <h2 id="group-switches-title" className="mb-1 text-lg font-semibold">
              {t('switches.title')}
            </h2>
            <p className="mb-3 text-sm text-(--text-muted)">{t('switches.description')}</p>
            <Switches switches={brand.data.switches} />
          </section>
        </>
      )}
    </div>
  );
}
