import { randomBytes } from 'node:crypto';
import {
  CAMPAIGN_PLACEHOLDERS,
  type CampaignChannel,
  type CampaignText,
  type SegmentFilter,
} from '@gamehall/shared/api/campaigns';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { AppError } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import { publishToAudienceAfterCommit } from '../../realtime/event-bus';
import { getBrand } from '../brand/brand.service';
import {
  cancelCampaign as cancelScheduled,
  claimCampaign,
  dueCampaigns,
  findCampaign,
  findCampaignIdByKey,
  findRecipientByToken,
  findSegment,
  insertCampaign,
  insertCampaignMessages,
  insertClick,
  insertRecipients,
  insertSegment,
  listSegments,
  pageCampaigns,
  recordReach,
  type SegmentMember,
  segmentMembers,
  segmentReach,
  segmentSize,
} from './campaigns.queries';
import { assertReachConfirmed, type SendConfirmation, sendOnce } from './mass-send.service';
import { MESSAGE_EVENT } from './messages.service';

// Campaigns (docs/campaigns.md): a message to a saved segment by inbox, SMS and mail, rendered per
// member from per-language templates, confirmed with its reach, sent now or by the job at its time.

// ---- segments

/** A filter narrows nothing (its status aside): a segment of everyone. */
export function isEveryone(filter: SegmentFilter): boolean {
  return (
    filter.q === undefined &&
    filter.tag === undefined &&
    !filter.agentsOnly &&
    filter.vipMin === undefined &&
    filter.vipMax === undefined
  );
}

export async function createSegment(
  ctx: AppContext,
  operatorId: number,
  input: { name: string; filter: SegmentFilter },
) {
  let row: Awaited<ReturnType<typeof insertSegment>>;
  try {
    row = await insertSegment(ctx.db, { ...input, createdBy: operatorId, now: ctx.now() });
  } catch (error) {
    // The unique index on lower(name) (migration 0104): checked by the insert, so two saves at once cannot both win.
    if ((error as { code?: unknown }).code === '23505') throw new AppError('CAMPAIGN_SEGMENT_NAME_TAKEN');
    throw error;
  }
  return { ...row, size: await segmentSize(ctx.db, row.filter) };
}

/** The saved segments, each with its size evaluated now, and the brand's languages, its default first. */
export async function segments(ctx: AppContext) {
  const [rows, brand] = await Promise.all([listSegments(ctx.readDb), getBrand(ctx.db)]);
  const sized = await Promise.all(
    rows.map(async (row) => ({ ...row, size: await segmentSize(ctx.readDb, row.filter) })),
  );
  const languages = brand.supportedLanguages.map((l) => l.toUpperCase());
  const first = brand.defaultLanguage.toUpperCase();
  return {
    rows: sized,
    languages: languages.includes(first) ? [first, ...languages.filter((l) => l !== first)] : languages,
  };
}

async function segmentOf(db: Conn, id: number) {
  const segment = await findSegment(db, id);
  if (!segment) throw new AppError('CAMPAIGN_NOT_FOUND');
  return segment;
}

// ---- templates

type Template = {
  segmentId: number;
  channels: CampaignChannel[];
  texts: Record<string, CampaignText>;
  fallbackLanguage: string;
};

const PLACEHOLDER = /\{([A-Za-z_]+)\}/g;
// A URL ends before white space and before a closing punctuation mark that ends a sentence.
const URL = /https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)]/g;
const MAX_LINKS = 20;

function textsOf(t: CampaignText): string[] {
  return [t.title, t.content, ...(t.sms === undefined ? [] : [t.sms])];
}

/**
 * Refuses a template a member could not be sent: a language the brand does not offer, no text in
 * the fallback language, no SMS text there when SMS is a channel, a placeholder that is not one of
 * CAMPAIGN_PLACEHOLDERS, more links than are tracked. Returns the links to track, in order.
 */
async function checkTemplate(db: Conn, t: Template): Promise<{ links: string[]; languages: string[] }> {
  const brand = await getBrand(db);
  const languages = brand.supportedLanguages.map((l) => l.toUpperCase());
  const foreign = Object.keys(t.texts).filter((l) => !languages.includes(l));
  if (foreign.length > 0) throw new AppError('CAMPAIGN_TEMPLATE_INVALID', { value: { languages: foreign } });
  const fallback = t.texts[t.fallbackLanguage];
  if (!fallback) throw new AppError('CAMPAIGN_TEMPLATE_INVALID', { value: { fallbackLanguage: t.fallbackLanguage } });
  if (t.channels.includes('sms') && fallback.sms === undefined)
    throw new AppError('CAMPAIGN_TEMPLATE_INVALID', { value: { sms: t.fallbackLanguage } });
  const all = Object.values(t.texts).flatMap(textsOf);
  const known = CAMPAIGN_PLACEHOLDERS as readonly string[];
  const unknown = [...new Set(all.flatMap((s) => [...s.matchAll(PLACEHOLDER)].map((m) => m[1] as string)))].filter(
    (p) => !known.includes(p),
  );
  if (unknown.length > 0) throw new AppError('CAMPAIGN_TEMPLATE_INVALID', { value: { placeholders: unknown } });
  const links = [...new Set(all.flatMap((s) => s.match(URL) ?? []))];
  if (links.length > MAX_LINKS) throw new AppError('CAMPAIGN_TEMPLATE_INVALID', { value: { links: links.length } });
  return { links, languages };
}

