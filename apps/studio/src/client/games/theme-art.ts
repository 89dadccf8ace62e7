// Each slot theme's look, drawn by the studio (per-theme symbol art, background and
// colours; no emoji, no external images). The catalogue gives every title one of the themes in
// casino/engines/slot/themes.ts (slot-config.ts picks it from the title's seed); a theme unknown here falls
// back to colours derived from its id.

export type Motif =
  | 'scales'
  | 'dots'
  | 'waves'
  | 'pyramids'
  | 'leaves'
  | 'stars'
  | 'stripes'
  | 'knots'
  | 'coins'
  | 'grass'
  | 'sparkles'
  | 'confetti'
  | 'blossoms'
  | 'checks'
  | 'snow'
  | 'facets';

export type ThemeArt = {
  /** Background gradient, top to bottom. */
  bg: [string, string];
  /** Reel window colour and frame. */
  reel: string;
  frame: string;
  accent: string;
  /** Nine symbol colours, best paying first. */
  colors: string[];
  wild: string;
  scatter: string;
  motif: Motif;
};

const ART: Record<string, ThemeArt> = {
  dragon: {
    bg: ['#5a0d0d', '#1a0303'],
    reel: '#2a0606',
    frame: '#d4a017',
    accent: '#f5c542',
    colors: ['#e53935', '#ff7043', '#d81b60', '#fbc02d', '#43a047', '#8d6e63', '#26a69a', '#7e57c2', '#ffb74d'],
    wild: '#ff5722',
    scatter: '#ffd54f',
    motif: 'scales',
  },
  fruit: {
    bg: ['#5b1a78', '#1e0830'],
    reel: '#2b0d3b',
    frame: '#ffca28',
    accent: '#ffeb3b',
    colors: ['#e53935', '#fbc02d', '#43a047', '#8e24aa', '#fb8c00', '#fdd835', '#c62828', '#ec407a', '#ffab91'],
    wild: '#7c4dff',
    scatter: '#ffd600',
    motif: 'dots',
  },
  ocean: {
    bg: ['#01579b', '#001a33'],
    reel: '#002a4d',
    frame: '#4dd0e1',
    accent: '#80deea',
    colors: ['#1e88e5', '#546e7a', '#ab47bc', '#43a047', '#ffb300', '#e53935', '#f48fb1', '#26c6da', '#9ccc65'],
    wild: '#00bcd4',
    scatter: '#e1f5fe',
    motif: 'waves',
  },
  egypt: {
    bg: ['#8d6e1f', '#2e1f05'],
    reel: '#3b2a08',
    frame: '#ffd54f',
    accent: '#ffe082',
    colors: ['#1565c0', '#fbc02d', '#00897b', '#d84315', '#6d4c41', '#c0ca33', '#5e35b1', '#ef6c00', '#26a69a'],
    wild: '#ffb300',
    scatter: '#29b6f6',
    motif: 'pyramids',
  },
  jungle: {
    bg: ['#1b5e20', '#051a07'],
    reel: '#0b2e0e',
    frame: '#aed581',
    accent: '#c5e1a5',
    colors: ['#f9a825', '#6d4c41', '#e53935', '#43a047', '#8e24aa', '#ff7043', '#26a69a', '#cddc39', '#5c6bc0'],
    wild: '#2e7d32',
    scatter: '#8d6e63',
    motif: 'leaves',
  },
  space: {
    bg: ['#1a237e', '#02030f'],
    reel: '#070b26',
    frame: '#7c4dff',
    accent: '#b388ff',
    colors: ['#ff7043', '#7e57c2', '#29b6f6', '#66bb6a', '#ec407a', '#ffee58', '#26c6da', '#bdbdbd', '#ff8a65'],
    wild: '#651fff',
    scatter: '#212121',
    motif: 'stars',
  },
  candy: {
    bg: ['#f06292', '#6a1b4d'],
    reel: '#4a0f35',
    frame: '#fff176',
    accent: '#fff59d',
    colors: ['#e91e63', '#ab47bc', '#29b6f6', '#66bb6a', '#ffa726', '#ef5350', '#8d6e63', '#26c6da', '#d4e157'],
    wild: '#ec407a',
    scatter: '#7e57c2',
    motif: 'stripes',
  },
  viking: {
    bg: ['#37474f', '#0d1417'],
    reel: '#162126',
    frame: '#b0bec5',
    accent: '#90caf9',
    colors: ['#1e88e5', '#8d6e63', '#c62828', '#78909c', '#fbc02d', '#43a047', '#6d4c41', '#5e35b1', '#00897b'],
    wild: '#42a5f5',
    scatter: '#26c6da',
    motif: 'knots',
  },
  treasure: {
    bg: ['#4e342e', '#120a07'],
    reel: '#24140f',
    frame: '#ffca28',
    accent: '#ffe082',
    colors: ['#ffb300', '#8e24aa', '#e53935', '#1e88e5', '#6d4c41', '#43a047', '#78909c', '#ef6c00', '#00897b'],
    wild: '#212121',
    scatter: '#d7ccc8',
    motif: 'coins',
  },
  safari: {
    bg: ['#e65100', '#3e1a00'],
    reel: '#3a1a05',
    frame: '#ffcc80',
    accent: '#ffe0b2',
    colors: ['#f9a825', '#8d6e63', '#9e9e9e', '#6d4c41', '#fbc02d', '#7cb342', '#ef6c00', '#5d4037', '#c0ca33'],
    wild: '#ff6f00',
    scatter: '#a1887f',
    motif: 'grass',
  },
  mythic: {
    bg: ['#4a148c', '#12022b'],
    reel: '#1d0640',
    frame: '#ce93d8',
    accent: '#e1bee7',
    colors: ['#ab47bc', '#26a69a', '#ef5350', '#ffca28', '#42a5f5', '#66bb6a', '#ec407a', '#8d6e63', '#7986cb'],
    wild: '#e040fb',
    scatter: '#90a4ae',
    motif: 'sparkles',
  },
  festival: {
    bg: ['#c2185b', '#2b0414'],
    reel: '#3a0a1e',
    frame: '#ffd740',
    accent: '#ffe57f',
    colors: ['#ff5252', '#ffd740', '#40c4ff', '#69f0ae', '#e040fb', '#ffab40', '#7c4dff', '#ff4081', '#b2ff59'],
    wild: '#ff4081',
    scatter: '#ffab00',
    motif: 'confetti',
  },
  samurai: {
    bg: ['#263238', '#070a0c'],
    reel: '#12181b',
    frame: '#ef5350',
    accent: '#ff8a80',
    colors: ['#d32f2f', '#eceff1', '#f8bbd0', '#795548', '#455a64', '#ffb300', '#2e7d32', '#5e35b1', '#ff7043'],
    wild: '#212121',
    scatter: '#e53935',
    motif: 'blossoms',
  },
  farm: {
    bg: ['#689f38', '#1b2e0a'],
    reel: '#243b10',
    frame: '#ffee58',
    accent: '#fff59d',
    colors: ['#e53935', '#8d6e63', '#ffb300', '#f48fb1', '#fdd835', '#ff7043', '#43a047', '#6d4c41', '#29b6f6'],
    wild: '#c62828',
    scatter: '#fbc02d',
    motif: 'checks',
  },
  arctic: {
    bg: ['#4fc3f7', '#0a2a40'],
    reel: '#0d3350',
    frame: '#e1f5fe',
    accent: '#b3e5fc',
    colors: ['#eceff1', '#90a4ae', '#4fc3f7', '#5c6bc0', '#26a69a', '#ff8a65', '#b39ddb', '#80cbc4', '#ffcc80'],
    wild: '#81d4fa',
    scatter: '#69f0ae',
    motif: 'snow',
  },
  gems: {
    bg: ['#311b92', '#0b0524'],
    reel: '#150a3a',
    frame: '#e0e0e0',
    accent: '#b2ebf2',
    colors: ['#e53935', '#1e88e5', '#43a047', '#8e24aa', '#fdd835', '#ff7043', '#00acc1', '#ec407a', '#9e9e9e'],
    wild: '#ffd600',
    scatter: '#18ffff',
    motif: 'facets',
  },
};

