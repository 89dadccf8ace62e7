import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { actors, expectFailure, injectMultipart, multipart, PNG_BYTES } from './cashier.fixtures';

// The two multipart routes (a deposit's transfer proof, a withdrawal's receipt confirmation): a body
// that is not well-formed multipart is the client's fault, a 400, never a 500.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await actors(() => t, createMember).member()).token;
});
afterAll(() => t.close());

const ROUTES = ['/wps/cashier/deposit/D0123456789ABCDEF/proof', '/wps/cashier/withdraw/W0123456789ABCDEF/receipt'];

function raw(url: string, contentType: string, payload: string | Buffer) {
  return t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, authorization: token } });
}

describe('malformed multipart bodies', () => {
  it('are 400 BAD_REQUEST on every multipart route', async () => {
    const good = multipart([{ name: 'image', filename: 'a.png', contentType: 'image/png', data: PNG_BYTES }]);
    const boundary = good.contentType.split('boundary=')[1] ?? '';
    const bodies: Array<[string, string | Buffer]> = [
      // Cut off in the middle of a file.
      [good.contentType, good.payload.subarray(0, good.payload.length - 30)],
      // No closing delimiter at all.
      [good.contentType, `--${boundary}\r\nContent-Disposition: form-data; name="status"\r\n\r\nreceived`],
      // A part header that is not a header.
      [good.contentType, `--${boundary}\r\nthis is not a header\r\n\r\nx\r\n--${boundary}--\r\n`],
      // A boundary the body never uses.
      ['multipart/form-data; boundary=nope', good.payload],
      // No boundary parameter.
      ['multipart/form-data', good.payload],
      // Not multipart at all.
      ['multipart/form-data; boundary=x', 'plain text'],
    ];
    for (const url of ROUTES)
      for (const [contentType, payload] of bodies) {
        const res = await raw(url, contentType, payload);
        expect({ url, contentType, status: res.statusCode }).toEqual({ url, contentType, status: 400 });
        expect(res.json().success).toBe(false);
      }
  });

  it('refuse a NUL in a text field with a field error', async () => {
    const res = await injectMultipart(t, ROUTES[1] as string, token, [
      { name: 'status', value: 'received' },
      { name: 'comment', value: 'thanks\u0000' },
    ]);
    expectFailure(res, 400, 'VALIDATION_FAILED');
    expect(res.json().value).toEqual({ fields: { comment: 'INVALID' } });
  });
});
