import {
  type AdminAnnouncement,
  AdminAnnouncementBody,
  type AdminBanner,
  AdminBannerBody,
  type AdminHelpArticle,
  AdminHelpBody,
  type AdminNotice,
  AdminNoticeBody,
} from '@gamehall/shared/api/admin-content';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_TYPES, BANNER_GROUPS } from '@gamehall/shared/constants';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridFilter } from '../../components/data-grid';
import { formatDateTime, formatDateTimeIn } from '../../lib/format';
import { useMe } from '../../lib/session';
import { helpCategoriesQuery } from './api';
import {
  ContentScreen,
  type FieldSpec,
  type FormValues,
  isoOrNull,
  orNull,
  startsAtBody,
  toLocalInput,
} from './content-screen';

import { HelpCategories } from './help-categories';

// The four content screens: what each kind's grid shows and its form asks.

type Placement = { language: string | null; sort: number; enabled: boolean };

/** An item's language (blank: every one), place and switch as form values; a new one is on, first. */
function placementForm(item: Placement | null | undefined): FormValues {
  return { language: item?.language ?? '', sort: String(item?.sort ?? 0), enabled: item?.enabled ?? true };
}

function placementBody(v: FormValues) {
  return { language: orNull(v.language), sort: Number(v.sort || 0), enabled: v.enabled === true };
}

function useShared() {
  const { t } = useTranslation('content');
  // Schedules are entered and shown as the brand's clock reads, whatever the operator's own zone.
  const zone = useMe()?.brandTimeZone ?? 'UTC';
  return useMemo(() => {
    const language: FieldSpec = {
      name: 'language',
      label: t('fields.language'),
      type: 'text',
      hint: t('hints.language'),
    };
    const sort: FieldSpec = { name: 'sort', label: t('fields.sort'), type: 'number', hint: t('hints.sort') };
    const enabled: FieldSpec = { name: 'enabled', label: t('fields.enabled'), type: 'checkbox' };
    const filters = {
      q: { name: 'q', label: t('filters.search'), type: 'text' } as GridFilter,
      language: { name: 'language', label: t('fields.language'), type: 'text', placeholder: 'EN' } as GridFilter,
      enabled: {
        name: 'enabled',
        label: t('columns.state'),
        type: 'select',
        options: [
          { value: 'true', label: t('state.on') },
          { value: 'false', label: t('state.off') },
        ],
      } as GridFilter,
    };
    const languageColumn = {
      id: 'language',
      accessorFn: (r: { language: string | null }) => r.language ?? t('allLanguages'),
      header: t('fields.language'),
    };
    const scheduleColumns = [
      {
        id: 'startsAt',
        accessorKey: 'startsAt',
        header: t('fields.startsAtIn', { zone }),
        enableSorting: true,
        cell: ({ row }: { row: { original: { startsAt: string | null } } }) =>
          formatDateTimeIn(row.original.startsAt, zone),
        meta: { csv: (r: { startsAt: string | null }) => r.startsAt ?? '' },
      },
      {
        id: 'endsAt',
        accessorKey: 'endsAt',
        header: t('fields.endsAtIn', { zone }),
        cell: ({ row }: { row: { original: { endsAt: string | null } } }) =>
          formatDateTimeIn(row.original.endsAt, zone),
        meta: { csv: (r: { endsAt: string | null }) => r.endsAt ?? '' },
      },
    ];
    const scheduleFilter: GridFilter = {
      name: 'schedule',
      label: t('filters.schedule'),
      type: 'select',
      options: (['scheduled', 'live', 'ended'] as const).map((s) => ({ value: s, label: t(`schedule.${s}`) })),
    };
    // A start already past may be kept, never moved back (the server refuses it: IN_PAST).
    const scheduleFields: FieldSpec[] = [
      { name: 'startsAt', label: t('fields.startsAt'), type: 'datetime', hint: t('hints.startsNow', { zone }) },
      { name: 'endsAt', label: t('fields.endsAt'), type: 'datetime', hint: t('hints.endsAt', { zone }) },
    ];
    const scheduleForm = (item: { startsAt: string | null; endsAt: string | null } | null | undefined) => {
      const startsAt = toLocalInput(item?.startsAt ?? null, zone);
      return { startsAt, startsAtWas: startsAt, endsAt: toLocalInput(item?.endsAt ?? null, zone) };
    };
    const scheduleBody = (v: FormValues) => ({
      startsAt: startsAtBody(v.startsAt, v.startsAtWas, zone),
      endsAt: isoOrNull(v.endsAt, zone),
    });
    return {
      t,
      zone,
      language,
      sort,
      enabled,
      filters,
      languageColumn,
      scheduleColumns,
      scheduleFilter,
      scheduleFields,
      scheduleForm,
      scheduleBody,
    };
  }, [t, zone]);
}

