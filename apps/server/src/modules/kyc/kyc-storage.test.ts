import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type KycStorageConfig, loadConfig } from '../../config';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { actors, call, expectFailure, injectMultipart } from '../cashier/cashier.fixtures';

// KYC documents in an S3-compatible object store (docs/kyc.md "Storage"), against the SDK client
// mocked in process (aws-sdk-client-mock, an in-memory bucket): the bytes go to the bucket under an
// unguessable key and only the key is in the row; the owner and a reviewer read them back through
// the API; a failed put stores nothing; a row kept in the database before the switch stays readable;
// the configuration refuses an incomplete setup.

const storage: KycStorageConfig = {
  kind: 's3',
  bucket: 'kyc-documents',
  region: 'us-east-1',
  endpoint: 'http://127.0.0.1:9',
  accessKeyId: 'test-key',
  secretAccessKey: 'test-secret',
  forcePathStyle: true,
  prefix: 'kyc/',
};
const s3 = mockClient(S3Client);
const bucket = new Map<string, { body: Buffer; contentType: string | undefined }>();

let t: TestApp;
let reviewer: string;
const { member, operator } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp({ kycStorage: storage });
  reviewer = (await operator(['kyc.review'])).token;
});
afterAll(async () => {
  s3.restore();
  await t.close();
});

function fakeBucket() {
  s3.reset();
  s3.on(PutObjectCommand).callsFake(async (input) => {
    expect(input.Bucket).toBe('kyc-documents');
    bucket.set(input.Key, { body: Buffer.from(input.Body as Buffer), contentType: input.ContentType });
    return {};
  });
  s3.on(GetObjectCommand).callsFake(async (input) => {
    const found = bucket.get(input.Key);
    if (!found) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
    return { Body: { transformToByteArray: async () => new Uint8Array(found.body) } };
  });
}
afterEach(() => s3.reset());

async function detailedMember() {
  const m = await member();
  await call(t, 'POST', '/wps/kyc/details', m.token, { fullName: 'Ana Reyes', birthday: '1985-01-02' });
  return m;
}

async function png() {
  return sharp({ create: { width: 24, height: 16, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
}

function upload(token: string, data: Buffer) {
  return injectMultipart(t, '/wps/kyc/documents', token, [
    { name: 'kind', value: 'id_front' },
    { name: 'file', filename: 'id.png', contentType: 'image/png', data },
  ]);
}

describe('object store', () => {
  it('puts the bytes in the bucket under an unguessable key and serves them to the owner and a reviewer only', async () => {
    fakeBucket();
    const m = await detailedMember();
    const res = await upload(m.token, await png());
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().value.id as number;
    const row = await t.ctx.db
      .selectFrom('kyc_documents')
      .select(['data', 'storage_key', 'byte_size'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.data).toBeNull();
    expect(row.storage_key).toMatch(new RegExp(`^kyc/${m.id}/[0-9a-f-]{36}$`));
    const stored = bucket.get(row.storage_key as string);
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.body.length).toBe(row.byte_size);

    const own = await call(t, 'GET', `/wps/kyc/documents/${id}/file`, m.token);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(stored?.body as Buffer)).toBe(true);
    const reviewed = await call(t, 'GET', `/admin/kyc/documents/${id}/file`, reviewer);
    expect(reviewed.rawPayload.equals(stored?.body as Buffer)).toBe(true);
    const other = await detailedMember();
    expectFailure(await call(t, 'GET', `/wps/kyc/documents/${id}/file`, other.token), 404, 'KYC_DOCUMENT_NOT_FOUND');
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(2);
  });

  it('stores no row when the bucket refuses; a row kept in the database stays readable', async () => {
    s3.reset();
    s3.on(PutObjectCommand).rejects(new Error('AccessDenied'));
    const m = await detailedMember();
    const failed = await upload(m.token, await png());
    expect(failed.statusCode).toBe(500);
    const rows = await t.ctx.db.selectFrom('kyc_documents').select('id').where('member_id', '=', m.id).execute();
    expect(rows).toHaveLength(0);

    const bytes = await png();
    const old = await t.ctx.db
      .insertInto('kyc_documents')
      .values({ member_id: m.id, kind: 'id_back', content_type: 'image/png', byte_size: bytes.length, data: bytes })
      .returning('id')
      .executeTakeFirstOrThrow();
    const file = await call(t, 'GET', `/wps/kyc/documents/${old.id}/file`, m.token);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
  });

  it('is chosen by the environment, which must be complete', () => {
    const base = {
      DATA_DIR: '/tmp/gamehall-kyc-storage-test',
      SESSION_SECRET: 'x'.repeat(32),
      STUDIO_SECRET: 'y'.repeat(32),
    };
    expect(loadConfig(base).kycStorage).toEqual({ kind: 'database' });
    expect(
      loadConfig({
        ...base,
        KYC_STORAGE: 's3',
        KYC_S3_BUCKET: 'docs',
        KYC_S3_ENDPOINT: 'http://minio:9000',
        KYC_S3_ACCESS_KEY_ID: 'a',
        KYC_S3_SECRET_ACCESS_KEY: 'b',
      }).kycStorage,
    ).toEqual({
      kind: 's3',
      bucket: 'docs',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      forcePathStyle: true,
      prefix: 'kyc/',
    });
    expect(() => loadConfig({ ...base, KYC_STORAGE: 's3' })).toThrow(/KYC_S3_BUCKET/);
    expect(() => loadConfig({ ...base, KYC_STORAGE: 's3', KYC_S3_BUCKET: 'docs', KYC_S3_ACCESS_KEY_ID: 'a' })).toThrow(
      /go together/,
    );
    expect(() => loadConfig({ ...base, KYC_STORAGE: 'ftp' })).toThrow(/KYC_STORAGE/);
  });
});
