import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyLanguage } from '../lib/i18n';
import { pickLanguage } from '../lib/language';
import { configQuery } from '../lib/site-queries';
import { STORAGE_KEYS } from '../lib/storage';

/** spec §4 Language: at start, the stored language if the brand supports it, else EN. */
export function LanguageSync() {
  const config = useQuery(configQuery).data;
  useEffect(() => {
    if (!config) return;
    void applyLanguage(pickLanguage(localStorage.getItem(STORAGE_KEYS.lang), config.supportedLanguages));
  }, [config]);
  return null;
}