export function BannersPage() {
  const { t, zone, language, sort, enabled, filters, languageColumn, scheduleColumns } = useShared();
  const groups = BANNER_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }));
  const columns = useMemo<ColumnDef<AdminBanner, unknown>[]>(
    () => [
      {
        id: 'image',
        header: t('fields.image'),
        cell: ({ row }) => (
          <img src={row.original.imageUrl} alt="" width={96} height={36} className="h-9 w-24 rounded object-cover" />
        ),
      },
      { id: 'title', accessorKey: 'title', header: t('fields.title'), enableSorting: true },
      {
        id: 'groupName',
        accessorKey: 'groupName',
        header: t('fields.group'),
        enableSorting: true,
        cell: ({ row }) => t(`groups.${row.original.groupName}`, { defaultValue: row.original.groupName }),
      },
      languageColumn,
      { id: 'linkUrl', accessorKey: 'linkUrl', header: t('fields.linkUrl') },
      ...scheduleColumns,
    ],
    [t, languageColumn, scheduleColumns],
  );
  return (
    <ContentScreen<AdminBanner>
      kind="banners"
      columns={columns}
      filters={[
        filters.q,
        { name: 'groupName', label: t('fields.group'), type: 'select', options: groups },
        filters.language,
        filters.enabled,
      ]}
      schema={AdminBannerBody}
      fields={[
        { name: 'groupName', label: t('fields.group'), type: 'select', options: groups, required: true },
        { name: 'title', label: t('fields.title'), type: 'text', required: true },
        { name: 'imageUrl', label: t('fields.image'), type: 'image', required: true, hint: t('hints.image') },
        {
          name: 'linkageType',
          label: t('fields.linkageType'),
          type: 'select',
          options: [
            { value: '', label: t('linkage.none') },
            { value: 'ROUTE', label: t('linkage.ROUTE') },
            { value: 'URL', label: t('linkage.URL') },
          ],
        },
        { name: 'linkUrl', label: t('fields.linkUrl'), type: 'text', hint: t('hints.linkUrl') },
        language,
        { name: 'startsAt', label: t('fields.startsAt'), type: 'datetime', hint: t('hints.startsAt', { zone }) },
        { name: 'endsAt', label: t('fields.endsAt'), type: 'datetime', hint: t('hints.endsAt', { zone }) },
        sort,
        enabled,
      ]}
      toForm={(b) => ({
        groupName: b?.groupName ?? 'w_home',
        title: b?.title ?? '',
        imageUrl: b?.imageUrl ?? '',
        linkageType: b?.linkageType ?? '',
        linkUrl: b?.linkUrl ?? '',
        ...placementForm(b),
        startsAt: toLocalInput(b?.startsAt ?? null, zone),
        endsAt: toLocalInput(b?.endsAt ?? null, zone),
      })}
      toBody={(v) => ({
        groupName: v.groupName,
        title: v.title,
        imageUrl: v.imageUrl,
        linkageType: orNull(v.linkageType),
        linkUrl: orNull(v.linkUrl),
        ...placementBody(v),
        startsAt: isoOrNull(v.startsAt, zone),
        endsAt: isoOrNull(v.endsAt, zone),
      })}
    />
  );
}

