import { type Role, RoleBody } from '@gamehall/shared/api/operators';
import { PERMISSIONS } from '@gamehall/shared/api/permissions';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormFooter } from '../../components/form-footer';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { useFormAction } from '../../lib/use-form-action';
import { createRole, deleteRole, rolesKey, rolesQuery, updateRole } from './api';

const ALL = '*';

function RoleDialog({ role, onClose }: { role: Role | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('operators');
  const editing = role !== null && role !== 'new' ? role : null;
  const [name, setName] = useState<string | null>(null);
  const [permissions, setPermissions] = useState<string[] | null>(null);
  const { errors, setErrors, error, busy, reset, run } = useFormAction(rolesKey);
  const currentName = name ?? editing?.name ?? '';
  const current = permissions ?? editing?.permissions ?? [];
  const all = current.includes(ALL);
  const close = () => {
    setName(null);
    setPermissions(null);
    reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(RoleBody, { name: currentName, permissions: all ? [ALL] : current });
    setErrors(checked.errors);
    const data = checked.data;
    if (!data) return;
    if (await run(() => (editing ? updateRole(editing.id, data) : createRole(data)))) close();
  };
  return (
    <Modal
      open={role !== null}
      onClose={close}
      title={editing ? t('roleEdit', { name: editing.name }) : t('roleCreate')}
      wide
    >
      <form onSubmit={submit} noValidate>
        <Field
          label={t('roleName')}
          required
          name="name"
          value={currentName}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm font-medium">{t('permissions')}</legend>
          <label className="mb-2 flex items-center gap-2 text-sm font-semibold">
            <input type="checkbox" checked={all} onChange={(e) => setPermissions(e.target.checked ? [ALL] : [])} />
            {t('permission.all')}
          </label>
          <div className="grid gap-1 sm:grid-cols-2">
            {PERMISSIONS.map((p) => (
              <label key={p} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  disabled={all}
                  checked={all || current.includes(p)}
                  onChange={(e) => setPermissions(e.target.checked ? [...current, p] : current.filter((x) => x !== p))}
                />
                <span>
                  {t(`permission.${p}`)} <code className="text-xs text-(--text-muted)">{p}</code>
                </span>
              </label>
            ))}
          </div>
          {errors.permissions && (
            <p role="alert" className="mt-1 text-xs text-(--danger)">
              {errors.permissions}
            </p>
          )}
        </fieldset>
        <FormFooter error={error} busy={busy} onCancel={close} />
      </form>
    </Modal>
  );
}

export function RolesPage() {
  const { t } = useTranslation('operators');
  const roles = useQuery(rolesQuery);
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const queryClient = useQueryClient();
  return (
    <div>
      <PageHeader
        title={t('rolesTitle')}
        description={t('rolesDescription')}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus size={16} aria-hidden />
            {t('roleCreate')}
          </Button>
        }
      />
      {roles.isError && (
        <p role="alert" className="text-(--danger)">
          {errorMessage(roles.error)}
        </p>
      )}
      <PlainTable
        caption={t('rolesTitle')}
        columns={[
          { label: t('roleName') },
          { label: t('permissions') },
          { label: t('operatorCount'), numeric: true },
          { label: t('common.actions', { ns: 'core' }) },
        ]}
      >
        {(roles.data ?? []).map((role) => (
          <tr key={role.id} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2 font-semibold">
              {role.name}
              {role.builtIn && <span className="ml-2 text-xs text-(--text-muted)">{t('builtIn')}</span>}
            </td>
            <td className="px-3 py-2 text-xs">
              {role.permissions.includes(ALL) ? t('permission.all') : role.permissions.join(', ')}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{role.operatorCount}</td>
            <td className="px-3 py-2">
              {!role.builtIn && (
                <div className="flex gap-1">
                  <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => setEditing(role)}>
                    {t('common.edit', { ns: 'core' })}
                  </Button>
                  {/* Deleting a role operators still hold is refused by the server (OPERATOR_ROLE_IN_USE). */}
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-xs"
                    disabled={role.operatorCount > 0}
                    title={role.operatorCount > 0 ? t('roleInUse', { count: role.operatorCount }) : undefined}
                    onClick={() => setDeleting(role)}
                  >
                    {t('roleDelete')}
                  </Button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </PlainTable>
      <ConfirmDialog
        open={deleting !== null}
        title={t('roleDelete')}
        message={deleting ? t('roleDeleteConfirm', { name: deleting.name }) : undefined}
        confirmLabel={t('roleDelete')}
        danger
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteRole(deleting.id);
          await queryClient.invalidateQueries({ queryKey: rolesKey });
        }}
      />
      <RoleDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        role={editing}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
