import type { PromotionInput, Wagering } from '@gamehall/shared/api/rewards';
import type { z } from 'zod';
import { contributionsOf, fullWeights, weightsOf } from '../../components/wagering-weights';
import type { Promotion } from './api';

// The promotion form's values (strings, as the inputs hold them) and the body they become. Kept apart
// from the page so the payload, the per-game-type wagering weights included, is tested on its own.

export function emptyPromotionForm() {
  return {
    type: 'DEPOSIT',
    kind: 'deposit_match',
    title: '',
    summary: '',
    rules: '',
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
  };
}

export type PromotionForm = ReturnType<typeof emptyPromotionForm>;
export type PromotionTextField = Exclude<
  keyof PromotionForm,
  'weights' | 'otherPercent' | 'requiresJoin' | 'onePerPerson' | 'rankingGameTypes' | 'sort'
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
  const { weights, otherPercent } = weightsOf(wagering);
  const empty = emptyPromotionForm();
  return {
    type: p.type,
    kind: p.kind,
    title: p.texts.en?.title ?? '',
    summary: p.texts.en?.summary ?? '',
    rules: p.texts.en?.rules ?? '',
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
  };
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
    texts: { en: { title: form.title, summary: form.summary, rules: form.rules } },
    sort: form.sort,
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
    },
  };
}
