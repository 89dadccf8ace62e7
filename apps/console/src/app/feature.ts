import type { Permission } from '@gamehall/shared/api/permissions';
import type { LucideIcon } from 'lucide-react';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A screen of a feature: its path under /console/ and the permission an operator needs to open it;
 * null for a screen every signed-in operator opens, which shows each one only what they may see.
 */
export type ConsoleRoute = {
  /** Path relative to /console/, e.g. 'cashier/deposits' or 'cashier/deposits/:reference'. */
  path: string;
  permission: Permission | null;
  page: LazyExoticComponent<ComponentType>;
};

/** A menu entry: shown only to an operator who holds `permission` (null: to every operator). `label` is a key of the area's namespace. */
export type ConsoleMenuEntry = {
  path: string;
  label: string;
  icon: LucideIcon;
  permission: Permission | null;
};

/**
 * A tab a feature adds to the member page (features do not import each other, so the members feature
 * finds these through the registry): shown only to an operator who holds `permission`. `label` is a
 * key of the contributing area's namespace; `panel` a lazy component given the member's id.
 */
export type ConsoleMemberTab = {
  value: string;
  label: string;
  permission: Permission;
  panel: LazyExoticComponent<ComponentType<{ memberId: number }>>;
};

/**
 * What a feature folder exports from its `routes.ts` as `feature`: the area name is also the
 * i18n namespace (locales/en/<area>.json) and the menu group's label key `menu.title` in it.
 */
export type ConsoleFeature = {
  area: string;
  menu: ConsoleMenuEntry[];
  routes: ConsoleRoute[];
  memberTabs?: ConsoleMemberTab[];
};

/** A lazy page from a module's named export: `lazyPage(() => import('./deposits-page'), 'DepositsPage')`. */
// biome-ignore lint/suspicious/noExplicitAny: any component's props
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
