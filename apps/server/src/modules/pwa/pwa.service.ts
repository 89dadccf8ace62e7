import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AppDownloads, WebAppManifest } from '@gamehall/shared/api/pwa';
import type { AppContext } from '../../context';
import { webIndexFile } from '../../http/web-static';
import { type Brand, getBrand } from '../brand/brand.service';
import { resources } from '../site/site.service';
import { webClipProfile } from './mobileconfig';
import { brandInitials, type IconStyle, iconPng, iconSvg, iconVersion } from './pwa-icons';

// The installable app (spec §1 and §2 "app install guide"; docs/pwa.md): the manifest,
// its icons and the iOS profile, all drawn from the brand's settings on each request (the brand
// cache keeps that cheap), so a change in the back office reaches the next install.

/** The path this module serves for the MOBILECONFIG resource (the seed points it here). */
export const MOBILECONFIG_PATH = '/download/mobileconfig';
export const PNG_SIZES = [180, 192, 512] as const;
export type PngSize = (typeof PNG_SIZES)[number];

function iconStyle(brand: Brand, maskable: boolean): IconStyle {
  return {
    initials: brandInitials(brand.siteName),
    background: brand.themeColor,
    foreground: brand.accentColor,
    maskable,
  };
}

/** Chromium and the W3C suggest a short name of at most 12 characters (the home-screen label). */
export function shortName(siteName: string): string {
  const name = siteName.trim();
  if (name.length <= 12) return name;
  const first = name.split(/\s+/)[0] ?? name;
  return first.slice(0, 12);
}

export async function manifest(ctx: AppContext): Promise<WebAppManifest> {
  const brand = await getBrand(ctx.db);
  const v = iconVersion(iconStyle(brand, false));
  const png = (size: number, purpose: 'any' | 'maskable') => ({
    src: `/pwa/icon${purpose === 'maskable' ? '-maskable' : ''}-${size}.png?v=${v}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/',
    name: brand.siteName,
    short_name: shortName(brand.siteName),
    description: `${brand.siteName}: slots, live casino, sports and lottery`,
    lang: brand.defaultLanguage.toLowerCase(),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.themeColor,
    background_color: brand.backgroundColor,
    icons: [
      { src: `/pwa/icon.svg?v=${v}`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: `/pwa/icon-maskable.svg?v=${v}`, sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
      png(192, 'any'),
      png(512, 'any'),
      png(192, 'maskable'),
      png(512, 'maskable'),
    ],
  };
}

export async function svgIcon(ctx: AppContext, maskable: boolean): Promise<string> {
  return iconSvg(iconStyle(await getBrand(ctx.db), maskable));
}

export async function pngIcon(ctx: AppContext, size: PngSize, maskable: boolean): Promise<Buffer> {
  return iconPng(iconStyle(await getBrand(ctx.db), maskable), size);
}

/** The web clip profile for this site's address (the origin the visitor used). */
export async function mobileconfig(ctx: AppContext, origin: string): Promise<{ fileName: string; body: string }> {
  const brand = await getBrand(ctx.db);
  // iOS draws its own rounded corners: the full-bleed (maskable) drawing at 180 px, Apple's size.
  const icon = await iconPng(iconStyle(brand, true), 180);
  const body = webClipProfile({ siteName: brand.siteName, merchantCode: brand.merchantCode, origin, icon });
  const fileName = `${brand.siteName.replace(/[^A-Za-z0-9_-]+/g, '') || 'app'}.mobileconfig`;
  return { fileName, body };
}

/**
 * Whether a resource's address answers: another site's http(s) address is the operator's (an app
 * store, an APK host); on this site only the paths this module serves and the files of the web
 * build do. Anything else would be the site's page for an unknown path, so it is not linked.
 */
export function isServed(url: string, webDist = path.dirname(webIndexFile)): boolean {
  if (/^https?:\/\//i.test(url)) return true;
  if (!url.startsWith('/') || url.startsWith('//')) return false;
  const pathname = url.split(/[?#]/)[0] ?? '';
  if (pathname === MOBILECONFIG_PATH) return true;
  if (pathname === '/' || pathname.endsWith('/')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const file = path.normalize(path.join(webDist, decoded));
  return (
    file.startsWith(`${webDist}${path.sep}`) && existsSync(file) && statSync(file).isFile() && file !== webIndexFile
  );
}

export async function appDownloads(ctx: AppContext): Promise<AppDownloads> {
  const list = await resources(ctx);
  const find = (type: string) => {
    const r = list.find((x) => x.resourceType.toUpperCase() === type);
    return r && isServed(r.url) ? r.url : null;
  };
  return { mobileconfig: find('MOBILECONFIG'), ios: find('IOS'), android: find('ANDROID') };
}
