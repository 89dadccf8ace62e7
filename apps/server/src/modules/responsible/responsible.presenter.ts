import type {
  BreakView,
  LimitView,
  RealityCheckValue,
  ResponsibleValue,
  StatementValue,
} from '@gamehall/shared/api/responsible';
import type { StatementRow } from './responsible.queries';
import type { ActiveBreak, LimitState } from './responsible.service';

// Row -> response for the member's page and the back office: minor units ->
// major units at the JSON edge; the session limit stays in minutes.
function shown(key: string, value: number): number {
  return key === 'sessionMinutes' ? value : value / 100;
}

export function presentLimit(s: LimitState): LimitView {
  return {
    key: s.key,
    value: s.value === null ? null : shown(s.key, s.value),
    used: shown(s.key, s.used),
    pending: s.pending
      ? { value: s.pending.value === null ? null : shown(s.key, s.pending.value), effectiveAt: s.pending.effectiveAt }
      : null,
  };
}

export function presentBreak(b: ActiveBreak | null): BreakView | null {
  if (!b) return null;
  return {
    kind: b.kind,
    period: b.period as BreakView['period'],
    startedAt: b.startedAt.toISOString(),
    until: b.until?.toISOString() ?? null,
  };
}

export function presentResponsible(v: {
  limits: LimitState[];
  realityCheckMinutes: number | null;
  break: ActiveBreak | null;
  currency: string;
  timeZone: string;
}): ResponsibleValue {
  return {
    timeZone: v.timeZone,
    currency: v.currency,
    limits: v.limits.map(presentLimit),
    realityCheckMinutes: v.realityCheckMinutes,
    break: presentBreak(v.break),
  };
}

export function presentRealityCheck(v: {
  minutes: number | null;
  loginAt: Date;
  now: Date;
  playedMinutes: number;
  net: number;
  currency: string;
}): RealityCheckValue {
  return {
    minutes: v.minutes,
    loginAt: v.loginAt.toISOString(),
    now: v.now.toISOString(),
    playedMinutes: v.playedMinutes,
    net: v.net / 100,
    currency: v.currency,
  };
}

export function presentStatement(v: { currency: string; timeZone: string; rows: StatementRow[] }): StatementValue {
  return {
    currency: v.currency,
    timeZone: v.timeZone,
    months: v.rows.map((r) => ({
      month: r.month,
      deposits: r.deposits / 100,
      withdrawals: r.withdrawals / 100,
      bets: r.bets / 100,
      wins: r.wins / 100,
      net: (r.wins - r.bets) / 100,
    })),
  };
}
