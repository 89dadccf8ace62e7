import type { LotteryGame } from '@gamehall/shared/api/lottery';
import { useQuery } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { launchGame } from '../../components/game-actions';
import { DEFAULT_GAME_ICON } from '../../components/game-tile';
import { ApiError } from '../../lib/api-client';
import { imageUrl } from '../../lib/art';
import { vendorDisplayName } from '../../lib/game-menus';
import { lotteryMenuQuery, lotteryPopularQuery, lotteryRecentQuery, openedNumeroQuery } from './api';

export type LotteryKind = 'lottery' | 'seaLottery' | 'vnLottery';

/** Which menu each lottery route asks for (spec §2 routes, §7 lottery menus). */
export function lotteryMenuInput(kind: LotteryKind): { prizeMode?: string; vassalage?: string } {
  if (kind === 'seaLottery') return { prizeMode: 'SEA' };
  if (kind === 'vnLottery') return { vassalage: 'TCG_LOTTO_VN' };
  return {};
}

/** Seconds left until `iso`, never negative. */
export function secondsUntil(iso: string, now: number): number {
  return Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));
}

function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/**
 * spec §2 /lottery, /seaLottery, /vnLottery (header only, sign-in required): the lottery menus with
 * each game's open draw; the gameCode query picks a game, which opens in the page by its launch URL.
 */
export function LotteryPage({ kind }: { kind: LotteryKind }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language.toUpperCase();
  const [params, setParams] = useSearchParams();
  const gameCode = params.get('gameCode');
  // Game codes repeat across lottery vendors: the vassalage query, when present, names the vendor.
  const vendor = params.get('vassalage');
  const menu = useQuery(lotteryMenuQuery({ ...lotteryMenuInput(kind), language }));
  const recent = useQuery(lotteryRecentQuery(language));
  const popular = useQuery(lotteryPopularQuery(language));
  const games = menu.data?.menus.flatMap((m) => m.games) ?? [];
  const matches = (g: LotteryGame) => g.gameCode === gameCode && (!vendor || g.vassalage === vendor);
  const selected =
    games.find(matches) ??
    (gameCode ? [...(recent.data?.list ?? []), ...(popular.data?.list ?? [])].find(matches) : undefined);
  const launch = useQuery({
    queryKey: ['games', 'lotteryLaunch', selected?.nodeId, language],
    queryFn: () => launchGame({ nodeId: selected?.nodeId ?? 0 }, language),
    enabled: Boolean(selected),
    retry: false,
    staleTime: 10 * 60_000,
  });
  const choose = (g: LotteryGame) => setParams({ gameCode: g.gameCode, vassalage: g.vassalage }, { replace: true });
  // Without a gameCode the first game of the menu opens.
  useEffect(() => {
    const first = games[0];
    if (!gameCode && first) setParams({ gameCode: first.gameCode, vassalage: first.vassalage }, { replace: true });
  }, [gameCode, games, setParams]);

  return (
    <div className="grid min-h-[calc(100dvh-64px)] gap-4 p-4 lg:grid-cols-[300px_1fr]">
      <aside className="space-y-4" aria-label={t('games.lotteryMenu')}>
        <h1 className="flex items-center gap-2 text-xl font-bold">
          <Ticket className="text-(--accent)" aria-hidden />
          {t(`games.lotteryTitle.${kind}`)}
        </h1>
        {menu.isPending && <p className="text-sm text-(--text-muted)">{t('common.loading')}</p>}
        {menu.isError && <p className="text-sm text-(--danger)">{errorText(menu.error, t)}</p>}
        {menu.data?.menus.map((m) => (
          <section key={m.vassalage}>
            <h2 className="mb-2 text-sm font-semibold text-(--text-muted)" data-testid="lottery-vendor">
              {vendorDisplayName(m.vassalage, m.vendorName, t)}
            </h2>
            <GameButtons games={m.games} selected={selected} onChoose={choose} />
          </section>
        ))}
        {(recent.data?.list.length ?? 0) > 0 && (
          <section>
            <h2 className="mb-2 text-sm font-semibold text-(--text-muted)">{t('games.recent')}</h2>
            <GameButtons games={recent.data?.list ?? []} selected={selected} onChoose={choose} />
          </section>
        )}
        {(popular.data?.list.length ?? 0) > 0 && (
          <section>
            <h2 className="mb-2 text-sm font-semibold text-(--text-muted)">{t('games.popular')}</h2>
            <GameButtons games={popular.data?.list ?? []} selected={selected} onChoose={choose} />
          </section>
        )}
        {menu.data && games.length === 0 && <p className="text-sm text-(--text-muted)">{t('games.empty')}</p>}
      </aside>
      <section className="flex min-h-[520px] flex-col overflow-hidden rounded-xl bg-(--surface-raised)">
        {selected && <DrawBar game={selected} language={language} />}
        {launch.data ? (
          <iframe
            title={selected?.gameName ?? t('games.lottery')}
            src={launch.data.url}
            className="w-full flex-1 border-0 bg-black"
            data-testid="lottery-frame"
          />
        ) : (
          <p className="m-auto p-8 text-center text-(--text-muted)" role={launch.isError ? 'alert' : undefined}>
            {launch.isError ? errorText(launch.error, t) : selected ? t('common.loading') : t('games.pickLottery')}
          </p>
        )}
      </section>
    </div>
  );
}

