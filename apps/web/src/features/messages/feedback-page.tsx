import { FEEDBACK_MAX_IMAGES, FEEDBACK_QUESTION_TYPES, type FeedbackListValue } from '@gamehall/shared/api/messages';
import { countWords } from '@gamehall/shared/words';
import { Button } from '@gamehall/ui/button';
import { CaptchaField } from '@gamehall/ui/captcha-field';
import { Field } from '@gamehall/ui/field';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatTime } from '../../components/format-time';
import { Pager } from '../../components/pager';
import { ApiError } from '../../lib/api-client';
import { reasonMessage } from '../../lib/form-messages';
import { useSession } from '../../lib/session';
import { feedbackBoundsQuery, feedbackQuery, fetchCaptcha, sendFeedback } from './api';

type FeedbackList = z.infer<typeof FeedbackListValue>;

// Feedback and complaints (spec §3, §5): question type, a text within the brand's bounds, up to 3
// png or jpg images; the member's list with status, and the operator's answer (which also arrives
// in the inbox).
export function FeedbackPage() {
  return <FeedbackForm />;
}

/**
 * The footer's /feedback: anyone may write (spec: feedback is not members-only). A visitor gives
 * the e-mail the answer is mailed to and answers the site's captcha; a member sees their own list.
 */
export function PublicFeedbackPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <FeedbackForm />
    </div>
  );
}

function FeedbackForm() {
  const { t } = useTranslation();
  const { token, isTrial } = useSession();
  // A trial account has no member centre: it writes as a visitor does (the server agrees).
  const visitor = !token || isTrial;
  const [email, setEmail] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaReload, setCaptchaReload] = useState(0);
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [questionType, setQuestionType] = useState<string>(FEEDBACK_QUESTION_TYPES[0]);
  const [content, setContent] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  // What was sent: a member's answer comes to their messages, a visitor's to the e-mail they gave.
  const [sent, setSent] = useState<{ email: string | null } | null>(null);
  const bounds = useQuery(feedbackBoundsQuery()).data;
  const list = useQuery({ ...feedbackQuery(token, page), enabled: !visitor });
  const send = useMutation({
    mutationFn: sendFeedback,
    onMutate: () => {
      setError(null);
      setSent(null);
    },
    onSuccess: (_, body) => {
      setSent({ email: body.visitor?.email ?? null });
      setCaptcha('');
      setContent('');
      setImages([]);
      setPage(1);
    },
    onError: (err) => {
      // The server spends a captcha answer on every try: a new image for the next.
      if (visitor) {
        setCaptcha('');
        setCaptchaReload((n) => n + 1);
      }
      const field =
        err instanceof ApiError ? (err.value?.fields as Record<string, string> | undefined)?.email : undefined;
      setError(
        field
          ? reasonMessage(t, field, 'email')
          : err instanceof ApiError
            ? t(`errors.${err.code}`, { defaultValue: err.message })
            : String(err),
      );
    },
    onSettled: () => void client.invalidateQueries({ queryKey: ['messages', 'feedback'] }),
  });
  const words = countWords(content);
  const tooShort = bounds ? words < bounds.minWords : words === 0;
  const tooLong = bounds ? words > bounds.maxWords || [...content.trim()].length > bounds.maxCharacters : false;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (tooShort || tooLong) {
      setError(t('messages.feedback.words', { min: bounds?.minWords ?? 1, max: bounds?.maxWords ?? '' }));
      return;
    }
    if (visitor && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError(t('validation.email'));
      return;
    }
    if (visitor && !captcha.trim()) {
      setError(t('validation.captcha'));
      return;
    }
    send.mutate({
      questionType,
      content: content.trim(),
      images,
      ...(visitor ? { visitor: { email: email.trim(), captcha: captcha.trim() } } : {}),
    });
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
            maxLength={bounds?.maxCharacters}
            data-testid="feedback-content"
          />
          {bounds && (
            <span className="text-xs text-(--text-muted)">
              {t('messages.feedback.words', { min: bounds.minWords, max: bounds.maxWords })} ({words})
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
        {visitor && (
          <>
            <Field
              label={t('register.fields.email')}
              required
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              data-testid="feedback-email"
            />
            <CaptchaField fetchImage={fetchCaptcha} value={captcha} onChange={setCaptcha} reload={captchaReload} />
          </>
        )}
        {error && (
          <p role="alert" className="text-sm text-(--danger)">
            {error}
          </p>
        )}
        {sent && (
          <p role="status" className="text-sm text-(--success)" data-testid="feedback-sent">
            {sent.email === null
              ? t('messages.feedback.sent')
              : t('messages.feedback.sentByEmail', { email: sent.email })}
          </p>
        )}
        <Button type="submit" disabled={send.isPending} data-testid="feedback-submit">
          {t('messages.feedback.submit')}
        </Button>
      </form>
      {!visitor && <MyFeedback list={list.data} page={page} setPage={setPage} />}
    </div>
  );
}

function MyFeedback({
  list,
  page,
  setPage,
}: {
  list: FeedbackList | undefined;
  page: number;
  setPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="mb-3 font-semibold">{t('messages.feedback.mine')}</h2>
      {list && list.content.length === 0 && <p className="text-(--text-muted)">{t('messages.feedback.none')}</p>}
      <ul className="flex flex-col gap-3" data-testid="feedback-list">
        {list?.content.map((f) => (
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
      {list && (
        <Pager page={page} totalPages={list.totalPages} onChange={setPage} label={t('messages.feedback.mine')} />
      )}
    </>
  );
}
