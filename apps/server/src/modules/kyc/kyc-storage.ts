import { randomUUID } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import type { KycStorageConfig } from '../../config';

// Where uploaded KYC documents are kept (as blobs in the database, or in
// an object store when configured; docs/kyc.md "Storage"). The database backend keeps the bytes in the
// kyc_documents row; the S3 backend puts them under an unguessable key in a private bucket and keeps
// only the key in the row. Documents are only ever served through the API's checked routes, never
// by a bucket URL. A row is read from where it says it is, so switching backends keeps older rows.
// The AWS SDK is loaded on the first use of the object store: it is the heaviest package the server
// has, and a server keeping documents in the database never needs it (nor pays its start-up).

const loadS3 = () => import('@aws-sdk/client-s3');

/** Where one document's bytes went: into the row (`data`) or the object store (`storageKey`). */
export type StoredPlace = { data: Buffer; storageKey: null } | { data: null; storageKey: string };

export interface DocumentStore {
  readonly kind: KycStorageConfig['kind'];
  put(memberId: number, data: Buffer, contentType: string): Promise<StoredPlace>;
  get(place: { data: Buffer | null; storage_key: string | null }): Promise<Buffer>;
}

const databaseStore: DocumentStore = {
  kind: 'database',
  async put(_memberId, data) {
    return { data, storageKey: null };
  },
  get: readPlace(async () => {
    throw new Error('kyc document kept in the object store, which is not configured (KYC_STORAGE)');
  }),
};

function readPlace(fromStore: (key: string) => Promise<Buffer>) {
  return async (place: { data: Buffer | null; storage_key: string | null }): Promise<Buffer> => {
    if (place.data) return Buffer.from(place.data);
    if (place.storage_key) return fromStore(place.storage_key);
    throw new Error('kyc document without bytes or key');
  };
}

export function s3Store(config: Extract<KycStorageConfig, { kind: 's3' }>, client: S3Client): DocumentStore {
  const fromStore = async (key: string) => {
    const { GetObjectCommand } = await loadS3();
    const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
    if (!answer.Body) throw new Error(`kyc document ${key} has no body in the object store`);
    return Buffer.from(await answer.Body.transformToByteArray());
  };
  return {
    kind: 's3',
    async put(memberId, data, contentType) {
      // The key names the member for the operator's housekeeping, and a random part so it cannot be guessed.
      const key = `${config.prefix}${memberId}/${randomUUID()}`;
      const { PutObjectCommand } = await loadS3();
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
        }),
      );
      return { data: null, storageKey: key };
    },
    get: readPlace(fromStore),
  };
}

const stores = new WeakMap<KycStorageConfig, DocumentStore>();

/** The store the configuration chooses (one S3 client per configuration). */
export function documentStore(config: KycStorageConfig): DocumentStore {
  if (config.kind === 'database') return databaseStore;
  let store = stores.get(config);
  if (!store) {
    let loaded: Promise<DocumentStore> | undefined;
    const s3 = () =>
      (loaded ??= loadS3().then(({ S3Client }) => {
        const client = new S3Client({
          region: config.region,
          forcePathStyle: config.forcePathStyle,
          ...(config.endpoint ? { endpoint: config.endpoint } : {}),
          ...(config.accessKeyId && config.secretAccessKey
            ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
            : {}),
        });
        return s3Store(config, client);
      }));
    store = {
      kind: 's3',
      put: async (memberId, data, contentType) => (await s3()).put(memberId, data, contentType),
      get: async (place) => (await s3()).get(place),
    };
    stores.set(config, store);
  }
  return store;
}
