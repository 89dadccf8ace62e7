import { useEffect, useState } from 'react';
import { fetchObjectUrl } from './api-client';

/**
 * A private file (a proof, a KYC document, a chat or feedback image) as an object URL: fetched with
 * the operator's token, revoked when the component unmounts or the path changes, including when
 * the fetch ends after that. `failed` once the server refused it.
 */
export function useObjectUrl(path: string): { src: string; failed: boolean } {
  const [src, setSrc] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let url = '';
    let live = true;
    setSrc('');
    setFailed(false);
    fetchObjectUrl(path).then(
      (u) => {
        url = u;
        if (live) setSrc(u);
        else URL.revokeObjectURL(u);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return { src, failed };
}
