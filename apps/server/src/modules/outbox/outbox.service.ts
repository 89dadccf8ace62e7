import type { Config } from '../../config';
import type { Conn, Db } from '../../db/database';
import { insertOutbox, listPendingOutbox, listRecentOutbox, markOutbox } from './outbox.queries';

/**
 * SMS and mail go through the outbox (api-conventions: Challenge, captcha, SMS). A message is
 * written in the caller's transaction, so a rolled-back request sends nothing. With no provider
 * configured the row is simply kept (and shown at /dev/outbox in demo mode); with SMTP_URL or
 * SMS_HTTP_URL set, `deliverPending` hands pending rows to the provider after commit.
 */
export type Messenger = {
  sms(db: Conn, m: { to: string; text: string; code?: string }): Promise<void>;
  mail(db: Conn, m: { to: string; subject: string; text: string; code?: string }): Promise<void>;
  deliverPending(): Promise<number>;
};

type Transport = {
  sms?: (to: string, text: string) => Promise<void>;
  mail?: (to: string, subject: string, text: string) => Promise<void>;
};

export function createMessenger(config: Config, db: Db): Messenger {
  const transport = createTransport(config);
  return {
    async sms(conn, m) {
      await insertOutbox(conn, {
        channel: 'sms',
        recipient: m.to,
        subject: null,
        text: m.text,
        code: m.code ?? null,
        status: transport.sms ? 'pending' : 'kept',
      });
    },
    async mail(conn, m) {
      await insertOutbox(conn, {
        channel: 'email',
        recipient: m.to,
        subject: m.subject,
        text: m.text,
        code: m.code ?? null,
        status: transport.mail ? 'pending' : 'kept',
      });
    },
    async deliverPending() {
      if (!transport.sms && !transport.mail) return 0;
      let sent = 0;
      for (const row of await listPendingOutbox(db, 50)) {
        const send = row.channel === 'sms' ? transport.sms : transport.mail;
        if (!send) continue;
        try {
          if (row.channel === 'sms') await transport.sms!(row.recipient, row.text);
          else await transport.mail!(row.recipient, row.subject ?? '', row.text);
          await markOutbox(db, row.id, 'sent', new Date());
          sent++;
        } catch {
          await markOutbox(db, row.id, row.attempts >= 4 ? 'failed' : 'pending', new Date());
        }
      }
      return sent;
    },
  };
}

function createTransport(config: Config): Transport {
  const transport: Transport = {};
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    let mailer: Promise<import('nodemailer').Transporter> | undefined;
    transport.mail = async (to, subject, text) => {
      mailer ??= import('nodemailer').then((m) => m.createTransport(smtpUrl));
      await (await mailer).sendMail({ from: config.mailFrom, to, subject, text });
    };
  }
  if (config.smsHttpUrl) {
    const url = config.smsHttpUrl;
    transport.sms = async (to, text) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.smsHttpToken ? { authorization: `Bearer ${config.smsHttpToken}` } : {}),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    };
  }
  return transport;
}

/** Newest first, for the demo-mode /dev/outbox page and JSON. */
export async function recentOutbox(db: Db, limit = 100) {
  const rows = await listRecentOutbox(db, limit);
  return rows.map((r) => ({
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    text: r.text,
    code: r.code,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
