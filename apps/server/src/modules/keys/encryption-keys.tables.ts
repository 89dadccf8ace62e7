import type { Generated } from 'kysely';
import type { CreatedAt, Json } from '../../db/schema';

// Kysely type of the login encryption keys, declared beside encryption-keys.queries.ts, their only
// writer (merged into the Database interface of db/schema.ts).

declare module '../../db/schema' {
  interface Database {
    encryption_keys: EncryptionKeysTable;
  }
}

export interface EncryptionKeysTable {
  kid: string;
  private_jwk: Json<Record<string, unknown>>;
  public_jwk: Json<Record<string, unknown>>;
  active: Generated<boolean>;
  created_at: CreatedAt;
  expires_at: Date | string | null;
}
