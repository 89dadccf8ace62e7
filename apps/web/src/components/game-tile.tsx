import type { Game } from '@gamehall/shared/api/games';
import { Heart, Wrench } from 'lucide-react';
import { memo, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrl } from '../lib/art';
import { gameSheetStore } from './game-sheet-store';
import { maintenanceBadge } from './maintenance-badge';

// Mirrors DEFAULT_GAME_ICON_URL of packages/shared/src/api/catalogue.ts: importing that module
// at run time would pull zod into the home chunk (ui-guide budget).
export const DEFAULT_GAME_ICON = '/art/games/default.svg';

/** spec §3: a default icon shows when the image fails (once: the default itself never loops). */
function fallBack(e: SyntheticEvent<HTMLImageElement>) {
  const img = e.currentTarget;
  if (!img.src.endsWith(DEFAULT_GAME_ICON)) img.src = imageUrl(DEFAULT_GAME_ICON);
}

export type GameTileProps = {
  game: Game;
  onPlay: (game: Game) => void;
  onTrial: (game: Game) => void;
  /** Present when the heart shows (members and guests; a guest's click opens the login popup). */
  onFavourite?: (game: Game) => void;
  /** Whether the game is a favourite (plain props, so memo skips tiles whose data did not change). */
  favourite?: boolean;
  /** The home live section's first two items are larger; the image then asks for more pixels. */
  large?: boolean;
  /** The tiles above the fold load at once; the rest lazily. */
  eager?: boolean;
};

/**
 * spec §2 "Game tile": artwork with the title below, hot tag, play now, free trial, favourite
 * heart. A tap on the artwork opens the game's sheet (play, free trial, favourite, what is known of
 * the game); on a touch screen that is the only way in, so no buttons are painted over the art, and
 * a mouse still finds Play now and Free trial when it hovers. The title may take two lines. Kept small (a handful of DOM nodes) because the grid renders hundreds of them, and cheap
 * to paint: no transitions or transforms (a hover zoom or fade makes Chromium keep extra layers
 * and repaint the artwork while the grid scrolls; docs/benchmarks.md "Games grid").
 */
export const GameTile = memo(function GameTile({
  game,
  onPlay,
  onTrial,
  onFavourite,
  favourite = false,
  large,
  eager,
}: GameTileProps) {
  const { t, i18n } = useTranslation();
  const name = game.gameName || game.nodeName;
  const size = large ? 400 : 200;
  const badge = maintenanceBadge(t, game, i18n.language);
  return (
    <div className="game-tile group relative flex h-full flex-col" data-node-id={game.nodeId}>
      <div className="relative aspect-square overflow-hidden rounded-xl bg-(--surface-raised)">
        <img
          src={imageUrl(game.iconUrl || game.showIcon || DEFAULT_GAME_ICON)}
          alt=""
          width={size}
          height={size}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={fallBack}
          className={`size-full object-cover ${game.maintenance ? 'opacity-60' : ''}`}
        />
        <button
          type="button"
          onClick={() => gameSheetStore.set({ game, play: onPlay, trial: onTrial })}
          aria-label={t('shell.aboutGame', { name })}
          aria-haspopup="dialog"
          className="absolute inset-0 size-full cursor-pointer rounded-xl focus-visible:outline-2 focus-visible:outline-(--accent)"
          data-testid="game-tile-open"
        />
        {/* spec §8 game maintenance: listed and marked (a vendor's with its announced end); Play now
            answers with other games to try. */}
        {badge && (
          <span
            className="pointer-events-none absolute inset-x-0 top-1/2 flex -translate-y-1/2 items-center justify-center gap-1 bg-black/75 px-1 py-1 text-center text-xs leading-tight font-bold text-white"
            data-testid="game-maintenance"
          >
            <Wrench size={12} className="shrink-0" aria-hidden />
            {badge}
          </span>
        )}
        <div className="absolute inset-x-0 bottom-0 flex flex-col gap-1.5 bg-black/70 p-2 opacity-0 group-hover:opacity-100 focus-within:opacity-100 [@media(hover:none)]:hidden">
          <button
            type="button"
            onClick={() => onPlay(game)}
            aria-label={`${t('games.playNow')}: ${name}`}
            className="rounded-md bg-(--accent) px-2 py-1.5 text-xs font-bold text-(--accent-contrast) hover:brightness-110"
          >
            {t('games.playNow')}
          </button>
          <button
            type="button"
            onClick={() => onTrial(game)}
            aria-label={`${t('games.freeTrial')}: ${name}`}
            className="rounded-md border border-white/70 px-2 py-1 text-xs font-semibold text-white hover:bg-white/15"
          >
            {t('games.freeTrial')}
          </button>
        </div>
      </div>
      {/* The artwork carries the vendor and category badges in its top corners: the hot tag and the
          heart go on the title line, where they cover nothing. */}
      <div className="mt-1.5 flex min-w-0 items-center gap-1.5 px-0.5">
        {game.isHot && (
          <span className="shrink-0 rounded bg-(--accent) px-1.5 py-0.5 text-[10px] font-bold text-(--accent-contrast) uppercase">
            {t('games.hot')}
          </span>
        )}
        <p className="line-clamp-2 min-w-0 flex-1 text-sm leading-4 font-semibold break-words" title={name}>
          {name}
        </p>
        {onFavourite && (
          <button
            type="button"
            onClick={() => onFavourite(game)}
            aria-pressed={favourite}
            aria-label={`${t(favourite ? 'games.removeFavourite' : 'games.addFavourite')}: ${name}`}
            className={`grid size-8 shrink-0 place-items-center rounded-full hover:bg-(--surface-raised) hover:text-(--accent) ${favourite ? 'text-(--accent)' : 'text-(--text-muted)'}`}
          >
            <Heart size={16} aria-hidden fill={favourite ? 'currentColor' : 'none'} />
          </button>
        )}
      </div>
    </div>
  );
});
