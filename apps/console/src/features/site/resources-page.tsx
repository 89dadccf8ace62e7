import { type AdminResource, AdminResourceBody } from '@gamehall/shared/api/admin-content';
import { RESOURCE_TYPES } from '@gamehall/shared/constants';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormFooter } from '../../components/form-footer';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { useFormAction } from '../../lib/use-form-action';
import { deleteResource, orderResources, resourcesKey, resourcesQuery, saveResource } from './api';

// Social links and app downloads the player site shows (/wps/system/resources): add, edit, delete
// and order (the order is the list's order, saved as sort 0, 1, 2...).

type FormValues = { resourceType: string; name: string; labelNameEn: string; url: string; sort: string };

const INPUT =
  'w-full rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-2 text-sm text-(--text) focus:border-(--accent) focus:outline-none';

function toForm(r: AdminResource | null, nextSort: number): FormValues {
  return r
    ? { resourceType: r.resourceType, name: r.name, labelNameEn: r.labelNameEn, url: r.url, sort: String(r.sort) }
    : { resourceType: RESOURCE_TYPES[0], name: '', labelNameEn: '', url: '', sort: String(nextSort) };
}

function toBody(v: FormValues) {
  return {
    resourceType: v.resourceType,
    name: v.name.trim(),
    labelNameEn: v.labelNameEn,
    url: v.url,
    sort: v.sort.trim() === '' ? undefined : Number(v.sort),
  };
}

function ResourceDialog({
  editing,
  nextSort,
  onClose,
}: {
  editing: { item: AdminResource | null } | null;
  nextSort: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('site');
  const typeId = useId();
  const [values, setValues] = useState<FormValues | null>(null);
  const { errors, setErrors, error, busy, reset, run } = useFormAction(resourcesKey);
  const current = values ?? toForm(editing?.item ?? null, nextSort);
  const set = (name: keyof FormValues, value: string) => setValues({ ...current, [name]: value });
  const close = () => {
    setValues(null);
    reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(AdminResourceBody, toBody(current));
    setErrors(checked.errors);
    const body = checked.data;
    if (!body) return;
    if (await run(() => saveResource(editing?.item?.id ?? null, body))) close();
  };
  return (
    <Modal
      open={editing !== null}
      onClose={close}
      title={editing?.item ? t('resources.editTitle', { name: editing.item.labelNameEn }) : t('resources.create')}
    >
      <form onSubmit={submit} noValidate>
        <div className="mb-3">
          <label htmlFor={typeId} className="mb-1 block text-sm font-medium">
            <span className="mr-0.5 text-(--danger)" aria-hidden>
              *
            </span>
            {t('resources.fields.resourceType')}
          </label>
          <select
            id={typeId}
            name="resourceType"
            value={current.resourceType}
            aria-invalid={Boolean(errors.resourceType)}
            onChange={(e) => set('resourceType', e.target.value)}
            className={INPUT}
          >
            {RESOURCE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`resources.types.${type}`, { defaultValue: type })}
              </option>
            ))}
          </select>
          {errors.resourceType && (
            <p role="alert" className="mt-1 text-xs text-(--danger)">
              {errors.resourceType}
            </p>
          )}
        </div>
        <Field
          label={t('resources.fields.name')}
          required
          name="name"
          value={current.name}
          error={errors.name}
          hint={t('resources.hints.name')}
          onChange={(e) => set('name', e.target.value)}
        />
        <Field
          label={t('resources.fields.labelNameEn')}
          required
          name="labelNameEn"
          value={current.labelNameEn}
          error={errors.labelNameEn}
          onChange={(e) => set('labelNameEn', e.target.value)}
        />
        <Field
          label={t('resources.fields.url')}
          required
          name="url"
          value={current.url}
          error={errors.url}
          hint={t('resources.hints.url')}
          onChange={(e) => set('url', e.target.value)}
        />
        <Field
          label={t('resources.fields.sort')}
          name="sort"
          type="number"
          value={current.sort}
          error={errors.sort}
          onChange={(e) => set('sort', e.target.value)}
        />
        <FormFooter error={error} busy={busy} onCancel={close} />
      </form>
    </Modal>
  );
}

