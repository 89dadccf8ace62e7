import { type AdminHelpCategory, AdminHelpCategoryBody } from '@gamehall/shared/api/admin-content';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import { fieldMessage, validate } from '../../lib/form-errors';
import {
  addHelpCategory,
  contentKey,
  helpCategoriesKey,
  helpCategoriesQuery,
  orderHelpCategories,
  removeHelpCategory,
  renameHelpCategory,
} from './api';

// The help centre's categories as a list: added, renamed (the articles follow), moved up and down
// (the help centre shows them in this order) and removed. A category its articles still use is
// removed only after a confirmation that names how many there are and where they move.

const INPUT =
  'min-w-0 flex-1 rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-1.5 text-sm text-(--text) focus:border-(--accent) focus:outline-none';

function CategoryRow({
  category,
  index,
  count,
  busy,
  onRename,
  onMove,
  onRemove,
}: {
  category: AdminHelpCategory;
  index: number;
  count: number;
  busy: boolean;
  onRename: (name: string) => Promise<boolean>;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('content');
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name === null) return;
    const checked = validate(AdminHelpCategoryBody, { name });
    if (!checked.data) return setError(checked.errors.name ?? fieldMessage('INVALID'));
    setError('');
    if (await onRename(checked.data.name)) setName(null);
  };
  return (
    <li className="py-2" data-category={category.name}>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-wrap items-center gap-2">
        {name === null ? (
          <span className="min-w-0 flex-1 text-sm">
            <span className="font-medium">{category.name}</span>{' '}
            <span className="text-xs text-(--text-muted)">
              {t('helpCategories.articles', { count: category.articles })}
            </span>
          </span>
        ) : (
          <input
            aria-label={t('helpCategories.newName', { name: category.name })}
            aria-invalid={Boolean(error)}
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            className={INPUT}
          />
        )}
        {name === null ? (
          <Button variant="ghost" className="px-2 py-1 text-xs" disabled={busy} onClick={() => setName(category.name)}>
            {t('helpCategories.rename')}
            <span className="sr-only"> {category.name}</span>
          </Button>
        ) : (
          <>
            <Button type="submit" className="px-2 py-1 text-xs" disabled={busy}>
              {t('common.save', { ns: 'core' })}
            </Button>
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              onClick={() => {
                setName(null);
                setError('');
              }}
            >
              {t('common.cancel', { ns: 'core' })}
            </Button>
          </>
        )}
        <Button
          variant="ghost"
          className="px-2 py-1 text-xs"
          disabled={busy || index === 0}
          aria-label={t('actions.up', { title: category.name })}
          onClick={() => onMove(index - 1)}
        >
          ↑
        </Button>
        <Button
          variant="ghost"
          className="px-2 py-1 text-xs"
          disabled={busy || index === count - 1}
          aria-label={t('actions.down', { title: category.name })}
          onClick={() => onMove(index + 1)}
        >
          ↓
        </Button>
        <Button variant="ghost" className="px-2 py-1 text-xs" disabled={busy} onClick={onRemove}>
          {t('actions.delete')}
          <span className="sr-only"> {category.name}</span>
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-1 text-xs text-(--danger)">
          {error}
        </p>
      )}
    </li>
  );
}

export function HelpCategories() {
  const { t } = useTranslation('content');
  const id = useId();
  const client = useQueryClient();
  const categories = useQuery(helpCategoriesQuery);
  const list = categories.data ?? [];
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<AdminHelpCategory | null>(null);
  const [moveTo, setMoveTo] = useState('');

  // A rename or a removal changes the articles' category too: their grid is read again.
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: helpCategoriesKey });
    await client.invalidateQueries({ queryKey: contentKey('help') });
  };

  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError('');
    try {
      await action();
      await refresh();
      return true;
    } catch (err) {
      setError(errorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(AdminHelpCategoryBody, { name: adding });
    if (!checked.data) return setAddError(checked.errors.name ?? fieldMessage('INVALID'));
    const name = checked.data.name;
    setAddError('');
    if (await run(() => addHelpCategory(name))) setAdding('');
  };

  const move = (from: number, to: number) => {
    const ids = list.map((c) => c.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    void run(() => orderHelpCategories(ids));
  };

  const remove = (category: AdminHelpCategory) => {
    if (category.articles === 0) {
      void run(() => removeHelpCategory(category.id, null));
      return;
    }
    setMoveTo('');
    setRemoving(category);
  };

  const targets = list.filter((c) => c.id !== removing?.id);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-6 rounded-lg border border-(--border) bg-(--surface-raised) p-4"
      data-testid="help-categories"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('helpCategories.title')}
      </h2>
      <p className="mb-3 text-sm text-(--text-muted)">{t('helpCategories.description')}</p>
      {categories.error && (
        <p role="alert" className="mb-2 text-sm text-(--danger)">
          {errorMessage(categories.error)}
        </p>
      )}
      {categories.data && list.length === 0 && (
        <p className="text-sm text-(--text-muted)">{t('helpCategories.empty')}</p>
      )}
      <ol className="divide-y divide-(--border)">
        {list.map((c, i) => (
          <CategoryRow
            key={c.id}
            category={c}
            index={i}
            count={list.length}
            busy={busy}
            onRename={(name) => run(() => renameHelpCategory(c.id, name))}
            onMove={(to) => move(i, to)}
            onRemove={() => remove(c)}
          />
        ))}
      </ol>
      {error && (
        <p role="alert" className="mt-2 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <form onSubmit={(e) => void add(e)} noValidate className="mt-3 flex flex-wrap items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col">
          <input
            aria-label={t('helpCategories.name')}
            placeholder={t('helpCategories.name')}
            aria-invalid={Boolean(addError)}
            value={adding}
            maxLength={80}
            onChange={(e) => setAdding(e.target.value)}
            className={INPUT}
          />
          {addError && (
            <p role="alert" className="mt-1 text-xs text-(--danger)">
              {addError}
            </p>
          )}
        </div>
        <Button type="submit" className="px-3 py-1.5 text-sm" disabled={busy}>
          {t('helpCategories.add')}
        </Button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title={t('helpCategories.removeTitle', { name: removing?.name ?? '' })}
        message={
          <>
            <p className="mb-3">{t('helpCategories.removeUsed', { count: removing?.articles ?? 0 })}</p>
            {targets.length === 0 ? (
              <p>{t('helpCategories.noTarget')}</p>
            ) : (
              <label className="grid gap-1 text-sm font-medium" htmlFor={`${id}-move`}>
                {t('helpCategories.moveTo')}
                <select
                  id={`${id}-move`}
                  value={moveTo}
                  onChange={(e) => setMoveTo(e.target.value)}
                  className="rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-2 text-sm"
                >
                  <option value="">{t('helpCategories.chooseTarget')}</option>
                  {targets.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </>
        }
        confirmLabel={t('helpCategories.removeAndMove')}
        confirmDisabled={moveTo === ''}
        danger
        onConfirm={async () => {
          if (!removing || moveTo === '') return;
          await removeHelpCategory(removing.id, Number(moveTo));
          await refresh();
        }}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
