import { z } from 'zod';

// The installable app (spec §1 and §2 "app install guide"; docs/pwa.md).

/** W3C web app manifest: the members the site sends (served at /manifest.webmanifest, per brand). */
export const ManifestIcon = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.string(),
  purpose: z.enum(['any', 'maskable']),
});

export const WebAppManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(ManifestIcon),
});
export type WebAppManifest = z.infer<typeof WebAppManifest>;

/**
 * The app download links the /down page may show: a brand resource (MOBILECONFIG, IOS, ANDROID)
 * whose address this server answers or that leads to another site; null when it is not configured
 * or points at a path of this site that nothing serves (so the page never links to a 404).
 */
export const AppDownloads = z.object({
  mobileconfig: z.string().nullable(),
  ios: z.string().nullable(),
  android: z.string().nullable(),
});
export type AppDownloads = z.infer<typeof AppDownloads>;
