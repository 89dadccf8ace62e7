import type { Resource } from '@gamehall/shared/api/site';
import type { TFunction } from 'i18next';

/**
 * The label of a brand resource (social link, messaging channel, app download) in the reader's
 * language. The server only has an English label: English shows it as configured; another
 * language shows the translation of the resource type where one exists (site.resources.<TYPE>),
 * and the English label otherwise (brand names such as Facebook or Telegram are not translated).
 */
export function resourceLabel(t: TFunction, language: string, resource: Resource): string {
  if (language.toLowerCase().startsWith('en')) return resource.labelNameEn;
  const key = `site.resources.${resource.resourceType.toUpperCase()}`;
  return t(key, { defaultValue: resource.labelNameEn, fallbackLng: [] });
}