function errorText(err: unknown, t: (k: string, o?: Record<string, unknown>) => string): string {
  return err instanceof ApiError ? t(`errors.${err.code}`, { defaultValue: err.message }) : t('errors.INTERNAL_ERROR');
}

function GameButtons({
  games,
  selected,
  onChoose,
}: {
  games: LotteryGame[];
  selected: LotteryGame | undefined;
  onChoose: (g: LotteryGame) => void;
}) {
  const isSelected = (g: LotteryGame) => selected?.gameCode === g.gameCode && selected.vassalage === g.vassalage;
  return (
    <ul className="space-y-1">
      {games.map((g) => (
        <li key={`${g.vassalage}-${g.gameCode}`}>
          <button
            type="button"
            aria-pressed={isSelected(g)}
            onClick={() => onChoose(g)}
            className={`flex w-full items-center gap-2 rounded-lg p-2 text-left text-sm ${isSelected(g) ? 'bg-(--accent) text-(--accent-contrast)' : 'hover:bg-(--surface-raised)'}`}
          >
            <img
              src={imageUrl(g.iconUrl || DEFAULT_GAME_ICON)}
              alt=""
              width={32}
              height={32}
              className="size-8 rounded"
            />
            <span className="flex-1 truncate font-semibold">{g.gameName}</span>
            <span className="text-xs tabular-nums opacity-80">{g.openDraw.numero}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The open draw of the chosen game with its countdown to closing. The draws before it are shown by
 * the game page, with their numbers: the schedule's past numeros alone would name draws that may
 * never have run (the game page says when none has).
 */
function DrawBar({ game, language }: { game: LotteryGame; language: string }) {
  const { t } = useTranslation();
  const opened = useQuery(openedNumeroQuery({ vassalage: game.vassalage, gameCode: game.gameCode, language })).data;
  const draw = opened?.game.openDraw ?? game.openDraw;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="flex flex-wrap items-center gap-4 border-b border-(--text-muted)/20 px-4 py-2 text-sm">
      <span className="font-bold">{game.gameName}</span>
      <span>
        {t('games.draw')} <span className="font-semibold tabular-nums">{draw.numero}</span>
      </span>
      <span aria-live="off">
        {t('games.closesIn')}{' '}
        <span className="font-semibold text-(--accent) tabular-nums">{clock(secondsUntil(draw.closesAt, now))}</span>
      </span>
    </div>
  );
}

export const LotteryRoute = () => <LotteryPage key="lottery" kind="lottery" />;
export const SeaLotteryRoute = () => <LotteryPage key="seaLottery" kind="seaLottery" />;
export const VnLotteryRoute = () => <LotteryPage key="vnLottery" kind="vnLottery" />;
