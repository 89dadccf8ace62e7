import type { AdminGameMenus, AdminGameMenusBody } from '@gamehall/shared/api/admin-games';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { useCan } from '../../lib/session';
import { menusKey, menusQuery, saveMenus } from './api';
import { STATUS_TONES } from './status-tones';

type Menu = AdminGameMenus['list'];

/** `list` with the item at `index` moved by one place (unchanged at either end). */
function moved<T>(list: T[], index: number, by: -1 | 1): T[] {
  const j = index + by;
  if (j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[index], next[j]] = [next[j] as T, next[index] as T];
  return next;
}

function bodyOf(menu: Menu): AdminGameMenusBody {
  return {
    categories: menu.map((c) => ({
      gameType: c.gameType,
      enabled: c.enabled,
      vendors: c.vendors.map((v) => ({ code: v.code, enabled: v.enabled })),
    })),
  };
}

/**
 * The site's game menu: the categories in order, each with its
 * vendors in order, either switched off. Changes are a draft until saved as a whole; the player
 * site's menu follows at its next call.
 */
export function MenusPage() {
  const { t } = useTranslation('games');
  const writable = useCan()('games.write');
  const queryClient = useQueryClient();
  const menus = useQuery(menusQuery);
  const [draft, setDraft] = useState<Menu | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (menus.data && draft === null) setDraft(menus.data);
  }, [menus.data, draft]);

  const menu = draft ?? menus.data ?? [];
  const dirty = menus.data !== undefined && JSON.stringify(bodyOf(menu)) !== JSON.stringify(bodyOf(menus.data));
  const change = (next: Menu) => {
    setDraft(next);
    setSaved(false);
  };
  const changeCategory = (index: number, patch: (c: Menu[number]) => Menu[number]) =>
    change(menu.map((c, i) => (i === index ? patch(c) : c)));

  const save = async () => {
    setBusy(true);
    setError('');
    try {
      const value = await saveMenus(bodyOf(menu));
      queryClient.setQueryData(menusKey, value.list);
      setDraft(value.list);
      setSaved(true);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <PageHeader title={t('menus.title')} description={t('menus.description')} />
      {(error || menus.error) && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error || errorMessage(menus.error)}
        </p>
      )}
      {writable && (
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <Button onClick={() => void save()} disabled={!dirty || busy}>
            {t('common.save', { ns: 'core' })}
          </Button>
          <Button variant="ghost" onClick={() => change(menus.data ?? [])} disabled={!dirty || busy}>
            {t('menus.undo')}
          </Button>
          <span role="status" className="text-sm text-(--text-muted)">
            {dirty ? t('menus.unsaved') : saved ? t('common.saved', { ns: 'core' }) : ''}
          </span>
        </div>
      )}
      {menus.isPending && <p className="text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>}
      <ol className="flex flex-col gap-4">
        {menu.map((category, ci) => (
          <li key={category.gameType}>
            <section
              aria-labelledby={`menu-${category.gameType}`}
              className="rounded-lg border border-(--border) bg-(--surface-raised) p-3"
            >
              <div className="mb-2 flex flex-wrap items-center gap-3">
                <h2 id={`menu-${category.gameType}`} className="font-semibold">
                  {ci + 1}. {t(`menus.category.${category.gameType}`, { defaultValue: category.gameType })}
                </h2>
                <StatusBadge
                  label={category.enabled ? t('menus.shown') : t('menus.off')}
                  tone={category.enabled ? 'success' : 'muted'}
                />
                {writable && (
                  <div className="ml-auto flex flex-wrap items-center gap-1">
                    <label className="mr-2 flex items-center gap-1 text-sm">
                      <input
                        type="checkbox"
                        checked={category.enabled}
                        onChange={(e) => changeCategory(ci, (c) => ({ ...c, enabled: e.target.checked }))}
                      />
                      {t('menus.showCategory', { name: category.gameType })}
                    </label>
                    <Button
                      variant="ghost"
                      className="px-2 py-1 text-xs"
                      aria-label={t('menus.up', { name: category.gameType })}
                      disabled={ci === 0}
                      onClick={() => change(moved(menu, ci, -1))}
                    >
                      <ArrowUp size={14} aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-2 py-1 text-xs"
                      aria-label={t('menus.down', { name: category.gameType })}
                      disabled={ci === menu.length - 1}
                      onClick={() => change(moved(menu, ci, 1))}
                    >
                      <ArrowDown size={14} aria-hidden />
                    </Button>
                  </div>
                )}
              </div>
              <PlainTable
                caption={t('menus.vendorsOf', { name: category.gameType })}
                collapse
                columns={[
                  { label: t('fields.vendor') },
                  { label: t('menus.vendorStatus') },
                  { label: t('menus.activeGames'), numeric: true },
                  { label: t('menus.inMenu') },
                  writable && { label: t('common.actions', { ns: 'core' }) },
                ]}
              >
                {category.vendors.map((v, vi) => (
                  <tr key={v.code} className="border-b border-(--border) last:border-b-0">
                    <td className="px-3 py-2">
                      <span className="font-semibold">{v.name}</span>
                      <span className="block text-xs text-(--text-muted)">{v.code}</span>
                    </td>
                    <td className="px-3 py-2">
                      <StatusBadge
                        label={t(`statuses.${v.vendorStatus}`)}
                        tone={STATUS_TONES[v.vendorStatus] ?? 'muted'}
                      />
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {v.activeGameCount} / {v.listedGameCount}
                    </td>
                    <td className="px-3 py-2">
                      {writable ? (
                        <label className="flex items-center gap-1">
                          <input
                            type="checkbox"
                            checked={v.enabled}
                            onChange={(e) =>
                              changeCategory(ci, (c) => ({
                                ...c,
                                vendors: c.vendors.map((x) =>
                                  x.code === v.code ? { ...x, enabled: e.target.checked } : x,
                                ),
                              }))
                            }
                          />
                          <span className="sr-only">
                            {t('menus.showVendor', { vendor: v.name, category: category.gameType })}
                          </span>
                          <span aria-hidden>{v.enabled ? t('menus.shown') : t('menus.off')}</span>
                        </label>
                      ) : v.enabled ? (
                        t('menus.shown')
                      ) : (
                        t('menus.off')
                      )}
                    </td>
                    {writable && (
                      <td className="px-3 py-2">
                        <div className="flex gap-1">
                          <Button
                            variant="ghost"
                            className="px-2 py-1 text-xs"
                            aria-label={t('menus.vendorUp', { vendor: v.name, category: category.gameType })}
                            disabled={vi === 0}
                            onClick={() => changeCategory(ci, (c) => ({ ...c, vendors: moved(c.vendors, vi, -1) }))}
                          >
                            <ArrowUp size={14} aria-hidden />
                          </Button>
                          <Button
                            variant="ghost"
                            className="px-2 py-1 text-xs"
                            aria-label={t('menus.vendorDown', { vendor: v.name, category: category.gameType })}
                            disabled={vi === category.vendors.length - 1}
                            onClick={() => changeCategory(ci, (c) => ({ ...c, vendors: moved(c.vendors, vi, 1) }))}
                          >
                            <ArrowDown size={14} aria-hidden />
                          </Button>
                        </div>
                      </td>
                    )}
                  </tr>
                ))}
              </PlainTable>
            </section>
          </li>
        ))}
      </ol>
    </div>
  );
}
