import type { ColumnType, Generated } from 'kysely';

// The KYC tables of migration 0050, declared beside the module that alone writes them and merged
// into db/schema.ts's Database.
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A date column read as yyyy-mm-dd (to_char in the queries) and written as one. */
type Day = ColumnType<Date, string, string>;
type NullableDay = ColumnType<Date | null, string | null | undefined, string | null>;

declare module '../../db/schema' {
  interface Database {
    kyc_documents: KycDocumentsTable;
    kyc_identities: KycIdentitiesTable;
  }
}

export const KYC_DOCUMENT_KINDS = ['id_front', 'id_back', 'selfie', 'proof_of_address'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];
export type KycDocumentStatus = 'pending' | 'approved' | 'rejected';
export type KycContentType = 'image/png' | 'image/jpeg' | 'application/pdf';

export interface KycDocumentsTable {
  id: Generated<number>;
  member_id: number;
  kind: KycDocumentKind;
  status: Generated<KycDocumentStatus>;
  content_type: KycContentType;
  byte_size: number;
  /** The bytes when kept in the database; null when kept in the object store (storage_key). */
  data: Buffer | null;
  storage_key: ColumnType<string | null, string | null | undefined, string | null>;
  reason: string | null;
  reviewed_by: number | null;
  reviewed_at: NullableStamp;
  created_at: Stamp;
}

export interface KycIdentitiesTable {
  member_id: number;
  entered_name: string;
  entered_birthday: Day;
  verified_name: string | null;
  verified_birthday: NullableDay;
  verified_by: number | null;
  verified_at: NullableStamp;
  under_age_closed_at: NullableStamp;
  refunded_amount: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: Stamp;
}
