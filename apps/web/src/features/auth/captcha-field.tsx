import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field';
import { fetchCaptcha } from './api';

// spec §5: the captcha image refreshes at most once per second.
export function CaptchaField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [image, setImage] = useState('');
  const last = useRef(0);
  const refresh = useCallback(() => {
    if (Date.now() - last.current < 1000) return;
    last.current = Date.now();
    fetchCaptcha()
      .then(setImage)
      .catch(() => setImage(''));
  }, []);
  useEffect(refresh, [refresh]);
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
          {image && <img src={`data:image/png;base64,${image}`} alt={t('auth.captcha')} width={100} height={36} />}
          <RefreshCw size={14} aria-hidden />
        </button>
      }
    />
  );
}
