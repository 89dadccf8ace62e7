import { type AdminVendor, AdminVendorCreateBody } from '@gamehall/shared/api/admin-games';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/form-footer';
import { ApiError } from '../../lib/api-client';
import { fieldMessage, validate } from '../../lib/form-errors';
import { useFormAction } from '../../lib/use-form-action';
import { createVendor, vendorsKey } from './api';
import { SelectField } from './select-field';
import { protocolOptions } from './vendor-dialog';

type AddForm = { code: string; name: string; protocol: string; launchUrl: string };

const EMPTY: AddForm = { code: '', name: '', protocol: 'gamehall', launchUrl: '' };

/** A new vendor: its code, name, wallet protocol and launch address; the rest is set from its row. */
export function AddVendorDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (vendor: AdminVendor) => void;
}) {
  const { t } = useTranslation('games');
  const [form, setForm] = useState<AddForm>(EMPTY);
  const { errors, setErrors, error, busy, reset, run } = useFormAction(vendorsKey);
  const set = (patch: Partial<AddForm>) => setForm({ ...form, ...patch });
  const close = () => {
    setForm(EMPTY);
    reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(AdminVendorCreateBody, form);
    // An empty field is missing rather than too short or malformed.
    const missing = Object.fromEntries(
      (['code', 'name', 'launchUrl'] as const).filter((k) => !form[k].trim()).map((k) => [k, fieldMessage('REQUIRED')]),
    );
    setErrors({ ...checked.errors, ...missing });
    const data = checked.data;
    if (!data) return;
    const outcome: { added?: AdminVendor; taken?: boolean } = {};
    const ok = await run(async () => {
      try {
        outcome.added = await createVendor(data);
      } catch (err) {
        outcome.taken = err instanceof ApiError && err.code === 'VENDOR_EXISTS';
        throw err;
      }
    });
    if (ok && outcome.added) {
      onAdded(outcome.added);
      close();
    } else if (outcome.taken) {
      // The code is the field at fault: say so there rather than under the form.
      reset();
      setErrors({ code: t('vendors.codeTaken') });
    }
  };
  return (
    <Modal open={open} onClose={close} title={t('vendors.add')}>
      <form onSubmit={submit} noValidate data-testid="vendor-add-dialog">
        <p className="mb-3 text-sm text-(--text-muted)">{t('vendors.addNote')}</p>
        <Field
          label={t('fields.code')}
          required
          name="code"
          autoComplete="off"
          spellCheck={false}
          maxLength={16}
          value={form.code}
          error={errors.code}
          hint={t('hints.vendorCode')}
          onChange={(e) => set({ code: e.target.value.toUpperCase() })}
        />
        <Field
          label={t('fields.name')}
          required
          name="name"
          maxLength={60}
          value={form.name}
          error={errors.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <SelectField
          label={t('fields.protocol')}
          value={form.protocol}
          onChange={(protocol) => set({ protocol })}
          options={protocolOptions(t)}
          error={errors.protocol}
        />
        <Field
          label={t('fields.launchUrl')}
          required
          name="launchUrl"
          inputMode="url"
          spellCheck={false}
          value={form.launchUrl}
          error={errors.launchUrl}
          hint={t('hints.launchUrl')}
          onChange={(e) => set({ launchUrl: e.target.value })}
        />
        <FormFooter error={error} busy={busy} onCancel={close} submitLabel={t('vendors.add')} />
      </form>
    </Modal>
  );
}
