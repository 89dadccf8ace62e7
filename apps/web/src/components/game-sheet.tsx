import { Heart, Play, Sparkles, Wrench, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { imageUrl } from '../lib/art';
import { vendorDisplayName } from '../lib/game-menus';
import { useFavourites } from './game-actions';
import { gameSheetStore } from './game-sheet-store';
import { DEFAULT_GAME_ICON } from './game-tile';
import { maintenanceBadge } from './maintenance-badge';

/** A return to player fraction as the studio's paytable shows it, to two decimals at most: 0.965 is "96.5%". */
export function rtpText(rtp: number): string {
  return `${Number((rtp * 100).toFixed(2))}%`;
}

/**
 * A game's sheet, opened by a tap on its tile: the artwork and full title, what is known of the game
 * (provider, type, RTP and volatility where known), and its actions (play, free trial, favourite) as buttons a thumb can hit. A
 * bottom sheet on a phone, a small card on wider screens. Unlike the account modals of spec §2 it
 * closes on a tap outside it: it is a menu of one game, holding nothing typed.
 */
export function GameSheet() {
  const { t, i18n } = useTranslation();
  const request = gameSheetStore.use();
  const favourites = useFavourites();
  if (!request) return null;
  const { game } = request;
  const name = game.gameName || game.nodeName;
  const favourite = favourites.isFavourite(game.nodeId);
  const close = () => gameSheetStore.set(null);
  // Closed first: play may go full screen and leave the page, which must not keep the sheet.
  const then = (action: (g: typeof game) => void) => () => {
    close();
    action(game);
  };
  const facts: [string, string][] = [
    [t('games.vendor'), game.accountTypeName || vendorDisplayName(game.vassalage, undefined, t)],
    [t('games.gameType'), t(`categories.${game.gameType}`, { defaultValue: game.gameType })],
  ];
  // Only the games whose maker gives the platform the figures carry them (the house studio's slots):
  // another game shows neither line rather than a guess. A list answered before the server carried
  // the fields (a page kept open across a deploy) lacks them: no line either.
  if (typeof game.rtp === 'number') facts.push([t('games.rtp'), rtpText(game.rtp)]);
  const levels = {
    low: t('games.volatilityLevel.low'),
    medium: t('games.volatilityLevel.medium'),
    high: t('games.volatilityLevel.high'),
  };
  if (game.volatility && levels[game.volatility]) facts.push([t('games.volatility'), levels[game.volatility]]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-fade fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="game-sheet"
          className="modal-fade fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto rounded-t-2xl bg-(--surface-raised) p-5 pb-[calc(1.25rem+env(safe-area-inset-bottom))] text-(--text) shadow-2xl sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:w-[26rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
        >
          <div className="mx-auto mb-4 h-1 w-10 rounded-full bg-(--text-muted)/40 sm:hidden" aria-hidden />
          <div className="flex items-start gap-4 pr-8">
            <img
              src={imageUrl(game.iconUrl || game.showIcon || DEFAULT_GAME_ICON)}
              alt=""
              width={88}
              height={88}
              className="size-22 shrink-0 rounded-xl bg-(--surface) object-cover"
            />
            <div className="min-w-0">
              <Dialog.Title className="text-lg leading-snug font-bold break-words">{name}</Dialog.Title>
              {game.isHot && (
                <span className="mt-1 inline-block rounded bg-(--accent) px-1.5 py-0.5 text-[10px] font-bold text-(--accent-contrast) uppercase">
                  {t('games.hot')}
                </span>
              )}
              {game.maintenance && (
                <p className="mt-1 flex items-center gap-1 text-sm text-(--text-muted)">
                  <Wrench size={14} className="shrink-0" aria-hidden />
                  {maintenanceBadge(t, game, i18n.language)}
                </p>
              )}
            </div>
          </div>
          <Dialog.Close
            aria-label={t('common.close')}
            className="absolute top-4 right-4 rounded p-1 text-(--text-muted) hover:bg-(--surface) hover:text-(--text)"
          >
            <X size={20} aria-hidden />
          </Dialog.Close>
          <dl className="my-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-(--text-muted)">{label}</dt>
                <dd className="min-w-0 font-semibold break-words">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-col gap-2">
            <button
              type="button"
              onClick={then(request.play)}
              className="flex items-center justify-center gap-2 rounded-lg bg-(--accent) px-4 py-3 font-bold text-(--accent-contrast) hover:brightness-110"
            >
              <Play size={18} aria-hidden fill="currentColor" />
              {t('games.playNow')}
            </button>
            <div className="grid grid-cols-2 gap-2">
              <button
                type="button"
                onClick={then(request.trial)}
                className="flex items-center justify-center gap-2 rounded-lg border border-(--text-muted)/40 px-3 py-2.5 text-sm font-semibold hover:border-(--accent)"
              >
                <Sparkles size={16} aria-hidden />
                {t('games.freeTrial')}
              </button>
              <button
                type="button"
                onClick={() => {
                  // A guest or a trial account is asked to log in or register instead: that dialog, not this one.
                  if (!favourites.enabled) close();
                  favourites.toggle(game);
                }}
                aria-pressed={favourite}
                className={`flex items-center justify-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-semibold ${favourite ? 'border-(--accent) text-(--accent)' : 'border-(--text-muted)/40 hover:border-(--accent)'}`}
              >
                <Heart size={16} aria-hidden fill={favourite ? 'currentColor' : 'none'} />
                {t('games.favourites')}
              </button>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
