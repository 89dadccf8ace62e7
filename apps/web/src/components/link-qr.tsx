import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors';
import { normaliseQrOptions } from '../lib/qr-options';
import { CopyValue } from './copy-value';

/**
 * A link's QR code (the agent's referral link, a member's invite link), drawn in the browser with
 * the site's qrcode library at the spec §9 defaults (correction M) and 200 px; qrcode's margin
 * counts modules. `failedText` replaces it when drawing fails.
 */
export function LinkQr({
  link,
  alt,
  caption,
  failedText,
  testId,
}: {
  link: string;
  alt: string;
  caption: string;
  failedText: string;
  testId: string;
}) {
  const [src, setSrc] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const o = normaliseQrOptions({ size: 200, margin: 20 });
    setFailed(false);
    import('qrcode')
      .then(({ toDataURL }) =>
        toDataURL(link, { width: o.size, margin: Math.round(o.margin / 5), errorCorrectionLevel: o.correctLevel }),
      )
      .then(setSrc)
      .catch(() => {
        setSrc('');
        setFailed(true);
      });
  }, [link]);
  if (failed)
    return (
      <p role="alert" className="mb-4 text-(--danger)">
        {failedText}
      </p>
    );
  return (
    <figure className="shrink-0 rounded-xl bg-white p-3 text-center text-sm text-black">
      {src ? (
        <img src={src} alt={alt} width={200} height={200} data-testid={testId} />
      ) : (
        <div className="size-[200px]" />
      )}
      <figcaption className="mt-1">{caption}</figcaption>
    </figure>
  );
}

/**
 * A link to share (the agent's referral link, a member's invite link): the link and its code, each
 * with a copy button, a hint under them and the link's QR code beside them. The caller gives the
 * texts in its own keys and the test ids.
 */
export function LinkShare({
  link,
  code,
  texts,
  testIds,
}: {
  link: string;
  code: string;
  texts: {
    link: string;
    code: string;
    hint: string;
    copy: (label: string) => string;
    copied: string;
    qrAlt: string;
    qrCaption: string;
  };
  testIds: { link: string; code: string; qr: string };
}) {
  const { t } = useTranslation();
  const copy = (label: string, value: string, testId: string) => (
    <CopyValue
      layout="card"
      label={label}
      value={value}
      testId={testId}
      copyLabel={texts.copy(label)}
      copiedText={texts.copied}
    />
  );
  return (
    <div className="flex flex-col gap-6 md:flex-row md:items-start">
      <dl className="min-w-0 flex-1 space-y-3">
        {copy(texts.link, link, testIds.link)}
        {copy(texts.code, code, testIds.code)}
        <p className="text-sm text-(--text-muted)">{texts.hint}</p>
      </dl>
      <LinkQr
        link={link}
        alt={texts.qrAlt}
        caption={texts.qrCaption}
        failedText={errorMessage(t, null)}
        testId={testIds.qr}
      />
    </div>
  );
}
