import { useEffect, useState } from 'react';
import { normaliseQrOptions } from '../lib/qr-options';

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
