import type { AdminFeedbackItem } from '@gamehall/shared/api/messages';
import { Button } from '@gamehall/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyNote, PageSteps, QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { useObjectUrl } from '../../lib/use-object-url';
import { answerFeedback, feedbackQuery, messagesKey } from './api';

/** Members' feedback: the open ones to answer (the answer arrives in the member's inbox) and the answered. */
export function FeedbackPage() {
  const { t } = useTranslation('messages');
  const [status, setStatus] = useState<'open' | 'answered'>('open');
  const [page, setPage] = useState(1);
  const list = useQuery(feedbackQuery(status, page));
  return (
    <div>
      <PageHeader title={t('feedback.title')} description={t('feedback.description')} />
      <fieldset className="mb-3 flex gap-2">
        <legend className="sr-only">{t('feedback.title')}</legend>
        {(['open', 'answered'] as const).map((s) => (
          <Button
            key={s}
            variant={s === status ? 'primary' : 'ghost'}
            aria-pressed={s === status}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
          >
            {t(`feedback.${s}`)}
          </Button>
        ))}
      </fieldset>
      <QueryErrorAlert error={list.error} />
      <EmptyNote show={list.data?.content.length === 0}>{t('feedback.none')}</EmptyNote>
      <ul className="grid gap-3">
        {list.data?.content.map((f) => (
          <FeedbackCard key={f.id} item={f} />
        ))}
      </ul>
      <PageSteps
        page={page}
        pages={list.data?.totalPages ?? 1}
        previousLabel={t('feedback.previous')}
        nextLabel={t('feedback.next')}
        onPage={setPage}
      />
    </div>
  );
}

function FeedbackImage({ id }: { id: number }) {
  const { src } = useObjectUrl(`/admin/feedback/images/${id}`);
  return src ? <img src={src} alt="" className="h-24 w-24 rounded border border-(--border) object-cover" /> : null;
}

function FeedbackCard({ item }: { item: AdminFeedbackItem }) {
  const { t } = useTranslation('messages');
  const client = useQueryClient();
  const [answer, setAnswer] = useState('');
  const send = useMutation({
    mutationFn: () => answerFeedback(item.id, answer.trim()),
    onSettled: () => void client.invalidateQueries({ queryKey: messagesKey }),
  });
  return (
    <li className="rounded-lg border border-(--border) bg-(--surface-raised) p-3 text-sm" data-testid="feedback-card">
      <p className="mb-1 text-xs text-(--text-muted)">
        {/* A visitor has no account: the e-mail the answer is mailed to stands in. */}#{item.id} ·{' '}
        {item.username ?? `${t('feedback.visitor')} ${item.contactEmail ?? ''}`} · {item.questionType} ·{' '}
        {new Date(item.createdAt).toLocaleString()}
      </p>
      <p className="whitespace-pre-wrap">{item.content}</p>
      {item.imageIds.length > 0 && (
        <div className="mt-2 flex gap-2">
          {item.imageIds.map((id) => (
            <FeedbackImage key={id} id={id} />
          ))}
        </div>
      )}
      {item.answer !== null ? (
        <p className="mt-2 whitespace-pre-wrap border-l-2 border-(--accent) pl-2">
          {item.answer}
          <span className="block text-xs text-(--text-muted)">
            {item.answeredBy} · {item.answeredAt && new Date(item.answeredAt).toLocaleString()}
          </span>
        </p>
      ) : (
        <form
          className="mt-2 grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (answer.trim()) send.mutate();
          }}
        >
          <textarea
            className="w-full rounded border border-(--border) bg-(--surface) px-2 py-1"
            rows={3}
            aria-label={t('feedback.answer')}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
          />
          {send.error && (
            <p role="alert" className="text-(--danger)">
              {errorMessage(send.error)}
            </p>
          )}
          <Button type="submit" disabled={send.isPending || !answer.trim()}>
            {t('feedback.send')}
          </Button>
        </form>
      )}
    </li>
  );
}
