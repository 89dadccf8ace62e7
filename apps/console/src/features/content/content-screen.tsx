import { wallTime, wallTimeInstant } from '@gamehall/shared/calendar-day';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataGrid, type GridFilter, type GridPage, toGridPage } from '../../components/data-grid';
import { FormFooter } from '../../components/form-footer';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { useFormAction } from '../../lib/use-form-action';
import {
  type ContentKind,
  contentKey,
  deleteContent,
  fetchContent,
  orderContent,
  saveContent,
  setContentEnabled,
  uploadImage,
} from './api';

// One screen per content kind (banners, announcements, notices, help articles): a grid with server
// paging, sort and filters, a form checked by the shared schema (the server's field errors shown
// beside the fields), enable/disable, delete and moving an item up or down on its page.

export type FormValues = Record<string, string | boolean>;

export type FieldSpec = {
  name: string;
  label: string;
  type: 'text' | 'textarea' | 'number' | 'select' | 'checkbox' | 'datetime' | 'image';
  options?: { value: string; label: string }[];
  required?: boolean;
  hint?: string;
};

type Item = {
  id: number;
  enabled: boolean;
  sort: number;
  title: string;
  live?: boolean;
  /** Notices and announcements: before, inside or after their schedule. */
  schedule?: 'scheduled' | 'live' | 'ended';
};

export type ContentScreenProps<T extends Item> = {
  kind: ContentKind;
  columns: ColumnDef<T, unknown>[];
  filters: GridFilter[];
  fields: FieldSpec[];
  schema: z.ZodType;
  /** The form's values for a new item, or for the item being edited. */
  toForm: (item: T | null) => FormValues;
  /** The request body from the form's values (before the schema's check). */
  toBody: (values: FormValues) => Record<string, unknown>;
  /** Shown between the header and the grid (the help centre's category list). */
  above?: ReactNode;
};

/** '' -> null: an optional field left empty. */
export function orNull(value: string | boolean | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * A datetime-local value, read as a clock of the brand's time zone shows it, as ISO-8601 (UTC), or
 * null when empty. A value that is no such time goes as typed, for the schema to refuse.
 */
export function isoOrNull(value: string | boolean | undefined, timeZone: string): string | null {
  if (typeof value !== 'string' || value === '') return null;
  return wallTimeInstant(value, timeZone)?.toISOString() ?? value;
}

/** ISO-8601 -> the datetime-local value of a clock in the brand's time zone. */
export function toLocalInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : wallTime(d, timeZone);
}

/**
 * The start a form sends: null (kept as it is; from now on a new item) while the field still shows
 * the start the item had, so reopening and saving an item whose start has passed never moves it
 * (the field holds minutes, the start may hold seconds). `was` is the field's value when opened.
 */
export function startsAtBody(value: string | boolean | undefined, was: string | boolean | undefined, timeZone: string) {
  return value === was ? null : isoOrNull(value, timeZone);
}

const INPUT =
  'w-full rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-2 text-sm text-(--text) focus:border-(--accent) focus:outline-none';

function ImageInput({
  spec,
  value,
  error,
  onChange,
}: {
  spec: FieldSpec;
  value: string;
  error?: string;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation('content');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState('');
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setUploadError('');
    try {
      onChange((await uploadImage(file)).url);
    } catch (err) {
      setUploadError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mb-3">
      <Field
        label={spec.label}
        required={spec.required}
        name={spec.name}
        value={value}
        error={error}
        hint={spec.hint}
        onChange={(e) => onChange(e.target.value)}
      />
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t('form.upload')}
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        disabled={busy}
        onChange={(e) => void pick(e.target.files?.[0])}
        className="text-sm"
      />
      {busy && <p className="mt-1 text-xs text-(--text-muted)">{t('form.uploading')}</p>}
      {uploadError && (
        <p role="alert" className="mt-1 text-xs text-(--danger)">
          {uploadError}
        </p>
      )}
      {value && (
        <img src={value} alt={t('form.preview')} width={320} height={120} className="mt-2 h-auto max-w-full rounded" />
      )}
    </div>
  );
}

