import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

describe('demo outbox (demo mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.ctx.messenger.sms(t.ctx.db, { to: '639171234567', text: 'Your code is 482913', code: '482913' });
    await t.ctx.messenger.mail(t.ctx.db, {
      to: 'player@example.com',
      subject: 'Reset',
      text: 'Hi <script>alert("x")</script> & \'bye\'',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the outbox as a bare JSON array, newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const rows = res.json() as Record<string, unknown>[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.slice(0, 2)).toEqual([
      {
        channel: 'email',
        to: 'player@example.com',
        text: 'Hi <script>alert("x")</script> & \'bye\'',
        code: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      },
      {
        channel: 'sms',
        to: '639171234567',
        text: 'Your code is 482913',
        code: '482913',
        createdAt: expect.any(String),
      },
    ]);
  });

  it('renders a page with every row, escaping what it shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const html = res.body;
    expect(html).toContain('<h1>Demo outbox</h1>');
    expect(html).toContain('<meta http-equiv="refresh" content="3">');
    expect(html).toContain('color-scheme: dark');
    for (const heading of ['Channel', 'Recipient', 'Text', 'Code', 'Time'])
      expect(html).toContain(`<th>${heading}</th>`);
    expect(html).toContain('639171234567');
    expect(html).toContain('482913');
    expect(html).toContain('Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;bye&#39;');
    expect(html).not.toContain('<script');
    // Newest first on the page too.
    expect(html.indexOf('player@example.com')).toBeLessThan(html.indexOf('639171234567'));
  });

  it('escapes the recipient and code columns too', async () => {
    await t.ctx.messenger.sms(t.ctx.db, { to: '"><img src=x onerror=alert(1)>', text: 'x', code: '<b>1</b>' });
    const html = (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).body;
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>1</b>');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;1&lt;/b&gt;');
  });
});

describe('demo outbox (demo mode off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
    await t.ctx.messenger.sms(t.ctx.db, { to: '639170000000', text: 'secret 111111', code: '111111' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/wps/captcha' })).statusCode).toBe(200);
    const kept = await t.ctx.db.selectFrom('captchas').select('demo_answer').execute();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((row) => row.demo_answer === null)).toBe(true);
    for (const url of ['/dev/outbox', '/dev/outbox.json', '/dev/captcha.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(res.body).not.toContain('111111');
    }
  });
});
