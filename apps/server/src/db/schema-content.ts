import type { ColumnType, Generated } from 'kysely';

// Kysely types of migration 0025 (content admin: schedules and on/off switches of site content,
// uploaded banner images), merged into schema.ts's interfaces; a file of its own because several
// back-office areas add to schema.ts.

declare module './schema' {
  interface Database {
    content_images: ContentImagesTable;
  }

  interface BannersTable {
    /** null: shown from the start; ends_at null: until disabled. */
    starts_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
    ends_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  }

  interface AnnouncementsTable {
    active: Generated<boolean>;
  }

  interface NoticesTable {
    /** null: every language. */
    language: ColumnType<string | null, string | null | undefined, string | null>;
    active: Generated<boolean>;
  }

  interface HelpArticlesTable {
    language: ColumnType<string | null, string | null | undefined, string | null>;
    active: Generated<boolean>;
  }
}

export interface ContentImagesTable {
  id: Generated<number>;
  purpose: 'banner';
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  size: number;
  sha256: string;
  data: Uint8Array;
  uploaded_by: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