function FormField({
  spec,
  value,
  error,
  onChange,
}: {
  spec: FieldSpec;
  value: string | boolean;
  error?: string;
  onChange: (value: string | boolean) => void;
}) {
  const id = useId();
  const text = typeof value === 'string' ? value : '';
  if (spec.type === 'image') return <ImageInput spec={spec} value={text} error={error} onChange={onChange} />;
  if (spec.type === 'text' || spec.type === 'number' || spec.type === 'datetime')
    return (
      <Field
        label={spec.label}
        required={spec.required}
        name={spec.name}
        type={spec.type === 'datetime' ? 'datetime-local' : spec.type}
        value={text}
        error={error}
        hint={spec.hint}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  if (spec.type === 'checkbox')
    return (
      <label className="mb-3 flex items-center gap-2 text-sm">
        <input type="checkbox" name={spec.name} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
        {spec.label}
      </label>
    );
  const describedBy = error ? `${id}-error` : spec.hint ? `${id}-hint` : undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {spec.required && (
          <span className="mr-0.5 text-(--danger)" aria-hidden>
            *
          </span>
        )}
        {spec.label}
      </label>
      {spec.type === 'textarea' ? (
        <textarea
          id={id}
          name={spec.name}
          rows={6}
          value={text}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
          className={INPUT}
        />
      ) : (
        <select
          id={id}
          name={spec.name}
          value={text}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
          className={INPUT}
        >
          {(spec.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-(--danger)">
          {error}
        </p>
      ) : spec.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-(--text-muted)">
          {spec.hint}
        </p>
      ) : null}
    </div>
  );
}

function EditDialog<T extends Item>({
  props,
  editing,
  onClose,
}: {
  props: ContentScreenProps<T>;
  editing: { item: T | null } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const [values, setValues] = useState<FormValues | null>(null);
  const { errors, setErrors, error, busy, reset, run } = useFormAction(contentKey(props.kind));
  const current = values ?? (editing ? props.toForm(editing.item) : {});
  const close = () => {
    setValues(null);
    reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(props.schema, props.toBody(current));
    setErrors(checked.errors);
    if (!checked.data) return;
    if (await run(() => saveContent(props.kind, editing?.item?.id ?? null, props.toBody(current)))) close();
  };
  return (
    <Modal
      open={editing !== null}
      onClose={close}
      title={editing?.item ? t('form.editTitle', { title: editing.item.title }) : t(`${props.kind}.create`)}
    >
      <form onSubmit={submit} noValidate className="max-h-[70vh] overflow-y-auto pr-1">
        {props.fields.map((spec) => (
          <FormField
            key={spec.name}
            spec={spec}
            value={current[spec.name] ?? ''}
            error={errors[spec.name]}
            onChange={(v) => setValues({ ...current, [spec.name]: v })}
          />
        ))}
        <FormFooter error={error} busy={busy} onCancel={close} />
      </form>
    </Modal>
  );
}

type State = 'off' | 'scheduled' | 'ended' | 'on';
const STATE_TONES = { off: 'muted', scheduled: 'warning', ended: 'muted', on: 'success' } as const;

/** What the state column says: off, else where the schedule stands (an item without one is on while live). */
export function stateOf(r: Pick<Item, 'enabled' | 'live' | 'schedule'>): State {
  if (!r.enabled) return 'off';
  if (r.schedule === 'scheduled' || r.schedule === 'ended') return r.schedule;
  return r.live === false ? 'scheduled' : 'on';
}

export function ContentScreen<T extends Item>(props: ContentScreenProps<T>) {
  const { t } = useTranslation('content');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [actionError, setActionError] = useState('');
  const page = useRef<T[]>([]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: contentKey(props.kind) });

  const act = async (run: () => Promise<unknown>) => {
    setActionError('');
    try {
      await run();
      await refresh();
    } catch (err) {
      setActionError(errorMessage(err));
    }
  };
  // Moves an item one place on the page shown (ordered by sort): the page's items get 0, 1, 2...
  const move = (item: T, by: -1 | 1) => {
    const rows = [...page.current].sort((a, b) => a.sort - b.sort || a.id - b.id);
    const i = rows.findIndex((r) => r.id === item.id);
    const j = i + by;
    if (i < 0 || j < 0 || j >= rows.length) return;
    [rows[i], rows[j]] = [rows[j] as T, rows[i] as T];
    void act(() =>
      orderContent(
        props.kind,
        rows.map((r) => r.id),
      ),
    );
  };

  // Rebuilt each render: the action buttons close over this render's handlers.
  const columns: ColumnDef<T, unknown>[] = [
    { id: 'id', accessorKey: 'id', header: t('columns.id'), enableSorting: true, meta: { numeric: true } },
    ...props.columns,
    { id: 'sort', accessorKey: 'sort', header: t('columns.sort'), enableSorting: true, meta: { numeric: true } },
    {
      id: 'enabled',
      accessorFn: (r) => t(`state.${stateOf(r)}`),
      header: t('columns.state'),
      cell: ({ row }) => {
        const state = stateOf(row.original);
        return <StatusBadge label={t(`state.${state}`)} tone={STATE_TONES[state]} />;
      },
    },
    {
      id: 'actions',
      header: t('common.actions', { ns: 'core' }),
      cell: ({ row }) => {
        const r = row.original;
        return (
          <div className="flex gap-1 whitespace-nowrap">
            <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setEditing({ item: r })}>
              {t('common.edit', { ns: 'core' })}
            </Button>
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              onClick={() => void act(() => setContentEnabled(props.kind, r.id, !r.enabled))}
            >
              {r.enabled ? t('actions.disable') : t('actions.enable')}
            </Button>
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              aria-label={t('actions.up', { title: r.title })}
              onClick={() => move(r, -1)}
            >
              <ArrowUp size={14} aria-hidden />
            </Button>
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              aria-label={t('actions.down', { title: r.title })}
              onClick={() => move(r, 1)}
            >
              <ArrowDown size={14} aria-hidden />
            </Button>
            <Button variant="ghost" className="px-2 py-1 text-xs text-(--danger)" onClick={() => setDeleting(r)}>
              {t('actions.delete')}
            </Button>
          </div>
        );
      },
    },
  ];

  const fetchPage = async (query: Record<string, string | number | undefined>): Promise<GridPage<T>> => {
    const result = toGridPage(await fetchContent<T>(props.kind, query));
    page.current = result.rows;
    return result;
  };

  return (
    <div>
      <PageHeader
        title={t(`${props.kind}.title`)}
        description={t(`${props.kind}.description`)}
        actions={
          <Button onClick={() => setEditing({ item: null })}>
            <Plus size={16} aria-hidden />
            {t(`${props.kind}.create`)}
          </Button>
        }
      />
      {props.above}
      {actionError && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {actionError}
        </p>
      )}
      <DataGrid<T>
        caption={t(`${props.kind}.title`)}
        queryKey={contentKey(props.kind)}
        fetchPage={fetchPage}
        columns={columns}
        rowId={(r) => String(r.id)}
        filters={props.filters}
        defaultSort={{ sort: 'sort', order: 'asc' }}
        exportName={props.kind}
      />
      <EditDialog props={props} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('actions.delete')}
        message={t('confirmDelete', { title: deleting?.title ?? '' })}
        confirmLabel={t('actions.delete')}
        danger
        onConfirm={async () => {
          if (deleting) await deleteContent(props.kind, deleting.id);
          await refresh();
        }}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
