import type { PromotionInput, Wagering } from '@gamehall/shared/api/rewards';
import type { z } from 'zod';
import { contributionsOf, fullWeights, weightsOf } from '../../components/wagering-weights';
import type { Promotion } from './api';

// The promotion form's values (strings, as the inputs hold them) and the body they become. Kept apart
// from the page so the payload, the per-game-type wagering weights included, is tested on its own.

export type LanguageText = { title: string; summary: string; rules: string };

export function emptyPromotionForm() {
  return {
    type: 'DEPOSIT',
    kind: 'deposit_match',
    /** Per brand language (lower case): a language whose title is left empty is not sent. */
    texts: {} as Record<string, LanguageText>,
    startsAt: '',
    endsAt: '',
    trigger: 'deposit',
    percent: '100',
    cap: '',
    minDeposit: '',
    nthDeposit: '1',
    amount: '',
    payAs: 'bonus',
    ticketKindId: '',
    multiple: '10',
    base: 'bonus',
    days: '30',
    /** Per game type, the percent (0-100) of a settled bet that counts towards the bonus's wagering. */
    weights: fullWeights(),
    /** What game types outside the list contribute; kept as the edited promotion has it. */
    otherPercent: 100,
    claimDays: '7',
    requiresJoin: false,
    onePerPerson: false,
    prizes: '',
    /** Kept as the edited promotion has them (the form has no inputs for these). */
    rankingGameTypes: [] as string[],
    sort: 0,
    /** Audience lists as typed, comma or space separated; empty: everyone. */
    vipLevels: '',
    tags: '',
    agentIds: '',
    countries: '',
    registeredFrom: '',
    registeredTo: '',
    budget: '',
    claimsCap: '',
    claimsPerMember: '',
    maxBet: '',
    imageId: null as number | null,
    imageUrl: null as string | null,
  };
}

export type PromotionForm = ReturnType<typeof emptyPromotionForm>;
export type PromotionTextField = Exclude<
  keyof PromotionForm,
  | 'weights'
  | 'otherPercent'
  | 'requiresJoin'
  | 'onePerPerson'
  | 'rankingGameTypes'
  | 'sort'
  | 'texts'
  | 'imageId'
  | 'imageUrl'
>;

/** Optional number field: empty -> undefined. */
const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** An optional number of the saved rules as its input's text. */
const text = (v: unknown) => (typeof v === 'number' ? String(v) : '');

/** Prizes per rank, first place first, as the operator types them: "1000, 500, 250". */
const prizeList = (v: string) =>
  v
    .split(/[,\s]+/)
    .filter((x) => x !== '')
    .map(Number);

/** A list as the operator types it: "gold, vip 2" -> ["gold", "vip", "2"]. */
const words = (v: string) => v.split(/[,\s]+/).filter((x) => x !== '');

