// The slot's symbols, drawn once each: inline in the paytable, and on the reels as an image of the
// same markup (one element a cell instead of a copy of the drawing's few dozen, so swapping a symbol
// is cheap).
import type { SlotGame } from '../games/slot-present';
import { symbolLabels, symbolSvg } from '../games/symbol-art';

export const SVG_NS = 'http://www.w3.org/2000/svg';

export type SlotSymbols = ReturnType<typeof createSlotSymbols>;

export function createSlotSymbols(game: SlotGame) {
  const art = new Map<number, SVGSVGElement>();
  const pictures = new Map<number, string>();
  let labels: string[] = [];

  function symbolArt(id: number): SVGSVGElement | undefined {
    let svg = art.get(id);
    const symbol = game.symbols[id];
    if (!svg && symbol) {
      const regular = game.symbols.filter((x) => x.kind === 'regular');
      if (!labels.length) labels = symbolLabels(regular.map((x) => x.name));
      const rank = symbol.kind === 'regular' ? regular.indexOf(symbol) : 0;
      svg = symbolSvg(symbol, game.theme, rank, labels[rank] ?? '?');
      art.set(id, svg);
    }
    return svg;
  }

  return {
    /** The symbol's drawing, for inline use. */
    node(id: number): Node {
      return symbolArt(id)?.cloneNode(true) ?? document.createTextNode('?');
    },
    /** The symbol's drawing as an image URL, for the reels' cells. */
    picture(id: number): string {
      let url = pictures.get(id);
      if (url === undefined) {
        const svg = symbolArt(id);
        if (svg && !svg.getAttribute('xmlns')) svg.setAttribute('xmlns', SVG_NS);
        url = svg ? `data:image/svg+xml,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}` : '';
        pictures.set(id, url);
      }
      return url;
    },
  };
}
