import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id, Timestamp } from '../../db/schema';

// Kysely types of the site's content (resources, banners, announcements, notices, help articles,
// banner images), the countries and the registration field rules, declared beside
// site-content.queries.ts, their only writer (merged into the Database interface of db/schema.ts).
// Migration 0025 added the schedules and on/off switches of the content, 0104 the notices' schedule.

declare module '../../db/schema' {
  interface Database {
    resources: ResourcesTable;
    banners: BannersTable;
    announcements: AnnouncementsTable;
    notices: NoticesTable;
    help_articles: HelpArticlesTable;
    help_categories: HelpCategoriesTable;
    countries: CountriesTable;
    register_field_rules: RegisterFieldRulesTable;
    content_images: ContentImagesTable;
  }
}

export interface ResourcesTable {
  id: Id;
  resource_type: string;
  name: string;
  label_name_en: string;
  url: string;
  sort: Generated<number>;
}

export interface BannersTable {
  id: Id;
  group_name: string;
  title: string;
  image_url: string;
  linkage_type: string | null;
  link_url: string | null;
  language: string | null;
  sort: Generated<number>;
  active: Generated<boolean>;
  /** null: shown from the start (migration 0025). */
  starts_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  /** null: until disabled (migration 0025). */
  ends_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

export interface AnnouncementsTable {
  id: Id;
  type: string;
  audience: string;
  title: string;
  content: string;
  promotion_type: string | null;
  execution: Generated<string>;
  language: string | null;
  sort: Generated<number>;
  starts_at: Timestamp;
  ends_at: Date | string | null;
  created_at: CreatedAt;
  /** Migration 0025. */
  active: Generated<boolean>;
}

export interface NoticesTable {
  id: Id;
  title: string;
  content: string;
  sort: Generated<number>;
  created_at: CreatedAt;
  /** null: every language (migration 0025). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  active: Generated<boolean>;
  /** Shown to players from here (migration 0104; a notice written before starts when it was written). */
  starts_at: ColumnType<Date | string, Date | string | undefined, Date | string>;
  /** null: until disabled or deleted (migration 0104). */
  ends_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

/** The help centre's categories in the order it shows them (migration 0103). */
export interface HelpCategoriesTable {
  id: Id;
  name: string;
  sort: Generated<number>;
}

export interface HelpArticlesTable {
  id: Id;
  /** The name of one of help_categories, which a rename updates (ON UPDATE CASCADE). */
  category: string;
  title: string;
  content: string;
  sort: Generated<number>;
  /** null: every language (migration 0025). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  active: Generated<boolean>;
}

export interface CountriesTable {
  country_code: string;
  country_dialing_code: string;
  name: string;
  mobile_digits: Generated<number>;
  sort: Generated<number>;
}

export interface RegisterFieldRulesTable {
  field: string;
  enabled: boolean;
  required: boolean;
  min_length: number;
  max_length: number;
  pattern_id: number | null;
  accepted_pattern: Generated<string>;
  sort: Generated<number>;
}

/** Uploaded banner images (migration 0025). */
export interface ContentImagesTable {
  id: Id;
  purpose: 'banner';
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  size: number;
  sha256: string;
  data: Uint8Array;
  uploaded_by: number | null;
  created_at: CreatedAt;
}