export function AnnouncementsPage() {
  const {
    t,
    language,
    sort,
    enabled,
    filters,
    languageColumn,
    scheduleColumns,
    scheduleFilter,
    scheduleFields,
    scheduleForm,
    scheduleBody,
  } = useShared();
  const types = ANNOUNCEMENT_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }));
  const audiences = ANNOUNCEMENT_AUDIENCES.map((v) => ({ value: v, label: t(`audiences.${v}`) }));
  const columns = useMemo<ColumnDef<AdminAnnouncement, unknown>[]>(
    () => [
      { id: 'title', accessorKey: 'title', header: t('fields.title'), enableSorting: true },
      {
        id: 'type',
        accessorKey: 'type',
        header: t('fields.type'),
        enableSorting: true,
        cell: ({ row }) => t(`types.${row.original.type}`, { defaultValue: row.original.type }),
      },
      {
        id: 'audience',
        accessorKey: 'audience',
        header: t('fields.audience'),
        enableSorting: true,
        cell: ({ row }) => t(`audiences.${row.original.audience}`, { defaultValue: row.original.audience }),
      },
      languageColumn,
      ...scheduleColumns,
    ],
    [t, languageColumn, scheduleColumns],
  );
  return (
    <ContentScreen<AdminAnnouncement>
      kind="announcements"
      columns={columns}
      filters={[
        filters.q,
        { name: 'type', label: t('fields.type'), type: 'select', options: types },
        { name: 'audience', label: t('fields.audience'), type: 'select', options: audiences },
        scheduleFilter,
        filters.language,
        filters.enabled,
      ]}
      schema={AdminAnnouncementBody}
      fields={[
        {
          name: 'type',
          label: t('fields.type'),
          type: 'select',
          options: types,
          required: true,
          hint: t('hints.type'),
        },
        { name: 'audience', label: t('fields.audience'), type: 'select', options: audiences, required: true },
        { name: 'title', label: t('fields.title'), type: 'text', required: true },
        {
          name: 'content',
          label: t('fields.content'),
          type: 'textarea',
          required: true,
          hint: t('hints.placeholders'),
        },
        language,
        ...scheduleFields,
        sort,
        enabled,
      ]}
      toForm={(a) => ({
        type: a?.type ?? 'PU',
        audience: a?.audience ?? 'A',
        title: a?.title ?? '',
        content: a?.content ?? '',
        ...placementForm(a),
        ...scheduleForm(a),
        promotionType: a?.promotionType ?? '',
        execution: a?.execution ?? 'B',
      })}
      toBody={(v) => ({
        type: v.type,
        audience: v.audience,
        title: v.title,
        content: v.content,
        promotionType: orNull(v.promotionType),
        execution: v.execution || 'B',
        ...placementBody(v),
        ...scheduleBody(v),
      })}
    />
  );
}

export function NoticesPage() {
  const {
    t,
    language,
    sort,
    enabled,
    filters,
    languageColumn,
    scheduleColumns,
    scheduleFilter,
    scheduleFields,
    scheduleForm,
    scheduleBody,
  } = useShared();
  const columns = useMemo<ColumnDef<AdminNotice, unknown>[]>(
    () => [
      { id: 'title', accessorKey: 'title', header: t('fields.title'), enableSorting: true },
      languageColumn,
      ...scheduleColumns,
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('fields.createdAt'),
        enableSorting: true,
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
    ],
    [t, languageColumn, scheduleColumns],
  );
  return (
    <ContentScreen<AdminNotice>
      kind="notices"
      columns={columns}
      filters={[filters.q, scheduleFilter, filters.language, filters.enabled]}
      schema={AdminNoticeBody}
      fields={[
        { name: 'title', label: t('fields.title'), type: 'text', required: true },
        {
          name: 'content',
          label: t('fields.content'),
          type: 'textarea',
          required: true,
          hint: t('hints.placeholders'),
        },
        language,
        ...scheduleFields,
        sort,
        enabled,
      ]}
      toForm={(n) => ({
        title: n?.title ?? '',
        content: n?.content ?? '',
        ...placementForm(n),
        ...scheduleForm(n),
      })}
      toBody={(v) => ({
        title: v.title,
        content: v.content,
        ...placementBody(v),
        ...scheduleBody(v),
      })}
    />
  );
}

export function HelpPage() {
  const { t, language, sort, enabled, filters, languageColumn } = useShared();
  // An article's category is one of the list above the grid, chosen by name.
  const categories = useQuery(helpCategoriesQuery).data ?? [];
  const columns = useMemo<ColumnDef<AdminHelpArticle, unknown>[]>(
    () => [
      { id: 'category', accessorKey: 'category', header: t('fields.category'), enableSorting: true },
      { id: 'title', accessorKey: 'title', header: t('fields.title'), enableSorting: true },
      languageColumn,
    ],
    [t, languageColumn],
  );
  return (
    <ContentScreen<AdminHelpArticle>
      kind="help"
      above={<HelpCategories />}
      columns={columns}
      filters={[
        filters.q,
        { name: 'category', label: t('fields.category'), type: 'text' },
        filters.language,
        filters.enabled,
      ]}
      schema={AdminHelpBody}
      fields={[
        {
          name: 'category',
          label: t('fields.category'),
          type: 'select',
          required: true,
          options: [
            { value: '', label: t('helpCategories.chooseCategory') },
            ...categories.map((c) => ({ value: c.name, label: c.name })),
          ],
        },
        { name: 'title', label: t('fields.title'), type: 'text', required: true },
        { name: 'content', label: t('fields.content'), type: 'textarea', required: true },
        language,
        sort,
        enabled,
      ]}
      toForm={(h) => ({
        category: h?.category ?? '',
        title: h?.title ?? '',
        content: h?.content ?? '',
        ...placementForm(h),
      })}
      toBody={(v) => ({
        category: v.category,
        title: v.title,
        content: v.content,
        ...placementBody(v),
      })}
    />
  );
}
