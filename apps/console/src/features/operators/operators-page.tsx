import { type Operator, OperatorCreateBody, OperatorDisplayNameBody, type Role } from '@gamehall/shared/api/operators';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataGrid, toGridPage } from '../../components/data-grid';
import { FormFooter } from '../../components/form-footer';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { validate } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { useMe } from '../../lib/session';
import { useFormAction } from '../../lib/use-form-action';
import {
  actOnOperator,
  createOperator,
  fetchOperators,
  type OperatorAction,
  operatorsKey,
  resetOperatorPassword,
  rolesQuery,
  setOperatorDisplayName,
  setOperatorRoles,
} from './api';

/** What a row's confirm dialog does: the status actions, or a password reset. */
type PendingAction = OperatorAction | 'resetPassword';

function RoleChecklist({
  roles,
  selected,
  onChange,
  legend,
}: {
  roles: Role[];
  selected: number[];
  onChange: (ids: number[]) => void;
  legend: string;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid max-h-60 gap-1 overflow-y-auto sm:grid-cols-2">
        {roles.map((role) => (
          <label key={role.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={selected.includes(role.id)}
              onChange={(e) =>
                onChange(e.target.checked ? [...selected, role.id] : selected.filter((id) => id !== role.id))
              }
            />
            {role.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CreateOperatorDialog({ open, onClose, roles }: { open: boolean; onClose: () => void; roles: Role[] }) {
  const { t } = useTranslation('operators');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const { errors, setErrors, error, busy, reset, run } = useFormAction(operatorsKey);
  const close = () => {
    setUsername('');
    setPassword('');
    setDisplayName('');
    setRoleIds([]);
    reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(OperatorCreateBody, {
      username,
      password,
      roleIds,
      ...(displayName.trim() ? { displayName } : {}),
    });
    setErrors(checked.errors);
    const data = checked.data;
    if (!data) return;
    if (await run(() => createOperator(data))) close();
  };
  return (
    <Modal open={open} onClose={close} title={t('create.title')}>
      <form onSubmit={submit} noValidate>
        <Field
          label={t('username')}
          required
          name="username"
          autoComplete="off"
          hint={t('create.usernameHint')}
          value={username}
          error={errors.username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <Field
          label={t('create.password')}
          required
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`${t('create.passwordHint')}. ${t('create.mustChangeNote')}`}
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label={t('displayName')}
          name="displayName"
          autoComplete="off"
          hint={t('displayNameHint')}
          placeholder="Support"
          value={displayName}
          error={errors.displayName}
          onChange={(e) => setDisplayName(e.target.value)}
        />
        <RoleChecklist roles={roles} selected={roleIds} onChange={setRoleIds} legend={t('roles')} />
        <FormFooter error={error} busy={busy} onCancel={close} submitLabel={t('create.submit')} />
      </form>
    </Modal>
  );
}

function RolesDialog({ operator, roles, onClose }: { operator: Operator | null; roles: Role[]; onClose: () => void }) {
  const { t } = useTranslation('operators');
  const [roleIds, setRoleIds] = useState<number[] | null>(null);
  const { error, busy, reset, run } = useFormAction(operatorsKey);
  const selected = roleIds ?? operator?.roles.map((r) => r.id) ?? [];
  const close = () => {
    setRoleIds(null);
    reset();
    onClose();
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!operator) return;
    if (await run(() => setOperatorRoles(operator.id, selected))) close();
  };
  return (
    <Modal open={operator !== null} onClose={close} title={t('rolesOf', { username: operator?.username ?? '' })}>
      <form onSubmit={save} noValidate>
        <RoleChecklist roles={roles} selected={selected} onChange={setRoleIds} legend={t('roles')} />
        <FormFooter error={error} busy={busy} onCancel={close} />
      </form>
    </Modal>
  );
}

function DisplayNameDialog({ operator, onClose }: { operator: Operator | null; onClose: () => void }) {
  const { t } = useTranslation('operators');
  const [value, setValue] = useState<string | null>(null);
  const { errors, setErrors, error, busy, reset, run } = useFormAction(operatorsKey);
  const shown = value ?? operator?.displayName ?? '';
  const close = () => {
    setValue(null);
    reset();
    onClose();
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!operator) return;
    const checked = validate(OperatorDisplayNameBody, { displayName: shown });
    setErrors(checked.errors);
    const data = checked.data;
    if (!data) return;
    if (await run(() => setOperatorDisplayName(operator.id, data.displayName))) close();
  };
  return (
    <Modal open={operator !== null} onClose={close} title={t('displayNameOf', { username: operator?.username ?? '' })}>
      <form onSubmit={save} noValidate>
        <Field
          label={t('displayName')}
          required
          name="displayName"
          hint={t('displayNameHint')}
          value={shown}
          error={errors.displayName}
          onChange={(e) => setValue(e.target.value)}
        />
        <FormFooter error={error} busy={busy} onCancel={close} />
      </form>
    </Modal>
  );
}

/** The one-time password of a reset, shown this once: closing the dialog forgets it. */
function OneTimePasswordDialog({
  issued,
  onClose,
}: {
  issued: { username: string; password: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('operators');
  return (
    <Modal open={issued !== null} onClose={onClose} title={t('reset.title', { username: issued?.username ?? '' })}>
      <p className="mb-3 text-sm">{t('reset.intro', { username: issued?.username ?? '' })}</p>
      <p
        data-testid="one-time-password"
        className="mb-4 rounded-md bg-(--surface) p-3 text-center font-mono text-lg tracking-wider select-all"
      >
        {issued?.password}
      </p>
      <div className="flex justify-end">
        <Button onClick={onClose}>{t('reset.done')}</Button>
      </div>
    </Modal>
  );
}

export function OperatorsPage() {
  const { t } = useTranslation('operators');
  const me = useMe();
  const queryClient = useQueryClient();
  const roles = useQuery(rolesQuery).data ?? [];
  const [creating, setCreating] = useState(false);
  const [editingRoles, setEditingRoles] = useState<Operator | null>(null);
  const [pending, setPending] = useState<{ operator: Operator; action: PendingAction } | null>(null);
  const [namingOperator, setNamingOperator] = useState<Operator | null>(null);
  const [issued, setIssued] = useState<{ username: string; password: string } | null>(null);

  const columns = useMemo<ColumnDef<Operator, unknown>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: t('id'), enableSorting: true, meta: { numeric: true } },
      {
        id: 'username',
        accessorKey: 'username',
        header: t('username'),
        enableSorting: true,
        cell: ({ row }) => (
          <>
            {row.original.username}
            {row.original.mustChangePassword && (
              <span className="block text-xs text-(--text-muted)">{t('mustChange')}</span>
            )}
          </>
        ),
      },
      { id: 'displayName', accessorKey: 'displayName', header: t('displayName') },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('status'),
        enableSorting: true,
        cell: ({ row }) => (
          <StatusBadge
            label={t(`statuses.${row.original.status}`)}
            tone={row.original.status === 'active' ? 'success' : 'danger'}
          />
        ),
      },
      {
        id: 'roles',
        accessorFn: (o) => o.roles.map((r) => r.name).join(', '),
        header: t('roles'),
      },
      {
        id: 'twoFactor',
        accessorFn: (o) => (o.twoFactorEnabled ? t('twoFactorOn') : t('twoFactorOff')),
        header: t('twoFactor'),
      },
      {
        id: 'lastLoginAt',
        accessorKey: 'lastLoginAt',
        header: t('lastLogin'),
        enableSorting: true,
        cell: ({ row }) =>
          row.original.lastLoginAt ? (
            <>
              {formatDateTime(row.original.lastLoginAt)}
              <span className="block text-xs text-(--text-muted)">{row.original.lastLoginIp}</span>
            </>
          ) : (
            ''
          ),
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('created'),
        enableSorting: true,
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      {
        id: 'actions',
        header: t('common.actions', { ns: 'core' }),
        cell: ({ row }) => {
          const op = row.original;
          const rename = (
            <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setNamingOperator(op)}>
              {t('actions.displayName')}
            </Button>
          );
          if (op.id === me?.id)
            return (
              <div className="flex flex-wrap items-center gap-1">
                <span className="text-xs text-(--text-muted)">{t('you')}</span>
                {rename}
              </div>
            );
          return (
            <div className="flex flex-wrap gap-1">
              <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => setEditingRoles(op)}>
                {t('editRoles')}
              </Button>
              {op.status === 'active' ? (
                <Button
                  variant="danger"
                  className="px-2 py-1 text-xs"
                  onClick={() => setPending({ operator: op, action: 'disable' })}
                >
                  {t('actions.disable')}
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  className="px-2 py-1 text-xs"
                  onClick={() => setPending({ operator: op, action: 'enable' })}
                >
                  {t('actions.enable')}
                </Button>
              )}
              <Button
                variant="secondary"
                className="px-2 py-1 text-xs"
                onClick={() => setPending({ operator: op, action: 'resetPassword' })}
              >
                {t('actions.resetPassword')}
              </Button>
              {rename}
              {op.twoFactorEnabled && (
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-xs"
                  onClick={() => setPending({ operator: op, action: 'resetTwoFactor' })}
                >
                  {t('actions.resetTwoFactor')}
                </Button>
              )}
            </div>
          );
        },
      },
    ],
    [t, me?.id],
  );

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus size={16} aria-hidden />
            {t('create.title')}
          </Button>
        }
      />
      <DataGrid<Operator>
        caption={t('title')}
        queryKey={operatorsKey}
        fetchPage={(q) => fetchOperators(q).then(toGridPage)}
        columns={columns}
        rowId={(o) => String(o.id)}
        defaultSort={{ sort: 'id', order: 'asc' }}
        filters={[
          { name: 'q', label: t('username'), type: 'text' },
          {
            name: 'status',
            label: t('status'),
            type: 'select',
            options: ['active', 'disabled'].map((s) => ({ value: s, label: t(`statuses.${s}`) })),
          },
          {
            name: 'roleId',
            label: t('role'),
            type: 'select',
            options: roles.map((r) => ({ value: String(r.id), label: r.name })),
          },
        ]}
        exportName="operators"
      />
      <CreateOperatorDialog open={creating} onClose={() => setCreating(false)} roles={roles} />
      <RolesDialog operator={editingRoles} roles={roles} onClose={() => setEditingRoles(null)} />
      <DisplayNameDialog operator={namingOperator} onClose={() => setNamingOperator(null)} />
      <OneTimePasswordDialog issued={issued} onClose={() => setIssued(null)} />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`actions.${pending.action}`) : ''}
        message={pending ? t(`confirm.${pending.action}`, { username: pending.operator.username }) : undefined}
        confirmLabel={pending ? t(`actions.${pending.action}`) : ''}
        danger={pending?.action !== 'enable'}
        onConfirm={async () => {
          if (!pending) return;
          if (pending.action === 'resetPassword') {
            const reset = await resetOperatorPassword(pending.operator.id);
            setIssued({ username: reset.operator.username, password: reset.oneTimePassword });
          } else await actOnOperator(pending.operator.id, pending.action);
          await queryClient.invalidateQueries({ queryKey: operatorsKey });
        }}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
