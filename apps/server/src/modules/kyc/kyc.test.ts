// postgres: two concurrent clicks on an under-age refund's payout pay once (identity row lock)
import { sql } from 'kysely';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { setBrandSetting } from '../brand/brand.service';
import {
  actors,
  call,
  expectFailure,
  fund,
  injectMultipart,
  payingAccount,
  payoutOf,
  requestId,
  setPaymentPassword,
} from '../cashier/cashier.fixtures';
import { balanceOf, houseBalance, verifyLedger } from '../ledger/ledger.service';

// KYC (docs/kyc.md) through HTTP: the level gate and daily limit on withdrawals, upload
// checks and metadata stripping, document privacy, the review flow with the verified payee name,
// and the under-age closure that returns deposits through the ledger.

let t: TestApp;
let reviewer: string;
let cashierOp: string;

const { member: memberWithSession, operator: operatorWith } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
  reviewer = (await operatorWith(['kyc.review'])).token;
  cashierOp = (await operatorWith(['cashier.read', 'cashier.approve'])).token;
  // A live brand's settings (the demo seeds 0 and no limits): level 2, 1,000.00 a day at level 2.
  await setBrandSetting(t.ctx.db, 'kycWithdrawalLevel', 2);
  await setBrandSetting(t.ctx.db, 'kycDailyWithdrawalLimits', [0, 0, 100_000, null]);
});
afterAll(() => t.close());

async function jpegWithExif(width = 40, height = 30) {
  return sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS-SECRET-48.8584N', Artist: 'SERIAL-XYZ-123' } } })
    .toBuffer();
}
async function png(width = 20, height = 20) {
  return sharp({ create: { width, height, channels: 3, background: '#aa3366' } })
    .png()
    .toBuffer();
}
/** A one-page PDF as a scanner or a bank's site makes one. */
async function plainPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('Utility bill', { x: 20, y: 100, size: 12 });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * A PDF carrying what must not be kept: JavaScript run on open (/OpenAction), on the page
 * (/AA) and behind a link annotation, an embedded file, and author and title metadata.
 */
async function pdfWithScripts(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.context.trailerInfo.Info = doc.context.register(
    doc.context.obj({ Title: PDFString.of('SECRET-TITLE'), Author: PDFString.of('SECRET-AUTHOR') }),
  );
  const page = doc.addPage([200, 200]);
  page.drawText('Utility bill', { x: 20, y: 100, size: 12 });
  await doc.attach(Buffer.from('MZ-EVIL-PAYLOAD'), 'evil.exe', { mimeType: 'application/octet-stream' });
  const js = doc.context.register(
    doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("EVIL-SCRIPT")') }),
  );
  doc.catalog.set(PDFName.of('OpenAction'), js);
  page.node.set(PDFName.of('AA'), doc.context.obj({ O: js }));
  const link = doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 50, 50], A: js });
  page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

let PDF: Buffer;
beforeAll(async () => {
  PDF = await plainPdf();
});

function upload(token: string, kind: string, file: { data: Buffer; contentType: string; filename?: string }) {
  return injectMultipart(t, '/wps/kyc/documents', token, [
    { name: 'kind', value: kind },
    { name: 'file', filename: file.filename ?? 'doc', contentType: file.contentType, data: file.data },
  ]);
}

async function verifiedMember(name = 'Juan Dela Cruz') {
  const m = await memberWithSession({ mobileNum: `917${Math.floor(1e6 + Math.random() * 8e6)}` });
  expect(
    (await call(t, 'POST', '/wps/kyc/details', m.token, { fullName: name, birthday: '1990-05-17' })).statusCode,
  ).toBe(200);
  const front = (await upload(m.token, 'id_front', { data: await jpegWithExif(), contentType: 'image/jpeg' })).json()
    .value.id as number;
  const selfie = (await upload(m.token, 'selfie', { data: await png(), contentType: 'image/png' })).json().value
    .id as number;
  return { ...m, front, selfie };
}

async function documentCount(memberId: number) {
  const rows = await t.ctx.db.selectFrom('kyc_documents').select('id').where('member_id', '=', memberId).execute();
  return rows.length;
}

