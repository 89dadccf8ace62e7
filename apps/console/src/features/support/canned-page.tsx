import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { cannedQuery, removeCanned, saveCanned, supportKey } from './api';

/** Canned replies the support operators pick from in a conversation. */
export function CannedPage() {
  const { t } = useTranslation('support');
  const queryClient = useQueryClient();
  const list = useQuery(cannedQuery).data ?? [];
  const [editing, setEditing] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: [...supportKey, 'canned'] });
      setEditing(null);
      setTitle('');
      setText('');
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <div>
      <PageHeader title={t('canned.title')} description={t('canned.description')} />
      <form
        className="mb-4 flex max-w-xl flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => saveCanned(editing, { title, text }));
        }}
      >
        <input
          aria-label={t('canned.name')}
          placeholder={t('canned.name')}
          className="rounded border border-(--border) bg-(--surface) px-2 py-1"
          value={title}
          maxLength={60}
          onChange={(e) => setTitle(e.target.value)}
        />
        <textarea
          aria-label={t('canned.text')}
          placeholder={t('canned.text')}
          className="rounded border border-(--border) bg-(--surface) px-2 py-1"
          value={text}
          maxLength={2000}
          onChange={(e) => setText(e.target.value)}
        />
        {error && (
          <p role="alert" className="text-sm text-(--danger)">
            {error}
          </p>
        )}
        <Button type="submit">{editing === null ? t('canned.add') : t('canned.save')}</Button>
      </form>
      <ul className="flex max-w-xl flex-col gap-2">
        {list.map((r) => (
          <li key={r.id} className="rounded border border-(--border) p-2 text-sm">
            <strong>{r.title}</strong>
            <p className="whitespace-pre-wrap">{r.text}</p>
            <span className="mt-1 flex gap-2">
              <Button
                variant="secondary"
                onClick={() => {
                  setEditing(r.id);
                  setTitle(r.title);
                  setText(r.text);
                }}
              >
                {t('canned.edit')}
              </Button>
              <Button variant="secondary" onClick={() => run(() => removeCanned(r.id))}>
                {t('canned.remove')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