/** datetime-local value of an ISO time, in the operator's time zone. */
function localInput(iso: string): string {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Whether the promotion pays a bonus with a wagering requirement (the weights apply to it). */
export function hasWagering(form: PromotionForm): boolean {
  return form.payAs === 'bonus';
}

/** The form of a promotion being edited, its wagering weights included. */
export function promotionFormOf(p: Promotion): PromotionForm {
  const r = p.rules as Record<string, unknown>;
  const wagering = r.wagering as Wagering | undefined;
  const ranking = r.ranking as { prizes?: number[]; gameTypes?: string[] } | undefined;
  const audience = (r.audience ?? {}) as {
    vipLevels?: number[];
    tags?: string[];
    agentIds?: number[];
    countries?: string[];
    registeredFrom?: string;
    registeredTo?: string;
  };
  const caps = (r.caps ?? {}) as { budget?: number; claims?: number; claimsPerMember?: number };
  const { weights, otherPercent } = weightsOf(wagering);
  const empty = emptyPromotionForm();
  return {
    type: p.type,
    kind: p.kind,
    texts: Object.fromEntries(
      Object.entries(p.texts).map(([language, x]) => [
        language,
        { title: x.title, summary: x.summary ?? '', rules: x.rules ?? '' },
      ]),
    ),
    startsAt: localInput(p.startsAt),
    endsAt: p.endsAt ? localInput(p.endsAt) : '',
    trigger: typeof r.trigger === 'string' ? r.trigger : empty.trigger,
    percent: text(r.percent),
    cap: text(r.cap),
    minDeposit: text(r.minDeposit),
    nthDeposit: text(r.nthDeposit),
    amount: text(r.amount),
    payAs: typeof r.payAs === 'string' ? r.payAs : empty.payAs,
    ticketKindId: text(r.ticketKindId),
    multiple: wagering ? String(wagering.multiple) : empty.multiple,
    base: wagering?.base ?? empty.base,
    days: wagering ? String(wagering.days) : empty.days,
    weights,
    otherPercent,
    claimDays: text(r.claimDays) || empty.claimDays,
    requiresJoin: r.requiresJoin === true,
    onePerPerson: r.onePerPerson === true,
    prizes: (ranking?.prizes ?? []).join(', '),
    rankingGameTypes: ranking?.gameTypes ?? [],
    sort: p.sort,
    vipLevels: (audience.vipLevels ?? []).join(', '),
    tags: (audience.tags ?? []).join(', '),
    agentIds: (audience.agentIds ?? []).join(', '),
    countries: (audience.countries ?? []).join(', '),
    registeredFrom: audience.registeredFrom ? localInput(audience.registeredFrom) : '',
    registeredTo: audience.registeredTo ? localInput(audience.registeredTo) : '',
    budget: text(caps.budget),
    claimsCap: text(caps.claims),
    claimsPerMember: text(caps.claimsPerMember),
    maxBet: text(r.maxBet),
    imageId: p.imageId,
    imageUrl: p.imageUrl,
  };
}

/** The audience of the form (undefined: everyone). */
function audienceOf(form: PromotionForm) {
  const audience = {
    vipLevels: words(form.vipLevels).map(Number),
    tags: words(form.tags),
    agentIds: words(form.agentIds).map(Number),
    countries: words(form.countries).map((c) => c.toUpperCase()),
    registeredFrom: form.registeredFrom ? new Date(form.registeredFrom).toISOString() : undefined,
    registeredTo: form.registeredTo ? new Date(form.registeredTo).toISOString() : undefined,
  };
  const empty =
    audience.vipLevels.length + audience.tags.length + audience.agentIds.length + audience.countries.length === 0 &&
    !audience.registeredFrom &&
    !audience.registeredTo;
  return empty ? undefined : audience;
}

function capsOf(form: PromotionForm) {
  const caps = { budget: num(form.budget), claims: num(form.claimsCap), claimsPerMember: num(form.claimsPerMember) };
  return Object.values(caps).every((v) => v === undefined) ? undefined : caps;
}

/**
 * The body of POST or PUT /admin/promotions. The weights must have been checked with weightErrors
 * (components/wagering-weights.ts) first.
 */
export function promotionPayload(form: PromotionForm, now = new Date()): z.input<typeof PromotionInput> {
  return {
    type: form.type as never,
    kind: form.kind as never,
    startsAt: new Date(form.startsAt || now).toISOString(),
    endsAt: form.endsAt ? new Date(form.endsAt).toISOString() : null,
    texts: Object.fromEntries(Object.entries(form.texts).filter(([, x]) => x.title.trim() !== '')),
    sort: form.sort,
    imageId: form.imageId,
    rules: {
      trigger: form.trigger as never,
      percent: form.kind === 'deposit_match' ? num(form.percent) : undefined,
      cap: num(form.cap),
      minDeposit: num(form.minDeposit),
      nthDeposit: num(form.nthDeposit),
      amount: form.kind === 'deposit_match' || form.kind === 'ranking' ? undefined : num(form.amount),
      payAs: form.payAs as never,
      // Tickets: `amount` is the number of tickets of this kind (fixed and application only).
      ticketKindId: form.payAs === 'ticket' && form.ticketKindId !== '' ? Number(form.ticketKindId) : undefined,
      // A bonus turns over multiple x its base within its days; each game type's bets count at its weight.
      wagering: hasWagering(form)
        ? {
            multiple: Number(form.multiple),
            base: form.base as never,
            contributions: contributionsOf(form.weights, form.otherPercent),
            otherPercent: form.otherPercent,
            days: Number(form.days),
          }
        : undefined,
      claimDays: Number(form.claimDays),
      requiresJoin: form.requiresJoin,
      onePerPerson: form.onePerPerson,
      ranking:
        form.kind === 'ranking' ? { prizes: prizeList(form.prizes), gameTypes: form.rankingGameTypes } : undefined,
      audience: audienceOf(form),
      caps: capsOf(form),
      maxBet: hasWagering(form) ? num(form.maxBet) : undefined,
    },
  };
}