describe('levels and the withdrawal gate', () => {
  it('computes the level from verified facts and gates withdrawals by level and daily limit', async () => {
    const m = await verifiedMember();
    await setPaymentPassword(t, m.id);
    await fund(t, m.id, 1_000_000);
    const bank = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
      bankName: 'BDO',
      accountName: 'Juan Dela Cruz',
      accountNumber: `00${Math.floor(Math.random() * 1e10)}`,
    });
    expect(bank.statusCode).toBe(200);
    const accountId = bank.json().value.id as number;
    expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${accountId}/confirm`, cashierOp)).statusCode).toBe(200);
    const withdraw = (amount: number) =>
      injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/cashier/withdraw',
        token: m.token,
        body: { bankAccountId: accountId, amount, paymentPassword: 'Pay@1234', requestId: requestId() },
      });

    let status = (await call(t, 'GET', '/wps/kyc', m.token)).json().value;
    expect(status).toMatchObject({ level: 1, withdrawalLevel: 2, canWithdraw: false, dailyWithdrawalLimit: 0 });
    expect(status.next).toEqual({ level: 2, needs: ['id_front', 'selfie'] });
    const refused = await withdraw(500);
    expectFailure(refused, 403, 'KYC_LEVEL_REQUIRED');
    expect(refused.json().value).toEqual({ level: 1, required: 2 });

    // The selfie alone is not level 2: the identity front is still pending.
    expect((await call(t, 'POST', `/admin/kyc/documents/${m.selfie}/approve`, reviewer, {})).statusCode).toBe(200);
    expect((await call(t, 'GET', '/wps/kyc', m.token)).json().value.level).toBe(1);
    expectFailure(await withdraw(500), 403, 'KYC_LEVEL_REQUIRED');

    const approved = await call(t, 'POST', `/admin/kyc/documents/${m.front}/approve`, reviewer, {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json().value).toMatchObject({
      level: 2,
      verified: { name: 'Juan Dela Cruz', birthday: '1990-05-17' },
    });
    status = (await call(t, 'GET', '/wps/kyc', m.token)).json().value;
    expect(status).toMatchObject({
      level: 2,
      canWithdraw: true,
      dailyWithdrawalLimit: 1000,
      verifiedName: 'Juan Dela Cruz',
    });
    expect(status.next).toEqual({ level: 3, needs: ['proof_of_address'] });

    expect((await withdraw(600)).statusCode).toBe(200);
    const over = await withdraw(400.01);
    expectFailure(over, 422, 'KYC_WITHDRAWAL_LIMIT');
    expect(over.json().value).toEqual({ level: 2, limit: 1000, used: 600 });
    expect((await withdraw(400)).statusCode).toBe(200);

    // Level 3 has no KYC limit.
    const address = (await upload(m.token, 'proof_of_address', { data: PDF, contentType: 'application/pdf' })).json()
      .value.id as number;
    expect((await call(t, 'POST', `/admin/kyc/documents/${address}/approve`, reviewer, {})).statusCode).toBe(200);
    expect((await call(t, 'GET', '/wps/kyc', m.token)).json().value).toMatchObject({ level: 3, next: null });
    expect((await withdraw(2000)).statusCode).toBe(200);
  });

  it('keeps level 1 out of reach without a bound mobile number', async () => {
    const m = await memberWithSession();
    await call(t, 'POST', '/wps/kyc/details', m.token, { fullName: 'Ana Reyes', birthday: '1985-01-02' });
    const status = (await call(t, 'GET', '/wps/kyc', m.token)).json().value;
    expect(status).toMatchObject({ level: 0, mobileBound: false, next: { level: 1, needs: ['mobile'] } });
  });
});

describe('uploads', () => {
  it('refuses a wrong type, a renamed file, an oversized file or image, a pdf selfie; stores nothing', async () => {
    const m = await memberWithSession();
    expectFailure(
      await upload(m.token, 'id_front', { data: await png(), contentType: 'image/png' }),
      409,
      'KYC_DETAILS_REQUIRED',
    );
    await call(t, 'POST', '/wps/kyc/details', m.token, { fullName: 'Ana Reyes', birthday: '1985-01-02' });
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(32, 1)]);
    expectFailure(await upload(m.token, 'id_front', { data: gif, contentType: 'image/gif' }), 415, 'KYC_FILE_TYPE');
    // A PDF renamed to .png, and a PNG sent as a JPEG: the declared type is not what the bytes are.
    expectFailure(
      await upload(m.token, 'id_front', { data: PDF, contentType: 'image/png', filename: 'id.png' }),
      415,
      'KYC_FILE_TYPE_MISMATCH',
    );
    expectFailure(
      await upload(m.token, 'id_front', { data: await png(), contentType: 'image/jpeg', filename: 'id.jpg' }),
      415,
      'KYC_FILE_TYPE_MISMATCH',
    );
    expectFailure(await upload(m.token, 'selfie', { data: PDF, contentType: 'application/pdf' }), 415, 'KYC_FILE_TYPE');
    // Bytes that start like a PNG but are not one.
    const broken = Buffer.concat([(await png()).subarray(0, 8), Buffer.alloc(200, 7)]);
    expectFailure(
      await upload(m.token, 'id_front', { data: broken, contentType: 'image/png' }),
      400,
      'KYC_FILE_INVALID',
    );
    // Over 8000 pixels a side (a small file that would decode huge), and over 5 MB.
    expectFailure(
      await upload(m.token, 'id_front', { data: await png(8001, 4), contentType: 'image/png' }),
      413,
      'KYC_IMAGE_TOO_LARGE',
    );
    const big = Buffer.concat([await jpegWithExif(), Buffer.alloc(5 * 1024 * 1024, 0)]);
    expectFailure(
      await upload(m.token, 'id_front', { data: big, contentType: 'image/jpeg' }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expectFailure(
      await injectMultipart(t, '/wps/kyc/documents', m.token, [{ name: 'kind', value: 'passport' }]),
      400,
      'VALIDATION_FAILED',
    );
    expect(await documentCount(m.id)).toBe(0);
  });

  it('rebuilds a PDF from its pages: no JavaScript, embedded file, actions or metadata; refuses what does not parse', async () => {
    const m = await memberWithSession();
    await call(t, 'POST', '/wps/kyc/details', m.token, { fullName: 'Ana Reyes', birthday: '1985-01-02' });
    const original = await pdfWithScripts();
    for (const marker of [
      '/JavaScript',
      '/EmbeddedFile',
      '/OpenAction',
      'EVIL-SCRIPT',
      'SECRET-AUTHOR',
      'SECRET-TITLE',
    ])
      expect(original.includes(marker), marker).toBe(true);
    const res = await upload(m.token, 'proof_of_address', { data: original, contentType: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(200);
    const file = await call(t, 'GET', `/wps/kyc/documents/${res.json().value.id}/file`, m.token);
    expect(file.headers['content-type']).toBe('application/pdf');
    const stored = file.rawPayload;
    for (const marker of ['/JavaScript', '/JS', '/EmbeddedFile', '/OpenAction', '/AA', '/Annots', '/AcroForm'])
      expect(stored.includes(marker), marker).toBe(false);
    for (const marker of ['EVIL-SCRIPT', 'SECRET-AUTHOR', 'SECRET-TITLE'])
      expect(stored.includes(marker), marker).toBe(false);
    // The page itself is kept.
    const rebuilt = await PDFDocument.load(stored);
    expect(rebuilt.getPageCount()).toBe(1);
    expect(rebuilt.getPage(0).getSize()).toEqual({ width: 200, height: 200 });

    // Bytes that only look like a PDF (header and end marker), a PDF without pages, and one cut short.
    const fake = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'latin1');
    const empty = Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
    const cut = Buffer.concat([original.subarray(0, 400), Buffer.from('\n%%EOF\n', 'latin1')]);
    for (const data of [fake, empty, cut])
      expectFailure(
        await upload(m.token, 'proof_of_address', { data, contentType: 'application/pdf' }),
        400,
        'KYC_FILE_INVALID',
      );
    expect(await documentCount(m.id)).toBe(1);
  });

  it('re-encodes images so their metadata is gone, and keeps the picture', async () => {
    const m = await memberWithSession();
    await call(t, 'POST', '/wps/kyc/details', m.token, { fullName: 'Ana Reyes', birthday: '1985-01-02' });
    const original = await jpegWithExif(64, 48);
    expect(original.includes('GPS-SECRET')).toBe(true);
    const res = await upload(m.token, 'id_front', { data: original, contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ kind: 'id_front', status: 'pending', contentType: 'image/jpeg' });
    const file = await call(t, 'GET', `/wps/kyc/documents/${res.json().value.id}/file`, m.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const stored = file.rawPayload;
    expect(stored.includes('GPS-SECRET')).toBe(false);
    expect(stored.includes('SERIAL-XYZ')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
  });
});

describe('privacy and review', () => {
  it("serves a document to its owner and a reviewer only; another member's ids do not exist", async () => {
    const owner = await verifiedMember('Maria Santos');
    const other = await memberWithSession();
    const url = `/wps/kyc/documents/${owner.front}/file`;
    expect((await call(t, 'GET', url, owner.token)).statusCode).toBe(200);
    expectFailure(await call(t, 'GET', url, other.token), 404, 'KYC_DOCUMENT_NOT_FOUND');
    expect((await call(t, 'GET', url)).statusCode).toBe(401);
    const adminUrl = `/admin/kyc/documents/${owner.front}/file`;
    expect((await call(t, 'GET', adminUrl, other.token)).statusCode).toBe(403);
    expectFailure(await call(t, 'GET', adminUrl, cashierOp), 403, 'AUTH_FORBIDDEN');
    const seen = await call(t, 'GET', adminUrl, reviewer);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
  });

  it('rejects with a reason the member sees, approves once, records the verified name for bank accounts', async () => {
    const m = await verifiedMember('José Rizal');
    const queue = (await call(t, 'GET', `/admin/kyc/documents?memberId=${m.id}`, reviewer)).json().value;
    expect(queue.list.map((d: { id: number }) => d.id)).toEqual([m.front, m.selfie]);
    expect(queue.list[0]).toMatchObject({ username: m.username, enteredName: 'José Rizal', status: 'pending' });

    expectFailure(
      await call(t, 'POST', `/admin/kyc/documents/${m.selfie}/reject`, reviewer, { reason: ' ' }),
      400,
      'VALIDATION_FAILED',
    );
    const rejected = await call(t, 'POST', `/admin/kyc/documents/${m.selfie}/reject`, reviewer, {
      reason: 'Face not visible',
    });
    expect(rejected.statusCode).toBe(200);
    expectFailure(
      await call(t, 'POST', `/admin/kyc/documents/${m.selfie}/approve`, reviewer, {}),
      409,
      'KYC_DOCUMENT_REVIEWED',
    );
    const mine = (await call(t, 'GET', '/wps/kyc', m.token)).json().value;
    expect(mine.documents.find((d: { id: number }) => d.id === m.selfie)).toMatchObject({
      status: 'rejected',
      reason: 'Face not visible',
    });
    expect(mine.next).toEqual({ level: 2, needs: ['id_front', 'selfie'] });
    const told = await t.ctx.db
      .selectFrom('member_messages')
      .select(['kind', 'content'])
      .where('member_id', '=', m.id)
      .execute();
    expect(told).toEqual([{ kind: 'kyc_document_rejected', content: expect.stringContaining('Face not visible') }]);

    // The operator reads the name off the document; the member can no longer change the details.
    expect(
      (
        await call(t, 'POST', `/admin/kyc/documents/${m.front}/approve`, reviewer, {
          verifiedName: 'José Protasio Rizal',
          birthday: '1990-06-19',
        })
      ).statusCode,
    ).toBe(200);
    expectFailure(
      await call(t, 'POST', '/wps/kyc/details', m.token, { fullName: 'Someone Else', birthday: '1990-06-19' }),
      409,
      'KYC_DETAILS_LOCKED',
    );
    const bank = (accountName: string) =>
      call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
        bankName: 'BPI',
        accountName,
        accountNumber: `11${Math.floor(Math.random() * 1e10)}`,
      });
    expectFailure(await bank('Jose Rizal'), 422, 'KYC_NAME_MISMATCH');
    expect((await bank('JOSE PROTASIO RIZAL')).statusCode).toBe(200);

    const audits = await t.ctx.db
      .selectFrom('audit_log')
      .select(['event', 'success'])
      .where('event', 'in', ['kyc.approve', 'kyc.reject', 'kyc.upload', 'kyc.details'])
      .select(sql<string>`detail->>'target'`.as('target'))
      .select('member_id')
      .execute();
    const targets = [`kyc-document:${m.front}`, `kyc-document:${m.selfie}`];
    const events = audits
      .filter((a) => a.member_id === m.id || targets.includes(a.target))
      .map((a) => `${a.event}:${a.success}`);
    expect(events).toEqual(
      expect.arrayContaining([
        'kyc.details:true',
        'kyc.upload:true',
        'kyc.reject:true',
        'kyc.approve:true',
        'kyc.approve:false',
      ]),
    );
  });
});

describe('age', () => {
  const yearsAgo = (years: number) => {
    const d = t.ctx.now();
    return `${d.getUTCFullYear() - years}-01-01`;
  };

  async function depositedMember(amount: number) {
    const m = await memberWithSession({ mobileNum: `918${Math.floor(1e6 + Math.random() * 8e6)}` });
    const order = await call(t, 'POST', '/wps/cashier/deposit', m.token, {
      methodCode: 'BANK_TRANSFER',
      amount,
      requestId: requestId(),
    });
    expect(order.statusCode).toBe(200);
    const ref = order.json().value.reference as string;
    expect((await call(t, 'POST', `/admin/cashier/deposits/${ref}/approve`, cashierOp)).statusCode).toBe(200);
    return m;
  }

  it('closes an under-age account at KYC and returns its deposits through the ledger', async () => {
    const m = await depositedMember(1500);
    const payableBefore = await houseBalance(t.ctx.db, 'withdrawals-payable', 'PHP');
    // 20 years old: adult at 18, but under the birthday check's 21 (spec §5).
    const res = await call(t, 'POST', '/wps/kyc/details', m.token, {
      fullName: 'Young Player',
      birthday: yearsAgo(20),
    });
    expectFailure(res, 403, 'KYC_UNDER_AGE');
    const member = await t.ctx.db
      .selectFrom('members')
      .select('status')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(member.status).toBe('disabled');
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(0);
    expect((await houseBalance(t.ctx.db, 'withdrawals-payable', 'PHP')) - payableBefore).toBe(150_000);
    expect((await call(t, 'GET', '/wps/kyc', m.token)).statusCode).toBe(401);
    const panel = (await call(t, 'GET', `/admin/kyc/members/${m.id}`, reviewer)).json().value;
    expect(panel).toMatchObject({ accountStatus: 'disabled', underAge: { refunded: 1500 } });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('detail')
      .where('member_id', '=', m.id)
      .where('event', '=', 'kyc.underAge')
      .execute();
    expect(audit).toHaveLength(1);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('keeps no under-age closure whose kyc.underAge audit row cannot be written (one transaction with the approval)', async () => {
    const m = await depositedMember(200);
    await call(t, 'POST', '/wps/kyc/details', m.token, { fullName: 'Young Player', birthday: '1990-01-01' });
    const front = (await upload(m.token, 'id_front', { data: await png(), contentType: 'image/png' })).json().value.id;
    await sql`
      CREATE FUNCTION test_refuse_under_age_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.event = 'kyc.underAge' AND NEW.member_id = ${sql.lit(m.id)} THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$`.execute(t.ctx.db);
    await sql`CREATE TRIGGER test_refuse_under_age_row BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_under_age_row()`.execute(
      t.ctx.db,
    );
    try {
      const res = await call(t, 'POST', `/admin/kyc/documents/${front}/approve`, reviewer, { birthday: yearsAgo(17) });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER test_refuse_under_age_row ON audit_log`.execute(t.ctx.db);
      await sql`DROP FUNCTION test_refuse_under_age_row()`.execute(t.ctx.db);
    }
    const panel = (await call(t, 'GET', `/admin/kyc/members/${m.id}`, reviewer)).json().value;
    expect(panel).toMatchObject({ accountStatus: 'active', underAge: null });
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(20_000);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('closes the account when the reviewer reads an under-age birthday off the document; a cashier pays the refund once', {
    tags: ['postgres'],
  }, async () => {
    const m = await depositedMember(300);
    await call(t, 'POST', '/wps/kyc/details', m.token, { fullName: 'Young Player', birthday: '1990-01-01' });
    const front = (await upload(m.token, 'id_front', { data: await png(), contentType: 'image/png' })).json().value.id;
    const res = await call(t, 'POST', `/admin/kyc/documents/${front}/approve`, reviewer, { birthday: yearsAgo(17) });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ accountStatus: 'disabled', underAge: { refunded: 300, payout: null } });
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(0);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);

    // The refund is paid out once, by a cashier, as an approved withdrawal to the verified payee.
    const refund = (token: string, memberId = m.id) => call(t, 'POST', `/admin/kyc/members/${memberId}/refund`, token);
    const bankAccount = async (accountName: string) =>
      (
        await t.ctx.db
          .insertInto('member_bank_accounts')
          .values({
            member_id: m.id,
            bank_name: 'BDO',
            account_name: accountName,
            account_number: `12${Math.floor(Math.random() * 1e10)}`,
            status: 'confirmed',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    expectFailure(await refund(reviewer), 403, 'AUTH_FORBIDDEN');
    await bankAccount('Somebody Else');
    expectFailure(await refund(cashierOp), 409, 'KYC_REFUND_NO_PAYEE');
    const payee = await bankAccount('YOUNG  player');
    const adult = await depositedMember(100);
    expectFailure(await refund(cashierOp, adult.id), 409, 'KYC_REFUND_NONE');

    const payableBefore = await houseBalance(t.ctx.db, 'withdrawals-payable', 'PHP');
    const clicks = await Promise.all([refund(cashierOp), refund(cashierOp)]);
    expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    const paid = clicks.find((c) => c.statusCode === 200);
    expectFailure(clicks.find((c) => c.statusCode === 409) as NonNullable<typeof paid>, 409, 'KYC_REFUND_PAID_OUT');
    const payout = paid?.json().value.underAge.payout;
    expect(payout).toMatchObject({ status: 'approved', reference: expect.stringMatching(/^W[0-9A-F]{20}$/) });
    const orders = await t.ctx.db.selectFrom('withdrawal_orders').selectAll().where('member_id', '=', m.id).execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ amount: 30_000, bank_account_id: payee, status: 'approved' });
    // Still on withdrawals-payable, now under the order; the member's cash is untouched.
    expect(await houseBalance(t.ctx.db, 'withdrawals-payable', 'PHP')).toBe(payableBefore);
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(0);

    // The cashier marks it paid in the existing withdrawal flow: the payable goes to the bank.
    const done = await call(
      t,
      'POST',
      `/admin/cashier/withdrawals/${payout.reference}/paid`,
      cashierOp,
      payoutOf(await payingAccount(t)),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(await houseBalance(t.ctx.db, 'withdrawals-payable', 'PHP')).toBe(payableBefore - 30_000);
    const panel = (await call(t, 'GET', `/admin/kyc/members/${m.id}`, reviewer)).json().value;
    expect(panel.underAge.payout).toEqual({ reference: payout.reference, status: 'paid' });
    expectFailure(await refund(cashierOp), 409, 'KYC_REFUND_PAID_OUT');
    const audits = await t.ctx.db
      .selectFrom('audit_log')
      .select(['success', sql<string>`detail->>'code'`.as('code')])
      .where('event', '=', 'kyc.refund')
      .where(sql<string>`detail->>'target'`, '=', `member:${m.id}`)
      .execute();
    expect(audits.filter((a) => a.success)).toHaveLength(1);
    expect(audits.filter((a) => a.code === 'KYC_REFUND_PAID_OUT')).toHaveLength(2);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });
});
