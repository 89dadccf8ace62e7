import { FEEDBACK_MAX_IMAGES, FEEDBACK_QUESTION_TYPES } from '@gamehall/shared/api/messages';
import { Button } from '@gamehall/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format-time';
import { Pager } from '../../components/pager';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { feedbackBoundsQuery, feedbackQuery, sendFeedback } from './api';

// Feedback and complaints (spec §3, §5): question type, a text within the brand's bounds, up to 3
// png or jpg images; the member's list with status, and the operator's answer (which also arrives
// in the inbox).
export function FeedbackPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [questionType, setQuestionType] = useState<string>(FEEDBACK_QUESTION_TYPES[0]);
  const [content, setContent] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const bounds = useQuery(feedbackBoundsQuery()).data;
  const list = useQuery(feedbackQuery(token, page));
  const send = useMutation({
    mutationFn: sendFeedback,
    onMutate: () => {
      setError(null);
      setSent(false);
    },
    onSuccess: () => {
      setSent(true);
      setContent('');
      setImages([]);
      setPage(1);
    },
    onError: (err) =>
      setError(err instanceof ApiError ? t(`errors.${err.code}`, { defaultValue: err.message }) : String(err)),
    onSettled: () => void client.invalidateQueries({ queryKey: ['messages', 'feedback'] }),
  });
  const length = [...content.trim()].length;
  const tooShort = bounds ? length < bounds.minLength : length === 0;
  const tooLong = bounds ? length > bounds.maxLength : false;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (tooShort || tooLong) {
      setError(t('messages.feedback.length', { min: bounds?.minLength ?? 1, max: bounds?.maxLength ?? '' }));
      return;
    }
    send.mutate({ questionType, content: content.trim(), images });
  };
  return (
    <div>
      <h1 className="mb-6 text-xl font-bold">{t('messages.feedback.title')}</h1>
      <form onSubmit={submit} className="mb-8 flex max-w-xl flex-col gap-3 rounded-lg bg-(--surface) p-4" noValidate>
        <label className="flex flex-col gap-1 text-sm">
          {t('messages.feedback.questionType')}
          <select
            className="rounded border border-(--text-muted)/40 bg-(--bg) px-2 py-2"
            value={questionType}
            onChange={(e) => setQuestionType(e.target.value)}
            data-testid="feedback-type"
          >
            {FEEDBACK_QUESTION_TYPES.map((q) => (
              <option key={q} value={q}>
                {t(`messages.feedback.types.${q}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('messages.feedback.content')}
          <textarea
            className="min-h-32 rounded border border-(--text-muted)/40 bg-(--bg) p-2"
            value={content}
            onChange={(e) => setContent(e.target.value)}
            maxLength={bounds?.maxLength}
            data-testid="feedback-content"
          />
          {bounds && (
            <span className="text-xs text-(--text-muted)">
              {t('messages.feedback.length', { min: bounds.minLength, max: bounds.maxLength })} ({length})
            </span>
          )}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('messages.feedback.images', { max: FEEDBACK_MAX_IMAGES })}
          <input
            type="file"
            accept="image/png,image/jpeg"
            multiple
            onChange={(e) => setImages([...(e.target.files ?? [])].slice(0, FEEDBACK_MAX_IMAGES))}
            data-testid="feedback-images"
          />
        </label>
        {error && (
          <p role="alert" className="text-sm text-(--danger)">
            {error}
          </p>
        )}
        {sent && (
          <p role="status" className="text-sm text-(--success)" data-testid="feedback-sent">
            {t('messages.feedback.sent')}
          </p>
        )}
        <Button type="submit" disabled={send.isPending} data-testid="feedback-submit">
          {t('messages.feedback.submit')}
        </Button>
      </form>
      <h2 className="mb-3 font-semibold">{t('messages.feedback.mine')}</h2>
      {list.data && list.data.content.length === 0 && (
        <p className="text-(--text-muted)">{t('messages.feedback.none')}</p>
      )}
      <ul className="flex flex-col gap-3" data-testid="feedback-list">
        {list.data?.content.map((f) => (
          <li key={f.id} className="rounded-lg bg-(--surface) p-3 text-sm" data-testid="feedback-item">
            <div className="mb-1 flex flex-wrap justify-between gap-2 text-xs text-(--text-muted)">
              <span>
                {t(`messages.feedback.types.${f.questionType}`)} · {formatTime(f.createdAt)}
              </span>
              <span data-testid="feedback-status">{t(`messages.feedback.status.${f.status}`)}</span>
            </div>
            <p className="whitespace-pre-wrap">{f.content}</p>
            {f.answer && (
              <p className="mt-2 whitespace-pre-wrap border-l-2 border-(--accent) pl-2">
                <span className="font-semibold">{t('messages.feedback.answer')}: </span>
                {f.answer}
              </p>
            )}
          </li>
        ))}
      </ul>
      {list.data && (
        <Pager page={page} totalPages={list.data.totalPages} onChange={setPage} label={t('messages.feedback.mine')} />
      )}
    </div>
  );
}