type Rendered = { title: string; content: string; sms: string | null };

/**
 * The template in `language` (the fallback's text when that language has none; its SMS text when
 * the language's own has none) for one member: each tracked link replaced by the member's tracked
 * URL first, then the placeholders filled, so a value that looks like a URL or a placeholder is
 * taken as written.
 */
function renderFor(
  t: Pick<Template, 'texts' | 'fallbackLanguage'>,
  language: string,
  values: Record<string, string> | null,
  track: ((url: string) => string) | null,
): Rendered & { fallback: boolean } {
  const own = t.texts[language];
  const text = own ?? (t.texts[t.fallbackLanguage] as CampaignText);
  const sms = text.sms ?? t.texts[t.fallbackLanguage]?.sms ?? null;
  const fill = (s: string) => {
    const linked = track ? s.replace(URL, track) : s;
    return values ? linked.replace(PLACEHOLDER, (whole, key: string) => values[key] ?? whole) : linked;
  };
  return {
    fallback: own === undefined,
    title: fill(text.title),
    content: fill(text.content),
    sms: sms === null ? null : fill(sms),
  };
}

function valuesOf(m: SegmentMember, brand: { siteName: string; currency: string }): Record<string, string> {
  return {
    name: m.nickname?.trim() || m.username,
    username: m.username,
    vip_level: String(m.vip_level),
    site: brand.siteName,
    currency: brand.currency,
  };
}

function phoneOf(m: SegmentMember): string | null {
  if (!m.mobile_num || !m.country_dialing_code) return null;
  return `+${m.country_dialing_code.replace(/\D/g, '')}${m.mobile_num}`;
}

function reachOn(channels: CampaignChannel[], r: { members: number; sms: number; mail: number }) {
  return {
    members: r.members,
    inbox: channels.includes('inbox') ? r.members : 0,
    sms: channels.includes('sms') ? r.sms : 0,
    mail: channels.includes('mail') ? r.mail : 0,
  };
}

/** Where SMS and mail go: a configured provider, or the outbox alone (readable at /dev/outbox in demo mode). */
export function deliveryOf(ctx: AppContext) {
  return {
    sms: ctx.config.smsHttpUrl ? ('provider' as const) : ('outbox' as const),
    mail: ctx.config.smtpUrl ? ('provider' as const) : ('outbox' as const),
  };
}

/**
 * What a campaign would be: its reach on each channel now, whether the segment is everyone, and
 * its text in each of the brand's languages, filled with the values of the segment's first member.
 */
export async function preview(ctx: AppContext, t: Template) {
  const { languages } = await checkTemplate(ctx.db, t);
  const segment = await segmentOf(ctx.db, t.segmentId);
  const now = ctx.now();
  const brand = await getBrand(ctx.db);
  const [reach, [sample]] = await Promise.all([
    segmentReach(ctx.readDb, segment.filter, now),
    segmentMembers(ctx.readDb, segment.filter, now, 1),
  ]);
  const values = sample ? valuesOf(sample, brand) : null;
  return {
    reach: reachOn(t.channels, reach),
    everyone: isEveryone(segment.filter),
    delivery: deliveryOf(ctx),
    sample: sample?.username ?? null,
    languages: languages.map((language) => ({ language, ...renderFor(t, language, values, null) })),
  };
}

// ---- campaigns

export type NewCampaign = Template & SendConfirmation & { name: string; sendAt?: string | undefined };

/**
 * Saves a campaign after its reach is confirmed as it is now (and, for a segment of everyone, typed
 * in by hand: never one click), and sends it at once when its time is now or past; once per
 * idempotency key (the same key again answers the campaign it made and sends nothing).
 */
export async function createCampaign(ctx: AppContext, operatorId: number, input: NewCampaign) {
  const now = ctx.now();
  const sendAt = input.sendAt ? new Date(input.sendAt) : now;
  return ctx.db.transaction().execute(async (trx) => {
    const id = await sendOnce(
      () => findCampaignIdByKey(trx, input.idempotencyKey),
      async () => {
        const { links } = await checkTemplate(trx, input);
        const segment = await segmentOf(trx, input.segmentId);
        const reach = await segmentReach(trx, segment.filter, now);
        assertReachConfirmed('CAMPAIGN_REACH_UNCONFIRMED', reach.members, isEveryone(segment.filter), input);
        const made = await insertCampaign(trx, {
          name: input.name,
          segmentId: segment.id,
          channels: input.channels,
          texts: input.texts,
          fallbackLanguage: input.fallbackLanguage,
          links,
          sendAt: sendAt < now ? now : sendAt,
          confirmedReach: reach.members,
          sendKey: input.idempotencyKey,
          createdBy: operatorId,
          now,
        });
        if (!made) return undefined;
        if (sendAt <= now) await sendCampaign(ctx, trx, made.id, now);
        return made.id;
      },
    );
    return campaignById(trx, id);
  });
}

