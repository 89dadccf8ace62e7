import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captchaRefreshDelay } from './captcha-refresh';
import { Field } from './field';

/**
 * The image captcha of spec §4 and §5. The server spends an answer on every attempt, so the form
 * bumps `reload` after each refused submit and a new image loads. Refreshes (clicks and reloads)
 * come at most once a second: one asked for sooner waits for the second to pass instead of being
 * refused by the server.
 */
export function CaptchaField({
  fetchImage,
  value,
  onChange,
  error,
  reload = 0,
}: {
  /** Loads a new image (GET /wps/captcha): the base64 PNG. */
  fetchImage: () => Promise<string>;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  reload?: number;
}) {
  const { t } = useTranslation();
  const [image, setImage] = useState('');
  const lastAt = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = useCallback(() => {
    if (pending.current) return;
    const load = () => {
      pending.current = null;
      lastAt.current = Date.now();
      fetchImage()
        .then(setImage)
        .catch(() => setImage(''))
        .finally(() => {
          // The server counts its second from when it answered, which is later than the request
          // left: counted from the request, a refresh could come a few ms early and be refused.
          lastAt.current = Date.now();
        });
    };
    const delay = captchaRefreshDelay(lastAt.current, Date.now());
    if (delay === 0) load();
    else pending.current = setTimeout(load, delay);
  }, [fetchImage]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` is the signal to load a new image
  useEffect(refresh, [refresh, reload]);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
      pending.current = null;
    },
    [],
  );
  return (
    <Field
      label={t('auth.captcha')}
      required
      name="captcha"
      autoComplete="off"
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
      suffix={
        <button
          type="button"
          onClick={refresh}
          aria-label={t('auth.refreshCaptcha')}
          className="flex items-center gap-1 rounded border border-(--text-muted)/40 px-1"
        >
          {image && <img src={`data:image/png;base64,${image}`} alt={t('auth.captcha')} width={120} height={42} />}
          <RefreshCw size={14} aria-hidden />
        </button>
      }
    />
  );
}