export function ResourcesPage() {
  const { t } = useTranslation('site');
  const queryClient = useQueryClient();
  const resources = useQuery(resourcesQuery);
  const [editing, setEditing] = useState<{ item: AdminResource | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminResource | null>(null);
  const [error, setError] = useState('');
  const list = resources.data ?? [];

  const move = async (index: number, by: -1 | 1) => {
    const ids = list.map((r) => r.id);
    const j = index + by;
    if (j < 0 || j >= ids.length) return;
    [ids[index], ids[j]] = [ids[j] as number, ids[index] as number];
    setError('');
    try {
      await orderResources(ids);
      await queryClient.invalidateQueries({ queryKey: resourcesKey });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <div>
      <PageHeader
        title={t('resources.title')}
        description={t('resources.description')}
        actions={
          <Button onClick={() => setEditing({ item: null })}>
            <Plus size={16} aria-hidden />
            {t('resources.create')}
          </Button>
        }
      />
      {(error || resources.error) && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error || errorMessage(resources.error)}
        </p>
      )}
      <PlainTable
        collapse
        caption={t('resources.title')}
        columns={[
          { label: t('resources.fields.resourceType') },
          { label: t('resources.fields.labelNameEn') },
          { label: t('resources.fields.url') },
          { label: t('resources.fields.sort'), numeric: true },
          { label: t('common.actions', { ns: 'core' }) },
        ]}
      >
        {resources.isPending && (
          <tr>
            <td colSpan={5} className="px-3 py-4 text-(--text-muted)">
              {t('common.loading', { ns: 'core' })}
            </td>
          </tr>
        )}
        {resources.data && list.length === 0 && (
          <tr>
            <td colSpan={5} className="px-3 py-4 text-(--text-muted)">
              {t('resources.empty')}
            </td>
          </tr>
        )}
        {list.map((r, i) => (
          <tr key={r.id} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2">{t(`resources.types.${r.resourceType}`, { defaultValue: r.resourceType })}</td>
            <td className="px-3 py-2">
              <span className="font-semibold">{r.labelNameEn}</span>
              <span className="block text-xs text-(--text-muted)">{r.name}</span>
            </td>
            <td className="max-w-xs truncate px-3 py-2" title={r.url}>
              {r.url}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{r.sort}</td>
            <td className="px-3 py-2">
              <div className="flex gap-1 whitespace-nowrap">
                <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setEditing({ item: r })}>
                  {t('common.edit', { ns: 'core' })}
                </Button>
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-xs"
                  aria-label={t('resources.up', { name: r.labelNameEn })}
                  disabled={i === 0}
                  onClick={() => void move(i, -1)}
                >
                  <ArrowUp size={14} aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-xs"
                  aria-label={t('resources.down', { name: r.labelNameEn })}
                  disabled={i === list.length - 1}
                  onClick={() => void move(i, 1)}
                >
                  <ArrowDown size={14} aria-hidden />
                </Button>
                <Button variant="ghost" className="px-2 py-1 text-xs text-(--danger)" onClick={() => setDeleting(r)}>
                  {t('resources.delete')}
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </PlainTable>
      <ResourceDialog
        editing={editing}
        nextSort={list.reduce((max, r) => Math.max(max, r.sort + 1), 0)}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('resources.delete')}
        message={t('resources.confirmDelete', { name: deleting?.labelNameEn ?? '' })}
        confirmLabel={t('resources.delete')}
        danger
        onConfirm={async () => {
          if (deleting) await deleteResource(deleting.id);
          await queryClient.invalidateQueries({ queryKey: resourcesKey });
        }}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