async function campaignById(db: Conn, id: number) {
  const row = await findCampaign(db, id);
  if (!row) throw new Error(`campaign ${id} vanished`);
  const segment = await findSegment(db, row.segment_id);
  return { ...row, segment_name: segment?.name ?? '', read_count: 0, clicks: 0, clickers: 0 };
}

const CHUNK = 500;

/**
 * Sends a scheduled campaign in the caller's transaction: claims it (scheduled -> sent), evaluates
 * its segment now, and writes every delivery: the inbox copies, the outbox's SMS and mail, and the
 * recipients with their link tokens. Claim and deliveries commit together or not at all, so a
 * campaign goes out exactly once whatever runs it (the request, the job on any node, a restart).
 * False when it was no longer scheduled.
 */
async function sendCampaign(ctx: AppContext, trx: Conn, id: number, now: Date): Promise<boolean> {
  const campaign = await claimCampaign(trx, id, now);
  if (!campaign) return false;
  const segment = await segmentOf(trx, campaign.segment_id);
  const brand = await getBrand(trx);
  const members = await segmentMembers(trx, segment.filter, now);
  const channels = campaign.channels;
  const base = `${ctx.config.publicUrl.replace(/\/+$/, '')}/wps/campaign-link`;
  const template = { texts: campaign.texts, fallbackLanguage: campaign.fallback_language };
  const reach = { members: members.length, inbox: 0, sms: 0, mail: 0 };
  for (let i = 0; i < members.length; i += CHUNK) {
    const chunk = members.slice(i, i + CHUNK);
    const recipients = chunk.map((m) => ({ memberId: m.id, token: randomBytes(16).toString('base64url') }));
    const inbox: { memberId: number; title: string; content: string }[] = [];
    for (const [j, m] of chunk.entries()) {
      const token = (recipients[j] as { token: string }).token;
      const track = (url: string) => `${base}/${token}/${campaign.links.indexOf(url)}`;
      const text = renderFor(template, m.language.toUpperCase(), valuesOf(m, brand), track);
      if (channels.includes('inbox')) inbox.push({ memberId: m.id, title: text.title, content: text.content });
      const phone = phoneOf(m);
      if (channels.includes('sms') && phone && text.sms !== null) {
        await ctx.messenger.sms(trx, { to: phone, text: text.sms });
        reach.sms++;
      }
      if (channels.includes('mail') && m.email) {
        await ctx.messenger.mail(trx, { to: m.email, subject: text.title, text: text.content });
        reach.mail++;
      }
    }
    await insertRecipients(trx, id, recipients);
    await insertCampaignMessages(trx, id, inbox, now);
    reach.inbox += inbox.length;
  }
  await recordReach(trx, id, reach);
  // One notice for every connected member's badge (messages.service audienceMembers resolves it).
  if (reach.inbox > 0)
    await publishToAudienceAfterCommit(trx, { campaign: id }, { type: MESSAGE_EVENT, data: { kind: null } });
  return true;
}

export async function cancelCampaign(ctx: AppContext, id: number) {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await findCampaign(trx, id))) throw new AppError('CAMPAIGN_NOT_FOUND');
    if (!(await cancelScheduled(trx, id))) throw new AppError('CAMPAIGN_NOT_SCHEDULED');
    return campaignById(trx, id);
  });
}

export function campaigns(ctx: AppContext, page: { pageNo: number; pageSize: number }) {
  return pageCampaigns(ctx.db, pageWindow(page));
}

/**
 * The scheduled-sending job: every campaign whose time has come goes out, each in a transaction of
 * its own. The due row is taken FOR UPDATE SKIP LOCKED, so another worker passes over a campaign
 * being sent and finds it sent once that commits.
 */
export async function sendDueCampaigns(ctx: AppContext, max = 50): Promise<number> {
  let sent = 0;
  for (let i = 0; i < max; i++) {
    const done = await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      const [id] = await dueCampaigns(trx, now, 1);
      if (id === undefined) return null;
      return sendCampaign(ctx, trx, id, now);
    });
    if (done === null) break;
    if (done) sent++;
  }
  return sent;
}

/**
 * A click on a tracked link: counted for the campaign and member the token names, and answered
 * with the link's address. An unknown token or link number is not found (nothing is redirected
 * anywhere a campaign did not name).
 */
export async function followLink(ctx: AppContext, token: string, n: number): Promise<string> {
  const recipient = await findRecipientByToken(ctx.db, token);
  const url = recipient?.links[n];
  if (!recipient || url === undefined) throw new AppError('NOT_FOUND');
  await insertClick(ctx.db, {
    campaignId: recipient.campaign_id,
    memberId: recipient.member_id,
    linkNo: n,
    now: ctx.now(),
  });
  return url;
}