function hashHue(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h % 360;
}

export function themeArt(theme: string): ThemeArt {
  const known = ART[theme];
  if (known) return known;
  const hue = hashHue(theme);
  return {
    bg: [`hsl(${hue} 45% 28%)`, `hsl(${hue} 50% 8%)`],
    reel: `hsl(${hue} 40% 12%)`,
    frame: `hsl(${(hue + 40) % 360} 70% 65%)`,
    accent: `hsl(${(hue + 40) % 360} 80% 75%)`,
    colors: Array.from({ length: 9 }, (_, i) => `hsl(${(hue + i * 40) % 360} 65% 48%)`),
    wild: `hsl(${(hue + 180) % 360} 80% 50%)`,
    scatter: `hsl(${(hue + 300) % 360} 70% 55%)`,
    motif: 'dots',
  };
}

/** The theme's background tile (an 80×80 SVG drawn from the motif), as a CSS url(). */
export function motifTile(art: ThemeArt): string {
  const c = art.accent;
  const o = 'fill-opacity="0.13" stroke-opacity="0.18"';
  const shapes: Record<Motif, string> = {
    scales: `<path d="M0 40a20 20 0 0 1 40 0a20 20 0 0 1 40 0M-20 80a20 20 0 0 1 40 0a20 20 0 0 1 40 0a20 20 0 0 1 40 0" fill="none" stroke="${c}" stroke-width="2" ${o}/>`,
    dots: `<circle cx="20" cy="20" r="6" fill="${c}" ${o}/><circle cx="60" cy="60" r="6" fill="${c}" ${o}/>`,
    waves: `<path d="M0 20q10-10 20 0t20 0t20 0t20 0M0 60q10-10 20 0t20 0t20 0t20 0" fill="none" stroke="${c}" stroke-width="3" ${o}/>`,
    pyramids: `<path d="M0 70L20 40L40 70ZM40 30L60 0L80 30Z" fill="${c}" ${o}/>`,
    leaves: `<ellipse cx="25" cy="25" rx="16" ry="6" transform="rotate(-35 25 25)" fill="${c}" ${o}/><ellipse cx="60" cy="60" rx="16" ry="6" transform="rotate(35 60 60)" fill="${c}" ${o}/>`,
    stars: `<circle cx="10" cy="12" r="1.5" fill="#fff" fill-opacity="0.6"/><circle cx="55" cy="30" r="1" fill="#fff" fill-opacity="0.5"/><circle cx="30" cy="65" r="2" fill="#fff" fill-opacity="0.4"/><circle cx="72" cy="70" r="1.2" fill="#fff" fill-opacity="0.6"/>`,
    stripes: `<path d="M-10 90L90 -10M-50 90L50 -10M30 90L130 -10" stroke="${c}" stroke-width="10" ${o}/>`,
    knots: `<path d="M40 10L70 40L40 70L10 40Z" fill="none" stroke="${c}" stroke-width="3" ${o}/><path d="M40 25L55 40L40 55L25 40Z" fill="${c}" ${o}/>`,
    coins: `<circle cx="20" cy="20" r="10" fill="none" stroke="${c}" stroke-width="3" ${o}/><circle cx="60" cy="58" r="10" fill="none" stroke="${c}" stroke-width="3" ${o}/>`,
    grass: `<path d="M10 80q5-25 0-40M20 80q-2-20 8-35M55 80q5-25 0-40M65 80q-2-20 8-35" fill="none" stroke="${c}" stroke-width="3" ${o}/>`,
    sparkles: `<path d="M20 8l3 9l9 3l-9 3l-3 9l-3-9l-9-3l9-3ZM60 48l2 6l6 2l-6 2l-2 6l-2-6l-6-2l6-2Z" fill="${c}" ${o}/>`,
    confetti: `<rect x="10" y="10" width="8" height="4" transform="rotate(30 14 12)" fill="#ffd740" fill-opacity="0.3"/><rect x="50" y="30" width="8" height="4" transform="rotate(-40 54 32)" fill="#40c4ff" fill-opacity="0.3"/><rect x="25" y="60" width="8" height="4" transform="rotate(70 29 62)" fill="#69f0ae" fill-opacity="0.3"/>`,
    blossoms: `<g fill="${c}" ${o}><circle cx="20" cy="14" r="5"/><circle cx="26" cy="20" r="5"/><circle cx="20" cy="26" r="5"/><circle cx="14" cy="20" r="5"/><circle cx="60" cy="54" r="4"/><circle cx="65" cy="59" r="4"/><circle cx="60" cy="64" r="4"/><circle cx="55" cy="59" r="4"/></g>`,
    checks: `<rect width="40" height="40" fill="${c}" ${o}/><rect x="40" y="40" width="40" height="40" fill="${c}" ${o}/>`,
    snow: `<path d="M20 8v24M8 20h24M11 11l18 18M29 11L11 29M60 48v20M50 58h20" stroke="#fff" stroke-width="2" stroke-opacity="0.25"/>`,
    facets: `<path d="M40 5L75 40L40 75L5 40Z M40 5L40 75M5 40H75" fill="none" stroke="${c}" stroke-width="2" ${o}/>`,
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">${shapes[art.motif]}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}
