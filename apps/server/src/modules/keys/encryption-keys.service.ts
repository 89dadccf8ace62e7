import { randomBytes } from 'node:crypto';
import { compactDecrypt, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { insertKey, listUsableKeys, retireActiveKeys } from './encryption-keys.queries';

const ALG = 'RSA-OAEP-256';
const ENC = 'A256GCM';
const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

type LoadedKey = {
  kid: string;
  active: boolean;
  publicJwk: JWK;
  privateKey: Awaited<ReturnType<typeof importJWK>>;
};

/**
 * The key pair for encrypted payloads (api-conventions: Encrypted payloads). Kept in the database
 * so every node decrypts what any node's public key encrypted; generated on first start; rotation
 * keeps old keys usable until they expire.
 */
export class KeyRing {
  #db: Db;
  #keys: LoadedKey[] = [];
  #loadedAt = 0;

  constructor(db: Db) {
    this.#db = db;
  }

  async init(): Promise<void> {
    await this.#reload();
    if (!this.#keys.some((k) => k.active)) {
      await this.rotate();
    }
  }

  /** New active key; previous ones are kept for a day so in-flight clients still work. */
  async rotate(): Promise<string> {
    const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true, modulusLength: 2048 });
    const kid = randomBytes(8).toString('hex');
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'enc' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
    await this.#db.transaction().execute(async (trx) => {
      await retireActiveKeys(trx, new Date(Date.now() + ROTATION_GRACE_MS));
      await insertKey(trx, { kid, privateJwk, publicJwk });
    });
    await this.#reload();
    return kid;
  }

  async publicKeys(): Promise<JWK[]> {
    await this.#refreshIfStale();
    return this.#keys.filter((k) => k.active).map((k) => k.publicJwk);
  }

  async decrypt(jwe: string): Promise<unknown> {
    await this.#refreshIfStale();
    let kid: string | undefined;
    try {
      const header = JSON.parse(Buffer.from(jwe.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
        kid?: string;
        alg?: string;
        enc?: string;
      };
      if (header.alg !== ALG || header.enc !== ENC) throw new AppError('ENCRYPTION_INVALID');
      kid = header.kid;
    } catch {
      throw new AppError('ENCRYPTION_INVALID');
    }
    if (kid && !this.#keys.some((k) => k.kid === kid)) await this.#reload();
    const candidates = kid ? this.#keys.filter((k) => k.kid === kid) : this.#keys;
    for (const key of candidates) {
      try {
        const { plaintext } = await compactDecrypt(jwe, key.privateKey, {
          keyManagementAlgorithms: [ALG],
          contentEncryptionAlgorithms: [ENC],
        });
        return JSON.parse(new TextDecoder().decode(plaintext));
      } catch {
        // try the next key
      }
    }
    throw new AppError('ENCRYPTION_INVALID');
  }

  async #refreshIfStale() {
    // Another node may have rotated: re-read at most once a minute.
    if (Date.now() - this.#loadedAt > 60_000) await this.#reload();
  }

  async #reload() {
    const rows = await listUsableKeys(this.#db, new Date());
    const keys: LoadedKey[] = [];
    for (const row of rows) {
      const privateKey = await importJWK(row.private_jwk as JWK, ALG);
      keys.push({ kid: row.kid, active: row.active, publicJwk: row.public_jwk as JWK, privateKey });
    }
    this.#keys = keys;
    this.#loadedAt = Date.now();
  }
}
