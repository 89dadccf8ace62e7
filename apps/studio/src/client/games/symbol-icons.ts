// Pictures of the slot themes' symbols (pictorial symbols drawn by us, no emoji, no image
// files): one small SVG drawing per symbol name, in a 100 x 100 box, as markup for symbol-art.ts.
// Kept small on purpose: shared builders (an animal head, a gem, a round fruit) take the colours and
// features that tell one picture from another, so the 176 pictures cost a few kilobytes gzipped.

const O = ' stroke="#2b1a0f" stroke-width="2.5" stroke-linejoin="round"';

const p = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${O}${extra}/>`;
const c = (x: number, y: number, r: number, fill: string, extra = '') =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"${O}${extra}/>`;
const e = (x: number, y: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="${fill}"${O}${extra}/>`;
const r = (x: number, y: number, w: number, h: number, fill: string, rx = 3, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"${O}${extra}/>`;
/** A line without fill. */
const l = (d: string, stroke: string, w = 4) =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round"/>`;
const eyes = (y = 46, dx = 11, r0 = 4) =>
  `${c(50 - dx, y, r0, '#fff')}${c(50 + dx, y, r0, '#fff')}<circle cx="${50 - dx}" cy="${y}" r="${r0 / 2}"/><circle cx="${50 + dx}" cy="${y}" r="${r0 / 2}"/>`;

type Head = {
  face: string;
  ears?: 'round' | 'point' | 'big' | 'none' | 'floppy';
  ear?: string;
  muzzle?: string;
  extra?: string;
  nose?: string;
};

/** An animal's head seen from the front: the features say which animal. */
function head(o: Head): string {
  const ear = o.ear ?? o.face;
  const ears =
    o.ears === 'point'
      ? p('M22 40 L26 12 L44 28Z', ear) + p('M78 40 L74 12 L56 28Z', ear)
      : o.ears === 'big'
        ? e(16, 50, 16, 24, ear) + e(84, 50, 16, 24, ear)
        : o.ears === 'floppy'
          ? e(20, 44, 14, 8, ear, ' transform="rotate(30 20 44)"') +
            e(80, 44, 14, 8, ear, ' transform="rotate(-30 80 44)"')
          : o.ears === 'none'
            ? ''
            : c(26, 24, 11, ear) + c(74, 24, 11, ear);
  return `${ears}${c(50, 54, 32, o.face)}${o.extra ?? ''}${o.muzzle ? e(50, 68, 16, 12, o.muzzle) : ''}${eyes()}${
    o.nose ?? e(50, 62, 6, 4, '#3b2417')
  }`;
}

type Gem = 'round' | 'oval' | 'square' | 'drop' | 'heart';

/** A cut stone with facets and a sparkle. */
function gem(color: string, cut: Gem = 'round', light = '#fff'): string {
  const shapes: Record<Gem, string> = {
    round: 'M30 22 H70 L90 44 L50 92 L10 44Z',
    oval: 'M50 8 C80 8 90 40 90 50 C90 70 72 92 50 92 C28 92 10 70 10 50 C10 40 20 8 50 8Z',
    square: 'M28 10 H72 L90 28 V72 L72 90 H28 L10 72 V28Z',
    drop: 'M50 6 C70 34 86 50 86 64 C86 82 70 94 50 94 C30 94 14 82 14 64 C14 50 30 34 50 6Z',
    heart: 'M50 90 L14 52 C2 38 12 14 32 14 C42 14 48 22 50 28 C52 22 58 14 68 14 C88 14 98 38 86 52Z',
  };
  const facets =
    cut === 'round'
      ? l('M10 44 H90 M30 22 L40 44 L50 22 L60 44 L70 22 M40 44 L50 92 L60 44', '#fff8', 2)
      : l('M30 30 L70 70 M70 30 L30 70 M50 14 V86', '#fff6', 2);
  return `${p(shapes[cut], color)}${facets}${p('M34 30 L44 28 L38 40Z', light, ' opacity=".8" stroke="none"')}`;
}

/** A round fruit (or any round thing) with a shine, a stem and a leaf. */
function fruit(color: string, leaf = '#43a047', stem = true, ry = 34): string {
  return `${e(50, 56, 36, ry, color)}${stem ? l('M50 24 Q52 14 58 10', '#5d4037') : ''}${leaf ? p('M52 20 Q66 6 80 14 Q66 26 52 20Z', leaf) : ''}${e(36, 44, 7, 10, '#fff', ' opacity=".45" stroke="none"')}`;
}

const coin = (color = '#ffc107', mark = '') =>
  `${c(50, 50, 40, color)}${c(50, 50, 30, 'none', ' stroke-width="2"')}${mark || p('M42 38 H58 V62 H42Z', '#fff3')}`;

const star = (fill: string, n = 5, R = 44, ri = 20) => {
  const pts: string[] = [];
  for (let i = 0; i < n * 2; i++) {
    const rr = i % 2 ? ri : R;
    const a = (Math.PI * i) / n - Math.PI / 2;
    pts.push(`${(50 + rr * Math.cos(a)).toFixed(0)} ${(52 + rr * Math.sin(a)).toFixed(0)}`);
  }
  return p(`M${pts.join('L')}Z`, fill);
};

const bird = (body: string, wing: string, beak = '#ffb300', extra = '') =>
  `${e(48, 60, 30, 24, body)}${p('M36 56 Q50 40 70 58 Q56 72 36 56Z', wing)}${c(72, 34, 14, body)}${p('M84 32 L98 38 L84 42Z', beak)}<circle cx="75" cy="31" r="2.5"/>${l('M44 84 V94 M56 84 V94', '#ff8f00', 3)}${extra}`;

const flower = (petal: string, mid: string, n = 5) =>
  Array.from({ length: n }, (_, i) => e(50, 28, 12, 20, petal, ` transform="rotate(${(360 / n) * i} 50 50)"`)).join(
    '',
  ) + c(50, 50, 12, mid);

const G = '#ffc107';
const RED = '#e53935';
const BROWN = '#8d6e63';

/** The pictures by key (a symbol's name in lower case, or a theme-specific key). */
export const ICONS: Record<string, string> = {
  // dragon
  dragon: `${p('M20 70 Q10 40 36 24 Q50 14 70 22 L88 18 L80 32 Q90 44 80 60 Q70 80 44 82Z', '#2e9d5b')}${p('M30 30 L22 10 L40 24 M56 20 L60 4 L68 22', '#ffc107')}${p('M56 62 Q74 66 86 58 Q78 74 58 72Z', '#ffe082')}${c(58, 40, 6, '#fff')}<circle cx="60" cy="40" r="3"/>${l('M84 50 Q96 56 92 70 M80 56 Q88 70 80 80', '#ff7043', 3)}`,
  lantern: `${r(38, 8, 24, 8, G)}${e(50, 50, 34, 36, RED)}${l('M50 14 V86 M32 20 Q24 50 32 80 M68 20 Q76 50 68 80', '#b71c1c', 3)}${r(38, 84, 24, 8, G)}${l('M44 92 V98 M50 92 V99 M56 92 V98', G, 3)}`,
  'red envelope': `${r(20, 10, 60, 80, RED, 6)}${p('M20 16 L50 44 L80 16', '#c62828')}${c(50, 48, 12, G)}${p('M44 44 H56 M44 50 H56 M50 42 V58', 'none', ' stroke="#b71c1c"')}`,
  coin: coin(G, `${r(43, 40, 14, 14, '#b8860b', 1)}`),
  'gold coin': coin('#ffca28', `${star('#fff59d', 5, 20, 9)}`),
  bamboo: `${[30, 54, 76].map((x, i) => r(x - 7, 8 + i * 6, 14, 84 - i * 6, '#7cb342', 5) + l(`M${x - 7} ${36 + i * 4} H${x + 7} M${x - 7} ${64 + i * 2} H${x + 7}`, '#33691e', 3)).join('')}${p('M37 30 Q50 20 60 26 Q48 36 37 30Z', '#aed581')}`,
  tea: `${p('M18 40 H76 Q76 84 47 86 Q18 84 18 40Z', '#eceff1')}${p('M76 48 Q92 48 90 60 Q88 70 74 68', 'none')}${e(47, 40, 29, 6, '#8bc34a')}${l('M38 28 Q34 20 40 12 M54 28 Q50 20 56 12', '#b0bec5', 3)}${l('M30 62 H64', '#26a69a', 4)}`,
  tile: `${r(22, 8, 56, 84, '#fffde7', 8)}${r(30, 16, 40, 68, 'none', 4)}${c(50, 36, 10, RED)}${p('M40 56 H60 M50 50 V78 M42 70 L58 70', 'none', ' stroke="#2e7d32" stroke-width="4"')}`,
  chime: `${l('M20 14 H80', BROWN, 5)}${[28, 42, 58, 72].map((x, i) => l(`M${x} 14 V${20 + i * 4}`, '#666', 2) + r(x - 5, 20 + i * 4, 10, 46 - i * 6, '#b0bec5', 4)).join('')}${p('M46 74 H54 L56 92 H44Z', RED)}`,
  dumpling: `${p('M10 66 Q14 30 50 28 Q86 30 90 66 Q50 82 10 66Z', '#fff3e0')}${l('M30 40 Q34 52 30 62 M44 34 Q48 48 44 62 M58 34 Q54 48 58 62 M72 40 Q68 52 72 62', '#d7ccc8', 3)}`,
  'dragon fire': `${p('M50 6 Q80 40 74 66 Q70 94 50 94 Q30 94 26 66 Q22 44 40 26 Q42 46 50 48 Q44 28 50 6Z', '#ff5722')}${p('M50 46 Q66 64 60 80 Q50 90 40 80 Q36 66 50 46Z', '#ffc107')}`,
  'dragon pearl': `${c(50, 52, 34, '#e1f5fe')}${c(50, 52, 24, '#b3e5fc', ' stroke="none"')}${e(38, 40, 8, 11, '#fff', ' stroke="none"')}${l('M10 80 Q30 96 50 86 Q70 76 90 90', '#2e9d5b', 6)}`,
  // fruit
  seven: `${p('M18 14 H82 V30 Q56 56 48 92 H26 Q34 60 58 32 H18Z', RED)}${l('M26 20 H74', '#fff6', 3)}`,
  bell: `${p('M50 10 Q76 12 76 50 L84 76 H16 L24 50 Q24 12 50 10Z', G)}${c(50, 84, 8, '#bf8f00')}${c(50, 10, 5, '#bf8f00')}${e(36, 40, 5, 14, '#fff', ' opacity=".5" stroke="none"')}`,
  melon: `${p('M6 34 H94 Q90 90 50 90 Q10 90 6 34Z', '#43a047')}${p('M14 34 H86 Q82 80 50 80 Q18 80 14 34Z', '#ef5350')}${[30, 44, 58, 70].map((x, i) => e(x, 48 + (i % 2) * 10, 2.5, 4, '#222', ' stroke="none"')).join('')}`,
  grapes: `${[
    [38, 30],
    [62, 30],
    [50, 44],
    [28, 46],
    [72, 46],
    [40, 60],
    [60, 60],
    [50, 76],
  ]
    .map(([x, y]) => c(x as number, y as number, 13, '#8e24aa'))
    .join('')}${p('M50 18 Q60 6 76 10 Q64 22 50 18Z', '#43a047')}`,
  orange: `${fruit('#fb8c00')}${[0, 1, 2, 3, 4].map((i) => `<circle cx="${34 + i * 8}" cy="${66 - (i % 2) * 8}" r="1.5" fill="#e65100"/>`).join('')}`,
  lemon: `${p('M8 56 Q20 26 50 24 Q80 26 92 56 Q80 86 50 88 Q20 86 8 56Z', '#fdd835')}${e(36, 46, 8, 6, '#fff', ' opacity=".5" stroke="none"')}${p('M46 24 Q56 8 74 14 Q60 28 46 24Z', '#43a047')}`,
  cherry: `${l('M34 64 Q40 30 62 12 M66 62 Q64 32 62 12', '#558b2f', 4)}${c(32, 70, 18, '#c62828')}${c(68, 68, 18, '#c62828')}${p('M62 12 Q80 6 90 16 Q76 24 62 12Z', '#43a047')}${e(26, 64, 4, 6, '#fff', ' opacity=".6" stroke="none"')}${e(62, 62, 4, 6, '#fff', ' opacity=".6" stroke="none"')}`,
  strawberry: `${p('M50 92 Q14 60 18 38 Q24 24 50 26 Q76 24 82 38 Q86 60 50 92Z', '#e53935')}${p('M28 30 L38 14 L50 26 L62 14 L72 30Z', '#43a047')}${[
    [36, 44],
    [50, 42],
    [64, 44],
    [42, 58],
    [58, 58],
    [50, 72],
  ]
    .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="2" ry="3" fill="#ffeb3b"/>`)
    .join('')}`,
  peach: `${fruit('#ffab91')}${l('M50 26 Q40 56 50 88', '#e57373', 3)}`,
  wild: `${p('M50 6 L62 36 L94 38 L68 58 L78 92 L50 72 L22 92 L32 58 L6 38 L38 36Z', '#7c4dff')}${c(50, 52, 14, '#ffd600')}`,
  star: star('#ffd600'),
  // ocean (the fish reuse the fishing game's art: see symbol-art.ts)
  crab: `${l('M20 60 L6 70 M20 68 L8 82 M80 60 L94 70 M80 68 L92 82', RED, 4)}${e(50, 62, 32, 22, '#ef5350')}${c(22, 30, 12, '#ef5350')}${c(78, 30, 12, '#ef5350')}${p('M18 26 L26 34 M82 26 L74 34', 'none')}${l('M40 42 V34 M60 42 V34', RED, 3)}${c(40, 32, 5, '#fff')}${c(60, 32, 5, '#fff')}<circle cx="40" cy="32" r="2"/><circle cx="60" cy="32" r="2"/>`,
  shell: `${p('M50 88 L14 44 Q16 14 50 12 Q84 14 86 44Z', '#ffccbc')}${l('M50 88 L30 20 M50 88 L50 12 M50 88 L70 20 M50 88 L18 38 M50 88 L82 38', '#e64a19', 2.5)}${r(38, 82, 24, 10, '#ffab91', 4)}`,
  shrimp: `${p('M80 30 Q90 60 66 80 Q40 94 20 78 Q36 80 50 70 Q64 58 60 36Z', '#ff8a65')}${l('M66 40 Q74 54 64 68 M58 48 Q62 60 52 70', '#d84315', 2.5)}${c(74, 28, 4, '#222')}${l('M80 26 Q90 10 70 6 M76 24 Q74 8 56 8', '#d84315', 2)}${p('M20 78 L6 70 L10 90Z', '#ff7043')}`,
  coral: `${l('M50 92 V50 M50 70 Q30 60 28 36 M50 62 Q70 52 72 28 M28 50 Q16 44 14 30 M72 44 Q84 40 86 28 M50 50 Q48 30 54 16', '#ff4081', 9)}${l('M50 92 V50', '#ff80ab', 3)}`,
  trident: `${l('M50 94 V30', G, 7)}${p('M24 12 L30 40 H70 L76 12 L66 30 L60 12 L54 30 L50 6 L46 30 L40 12 L34 30Z', G)}`,
  'pearl bubble': `${c(50, 52, 36, '#e1f5fe', ' opacity=".9"')}${c(50, 52, 20, '#fff', ' stroke="#b0bec5"')}${e(40, 38, 10, 6, '#fff', ' stroke="none"')}`,
  // egypt
  'pharaoh crown': `${p('M22 92 L26 30 Q50 2 74 30 L78 92Z', '#1565c0')}${l('M26 44 H74 M25 58 H75 M24 72 H76', G, 5)}${p('M44 30 Q50 10 56 30 L50 36Z', G)}`,
  'sacred cat': `${p('M30 94 Q24 60 36 44 L32 14 L44 30 H56 L68 14 L64 44 Q76 60 70 94Z', '#263238')}${c(43, 40, 3, G)}${c(57, 40, 3, G)}${p('M30 60 H70', 'none', ` stroke="${G}" stroke-width="4"`)}${c(50, 66, 4, G)}`,
  scarab: `${e(50, 58, 28, 32, '#00897b')}${l('M50 28 V90', '#004d40', 3)}${c(50, 22, 12, '#00695c')}${l('M24 46 L8 36 M24 62 L6 62 M24 78 L10 90 M76 46 L92 36 M76 62 L94 62 M76 78 L90 90', '#004d40', 3)}${e(50, 12, 16, 6, G)}`,
  urn: `${p('M32 10 H68 L62 22 Q90 40 80 70 Q72 92 50 92 Q28 92 20 70 Q10 40 38 22Z', '#d84315')}${l('M24 50 H76 M22 64 H78', G, 4)}${p('M40 76 L50 70 L60 76', 'none')}`,
  cobra: `${p('M50 90 Q20 88 30 70 Q40 58 50 56 Q24 46 26 28 Q30 8 50 8 Q70 8 74 28 Q76 46 50 56 Q66 62 66 74 Q64 90 50 90Z', '#7cb342')}${e(50, 34, 10, 16, '#f0f4c3')}${c(42, 22, 3, '#111')}${c(58, 22, 3, '#111')}${l('M50 40 V52 M46 52 L50 58 L54 52', '#d32f2f', 2)}`,
  papyrus: `${r(18, 14, 64, 72, '#fff3c4', 2)}${e(18, 50, 6, 36, '#e0c27a')}${e(82, 50, 6, 36, '#e0c27a')}${l('M32 30 H68 M32 42 H60 M32 54 H68 M32 66 H56', '#8d6e63', 3)}${c(64, 64, 5, RED)}`,
  'sun disc': `${l('M10 50 Q30 34 34 50 M90 50 Q70 34 66 50', '#1565c0', 7)}${c(50, 50, 24, '#ffb300')}${e(50, 80, 14, 6, '#7cb342')}${e(42, 42, 6, 4, '#fff', ' opacity=".6" stroke="none"')}`,
  palm: `${p('M46 94 Q44 60 50 34 L56 34 Q52 60 56 94Z', BROWN)}${[-60, -25, 10, 45, 80].map((a) => p('M52 34 Q70 16 92 30 Q72 28 52 34Z', '#43a047', ` transform="rotate(${a} 52 34)"`)).join('')}${c(48, 40, 5, '#6d4c41')}${c(58, 40, 5, '#6d4c41')}`,
  camel: `${p('M8 70 Q14 50 26 52 Q34 30 44 50 Q54 26 66 50 L74 40 L80 22 L92 24 L90 34 L84 36 L80 60 Q76 70 70 70 V92 H64 V72 H36 V92 H30 V72 Q14 74 8 70Z', '#d7a86e')}<circle cx="86" cy="28" r="1.8"/>`,
  pyramid: `${p('M50 8 L94 88 H6Z', '#fbc02d')}${p('M50 8 L94 88 H56Z', '#f9a825')}${l('M24 56 H64 M16 72 H78 M32 40 H58', '#c49000', 2)}${p('M42 8 H58 L50 2Z', '#fff')}`,
  'eye of horus': `${p('M8 46 Q50 10 92 46 Q50 72 8 46Z', '#fff')}${c(50, 44, 14, '#1565c0')}${c(50, 44, 6, '#111')}${l('M8 46 H94 M40 58 L34 84 Q28 92 20 86 M56 58 Q70 74 84 66', '#1565c0', 5)}${l('M14 28 Q50 4 88 26', '#1565c0', 5)}`,
  // jungle
  tiger: head({
    face: '#ff9800',
    ear: '#ff9800',
    muzzle: '#fff',
    extra: l('M50 22 V34 M40 24 L44 34 M60 24 L56 34 M18 50 H28 M18 60 H28 M72 50 H82 M72 60 H82', '#222', 4),
  }),
  gorilla: head({
    face: '#424242',
    ears: 'round',
    ear: '#424242',
    muzzle: '#9e9e9e',
    extra: p('M28 40 Q50 28 72 40 L70 48 H30Z', '#212121'),
  }),
  elephant: `${e(18, 50, 18, 26, '#90a4ae')}${e(82, 50, 18, 26, '#90a4ae')}${c(50, 46, 28, '#b0bec5')}${p('M42 58 Q40 84 56 92 Q66 94 64 86 Q52 84 58 58Z', '#b0bec5')}${p('M36 66 L28 78 M64 66 L72 78', 'none', ' stroke="#fff" stroke-width="5"')}${eyes(42, 10, 3.5)}`,
  parrot: bird('#e53935', '#1e88e5', '#fff59d', `${p('M20 64 L4 92 L24 78Z', '#fdd835')}`),
  monkey: head({
    face: '#795548',
    ears: 'round',
    ear: '#d7ccc8',
    muzzle: '#ffe0b2',
    extra: e(50, 50, 22, 16, '#ffe0b2'),
  }),
  frog: `${e(50, 62, 40, 28, '#7cb342')}${c(30, 32, 14, '#7cb342')}${c(70, 32, 14, '#7cb342')}${c(30, 32, 7, '#fff')}${c(70, 32, 7, '#fff')}<circle cx="30" cy="32" r="3.5"/><circle cx="70" cy="32" r="3.5"/>${l('M30 68 Q50 82 70 68', '#33691e', 3)}`,
  banana: `${p('M16 30 Q20 80 76 82 Q90 80 88 72 Q40 70 30 26Z', '#fdd835')}${p('M16 30 L20 18 L30 26Z', '#6d4c41')}${l('M26 40 Q34 66 70 74', '#f9a825', 2)}`,
  hibiscus: `${flower('#ec407a', '#fdd835')}${l('M50 50 L70 22', '#fdd835', 3)}`,
  coconut: `${c(50, 54, 38, '#6d4c41')}${c(38, 44, 5, '#3e2723')}${c(54, 40, 5, '#3e2723')}${c(46, 56, 5, '#3e2723')}${l('M24 70 L30 66 M70 76 L76 70 M60 22 L66 26', '#a1887f', 2)}`,
  'great tree': `${p('M42 94 L44 60 L30 52 L46 54 L48 40 L54 54 L70 48 L56 62 L58 94Z', '#6d4c41')}${c(30, 36, 20, '#2e7d32')}${c(70, 36, 20, '#2e7d32')}${c(50, 22, 22, '#43a047')}${c(50, 44, 16, '#388e3c')}`,
  idol: `${r(26, 8, 48, 86, '#78909c', 10)}${r(34, 28, 12, 8, '#37474f', 1)}${r(54, 28, 12, 8, '#37474f', 1)}${p('M46 40 H54 L56 60 H44Z', '#607d8b')}${r(36, 68, 28, 8, '#37474f', 2)}${r(20, 8, 60, 10, '#546e7a', 3)}`,
  // space
  rocket: `${p('M50 4 Q74 26 70 66 H30 Q26 26 50 4Z', '#eceff1')}${c(50, 36, 10, '#4fc3f7')}${p('M30 50 L14 76 L30 70Z M70 50 L86 76 L70 70Z', RED)}${p('M38 66 H62 L56 92 Q50 84 44 92Z', '#ff9800')}`,
  planet: `${c(50, 50, 28, '#ab47bc')}${l('M26 42 Q50 36 74 42 M24 56 Q50 50 76 58', '#7b1fa2', 3)}${e(50, 52, 46, 12, 'none', ' stroke="#ffcc80" stroke-width="5" transform="rotate(-18 50 52)"')}`,
  alien: `${p('M50 8 Q86 10 84 46 Q80 78 50 92 Q20 78 16 46 Q14 10 50 8Z', '#76ff03')}${e(34, 48, 12, 8, '#111', ' transform="rotate(25 34 48)"')}${e(66, 48, 12, 8, '#111', ' transform="rotate(-25 66 48)"')}${l('M42 74 Q50 78 58 74', '#1b5e20', 3)}`,
  saucer: `${e(50, 40, 20, 18, '#80deea', ' opacity=".9"')}${e(50, 56, 44, 14, '#b0bec5')}${e(50, 52, 28, 6, '#78909c')}${[24, 50, 76].map((x) => c(x, 62, 4, '#ffeb3b')).join('')}${l('M30 70 L22 90 M70 70 L78 90 M50 72 V94', '#fff59d88', 6)}`,
  comet: `${p('M62 30 L8 88 L30 50 L4 60 L44 24Z', '#ffb74d', ' opacity=".8"')}${c(66, 32, 20, '#fff176')}${c(62, 28, 6, '#fff', ' stroke="none"')}`,
  moon: `${p('M64 8 Q28 14 26 50 Q28 88 66 92 Q38 76 38 50 Q38 24 64 8Z', '#fff59d')}${c(40, 40, 3, '#fbc02d')}${c(38, 62, 4, '#fbc02d')}`,
  satellite: `${r(38, 38, 24, 24, '#b0bec5', 3)}${r(4, 40, 30, 20, '#1e88e5', 1)}${r(66, 40, 30, 20, '#1e88e5', 1)}${l('M19 40 V60 M81 40 V60', '#90caf9', 2)}${l('M50 38 V22', '#607d8b', 3)}${c(50, 18, 5, RED)}`,
  nova: `${star('#fff176', 8, 46, 18)}${c(50, 52, 12, '#fff')}`,
  telescope: `${p('M14 56 L74 20 L82 34 L22 70Z', '#5c6bc0')}${r(70, 14, 14, 26, '#3949ab', 3, ' transform="rotate(-31 77 27)"')}${l('M46 54 L30 94 M46 54 L62 94 M46 54 V92', BROWN, 4)}`,
  galaxy: `${c(50, 50, 10, '#fff')}${l('M50 50 Q70 30 84 46 Q90 70 60 80 Q24 86 16 56 Q12 24 48 14', '#b388ff', 7)}${l('M50 50 Q30 70 16 54', '#ea80fc', 5)}`,
  'black hole': `${e(50, 50, 46, 20, '#ff9800', ' transform="rotate(-15 50 50)"')}${c(50, 50, 22, '#000', ' stroke="#ffcc80"')}${e(50, 50, 46, 6, '#ffe0b2', ' stroke="none" transform="rotate(-15 50 50)" opacity=".6"')}${c(50, 50, 16, '#000', ' stroke="none"')}`,
  // candy
  cake: `${r(14, 48, 72, 42, '#f8bbd0', 6)}${p('M14 56 Q26 66 38 56 Q50 66 62 56 Q74 66 86 56 V50 H14Z', '#fff')}${r(14, 70, 72, 6, '#ec407a', 0)}${[34, 50, 66].map((x) => r(x - 3, 26, 6, 22, '#90caf9', 2) + e(x, 20, 4, 7, '#ffb300', ' stroke="none"')).join('')}`,
  lollipop: `${l('M50 56 V96', '#eee', 6)}${c(50, 36, 30, '#ec407a')}${l('M50 36 Q58 28 50 20 Q36 22 34 36 Q36 56 54 58 Q72 54 72 36', '#fff', 5)}`,
  chocolate: `${r(18, 8, 64, 84, '#6d4c41', 4)}${[0, 1, 2].map((i) => r(24, 14 + i * 26, 24, 22, '#8d6e63', 3) + r(52, 14 + i * 26, 24, 22, '#8d6e63', 3)).join('')}${p('M18 60 L82 50 V92 H18Z', '#c62828')}`,
  cupcake: `${p('M22 54 H78 L70 92 H30Z', '#4fc3f7')}${l('M36 56 L38 90 M50 56 V90 M64 56 L62 90', '#0288d1', 2)}${p('M18 56 Q14 34 36 34 Q38 14 60 20 Q84 22 82 56Z', '#f8bbd0')}${c(54, 16, 7, RED)}`,
  donut: `${c(50, 54, 38, '#d7a86e')}${p('M16 50 Q20 18 50 18 Q82 18 84 50 Q80 62 70 56 Q60 70 50 60 Q40 70 30 58 Q20 64 16 50Z', '#f06292')}${c(50, 52, 12, '#1a0b2e')}${l('M30 34 L34 30 M64 30 L68 34 M44 26 L48 28 M70 46 L74 44', '#fff', 3)}`,
  candy: `${p('M4 36 L26 50 L4 64Z M96 36 L74 50 L96 64Z', '#ffeb3b')}${c(50, 50, 26, '#ffeb3b')}${l('M32 34 Q50 50 40 72 M50 24 Q66 48 54 76', '#ff7043', 5)}`,
  cookie: `${c(50, 52, 40, '#d7a86e')}${[
    [36, 38],
    [60, 34],
    [48, 56],
    [68, 60],
    [32, 66],
  ]
    .map(([x, y]) => c(x as number, y as number, 5, '#4e342e', ' stroke="none"'))
    .join('')}`,
  'ice cream': `${p('M30 50 L50 96 L70 50Z', '#ffcc80')}${l('M36 58 L60 74 M64 58 L44 84', '#e6a04a', 2)}${c(38, 40, 16, '#f48fb1')}${c(62, 40, 16, '#a5d6a7')}${c(50, 24, 16, '#fff9c4')}${c(52, 8, 5, RED)}`,
  pudding: `${p('M22 90 L30 36 Q50 28 70 36 L78 90Z', '#ffca28')}${p('M30 36 Q50 28 70 36 L72 46 Q64 54 58 46 Q50 56 42 46 Q36 54 28 46Z', '#6d4c41')}${e(50, 90, 36, 6, '#eceff1')}${c(50, 26, 6, RED)}`,
  rainbow: `${['#e53935', '#fb8c00', '#fdd835', '#43a047', '#1e88e5', '#8e24aa'].map((col, i) => l(`M${8 + i * 6} 80 A${42 - i * 6} ${42 - i * 6} 0 0 1 ${92 - i * 6} 80`, col, 6)).join('')}${e(16, 82, 14, 8, '#fff')}${e(84, 82, 14, 8, '#fff')}`,
  gift: `${r(14, 40, 72, 52, '#e53935', 4)}${r(10, 28, 80, 16, '#ef5350', 3)}${r(44, 28, 12, 64, G, 0)}${p('M50 28 Q30 4 24 20 Q26 30 50 28 Q70 30 76 20 Q70 4 50 28Z', G)}`,
  // viking
  axe: `${l('M30 92 L66 18', BROWN, 8)}${p('M56 10 Q92 10 92 46 Q74 42 66 30 Q56 34 52 40Z', '#b0bec5')}${p('M60 24 L40 14 L46 30Z', '#90a4ae')}`,
  shield: `${c(50, 50, 42, '#8d6e63')}${l('M50 8 V92 M8 50 H92', '#5d4037', 5)}${c(50, 50, 12, '#b0bec5')}${c(50, 50, 42, 'none', ' stroke="#b0bec5" stroke-width="6"')}`,
  swords: `${[45, -45].map((a) => `<g transform="rotate(${a} 50 50)">${p('M46 4 H54 V68 H46Z', '#cfd8dc')}${r(34, 66, 32, 7, G, 2)}${r(46, 72, 8, 20, BROWN, 2)}</g>`).join('')}`,
  wolf: head({
    face: '#78909c',
    ears: 'point',
    muzzle: '#eceff1',
    extra: p('M26 60 L18 74 L34 70Z M74 60 L82 74 L66 70Z', '#b0bec5'),
  }),
  raven: bird('#263238', '#37474f', '#616161'),
  longship: `${p('M6 58 H94 Q88 84 50 86 Q12 84 6 58Z', BROWN)}${p('M6 58 Q2 40 12 34 Q16 46 14 58Z M94 58 Q98 40 88 34 Q84 46 86 58Z', '#6d4c41')}${l('M50 58 V6', '#5d4037', 4)}${p('M24 12 H76 V48 H24Z', '#e53935')}${l('M24 22 H76 M24 36 H76', '#fff', 4)}${[22, 38, 54, 70].map((x) => c(x, 66, 5, G)).join('')}`,
  mead: `${r(20, 24, 46, 66, '#8d6e63', 6)}${p('M66 36 Q88 36 88 56 Q88 76 66 74', 'none', ' stroke-width="7" stroke="#6d4c41"')}${p('M16 26 Q22 8 36 16 Q46 4 58 14 Q72 12 70 28Z', '#fff')}${l('M20 48 H66 M20 70 H66', '#bcaaa4', 3)}`,
  'rune stone': `${p('M28 94 L20 30 Q30 4 56 6 Q82 10 78 40 L74 94Z', '#90a4ae')}${l('M40 26 V70 M40 34 L56 46 M56 26 V70 M56 56 L40 70', '#1565c0', 4)}`,
  boar: head({
    face: '#6d4c41',
    ears: 'point',
    muzzle: '#a1887f',
    nose: `${e(50, 68, 10, 7, '#f8bbd0')}${p('M34 72 Q28 60 30 52 L36 66Z M66 72 Q72 60 70 52 L64 66Z', '#fff')}`,
  }),
  thunder: `${p('M60 4 L22 54 H46 L36 96 L80 40 H56 Z', '#ffeb3b')}`,
  bifrost: `${['#e53935', '#fdd835', '#43a047', '#1e88e5', '#8e24aa'].map((col, i) => l(`M${6 + i * 5} 96 Q50 ${-10 + i * 8} ${94 - i * 5} 96`, col, 5)).join('')}`,
  // treasure
  diamond: gem('#4fc3f7'),
  crown: `${p('M10 78 L14 28 L32 50 L50 16 L68 50 L86 28 L90 78Z', G)}${r(10, 76, 80, 14, '#ffa000', 3)}${c(50, 60, 7, RED)}${c(28, 64, 5, '#1e88e5')}${c(72, 64, 5, '#43a047')}`,
  ring: `${e(50, 64, 30, 26, 'none', ' stroke="#ffb300" stroke-width="9"')}<g transform="translate(30 2) scale(.4)">${gem('#e1f5fe')}</g>`,
  trophy: `${p('M26 10 H74 V34 Q74 62 50 64 Q26 62 26 34Z', G)}${p('M26 18 Q6 18 10 34 Q14 46 28 46 M74 18 Q94 18 90 34 Q86 46 72 46', 'none', ` stroke="${G}" stroke-width="6"`)}${r(44, 62, 12, 16, '#ffa000', 1)}${r(30, 78, 40, 14, BROWN, 3)}`,
  'money bag': `${p('M34 26 Q12 48 16 74 Q20 94 50 94 Q80 94 84 74 Q88 48 66 26Z', '#a1887f')}${p('M34 26 L28 8 Q50 18 72 8 L66 26Z', '#8d6e63')}${l('M34 26 H66', '#5d4037', 5)}<text x="50" y="76" text-anchor="middle" font-size="34" font-weight="900" fill="${G}" stroke="#5d4037" stroke-width="1.5">$</text>`,
  key: `${c(28, 30, 20, G)}${c(28, 30, 8, '#1a0b2e')}${p('M40 42 L86 88 L78 94 L70 86 L64 92 L58 86 L64 80 L34 50Z', G)}`,
  beads: `${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => c(50 + 34 * Math.cos(i * 0.63), 46 + 34 * Math.sin(i * 0.63), 9, ['#e53935', '#fdd835', '#43a047', '#8e24aa', '#1e88e5'][i % 5] as string)).join('')}${c(50, 46, 10, G)}`,
  compass: `${c(50, 50, 42, '#b0bec5')}${c(50, 50, 34, '#fffde7')}${p('M50 18 L58 50 L50 82 L42 50Z', '#fff')}${p('M50 18 L58 50 H42Z', RED)}${c(50, 50, 4, '#333')}`,
  'jolly roger': `${r(8, 10, 84, 80, '#212121', 4)}${c(50, 40, 20, '#fff')}${r(40, 52, 20, 12, '#fff', 3)}${c(42, 40, 5, '#212121')}${c(58, 40, 5, '#212121')}${l('M22 64 L78 86 M78 64 L22 86', '#fff', 6)}`,
  map: `${p('M8 20 L34 12 L66 22 L92 14 V80 L66 88 L34 78 L8 86Z', '#ffe0b2')}${l('M34 12 V78 M66 22 V88', '#d7a86e', 2)}${l('M20 70 Q34 56 44 60 Q56 64 62 46', RED, 3)}${p('M66 36 L76 46 M76 36 L66 46', 'none', ' stroke="#c62828" stroke-width="4"')}`,
  // safari
  lion: `${star('#e65100', 12, 46, 34)}${head({ face: '#ffb74d', ears: 'round', ear: '#ffb74d', muzzle: '#ffe0b2' })}`,
  rhino: `${head({ face: '#90a4ae', ears: 'point', muzzle: '#b0bec5' })}${p('M44 64 L50 30 L58 62Z', '#eceff1')}`,
  giraffe: `${p('M38 94 L42 46 L58 46 L64 94Z', '#ffca28')}${e(54, 30, 22, 16, '#ffca28')}${l('M44 16 V4 M58 16 V4', '#8d6e63', 4)}${c(44, 4, 4, '#8d6e63')}${c(58, 4, 4, '#8d6e63')}${[
    [48, 60],
    [56, 74],
    [46, 84],
    [60, 30],
  ]
    .map(([x, y]) => c(x as number, y as number, 5, '#a1662f', ' stroke="none"'))
    .join('')}<circle cx="48" cy="26" r="2.5"/>${e(70, 34, 6, 4, '#e6a04a')}`,
  zebra: `${p('M30 94 Q26 50 40 20 L36 6 L48 16 L62 8 L60 22 Q76 50 70 94Z', '#fafafa')}${l('M34 34 H46 M32 48 H50 M30 62 H46 M54 40 H68 M56 56 H72 M56 72 H72 M32 78 H46', '#212121', 5)}${e(50, 84, 12, 9, '#424242')}<circle cx="42" cy="30" r="2.5"/><circle cx="58" cy="30" r="2.5"/>`,
  buffalo: `${p('M8 30 Q10 10 30 20 L30 30Z M92 30 Q90 10 70 20 L70 30Z', '#eceff1')}${head({ face: '#5d4037', ears: 'floppy', muzzle: '#8d6e63' })}`,
  flamingo: `${l('M46 62 V96 M54 62 L62 80 L54 96', '#f06292', 3)}${e(50, 56, 24, 14, '#f48fb1')}${p('M70 50 Q80 30 66 18 Q54 10 56 30', 'none', ' stroke="#f48fb1" stroke-width="8"')}${c(60, 16, 8, '#f48fb1')}${p('M52 14 L42 24 L50 22Z', '#212121')}`,
  leopard: head({
    face: '#ffca28',
    muzzle: '#fff8e1',
    extra: [
      [30, 36],
      [70, 36],
      [24, 56],
      [76, 56],
      [40, 28],
      [60, 28],
    ]
      .map(([x, y]) => c(x as number, y as number, 3.5, '#5d4037', ' stroke="none"'))
      .join(''),
  }),
  acacia: `${p('M46 94 L48 54 L34 40 L50 48 L64 36 L54 56 L56 94Z', '#6d4c41')}${e(50, 34, 44, 14, '#689f38')}`,
  'paw print': `${e(50, 66, 22, 18, '#5d4037')}${c(24, 40, 9, '#5d4037')}${c(40, 24, 9, '#5d4037')}${c(60, 24, 9, '#5d4037')}${c(76, 40, 9, '#5d4037')}`,
  sunset: `${r(6, 6, 88, 88, '#ff7043', 10)}${c(50, 60, 24, '#ffeb3b')}${r(6, 64, 88, 30, '#4e342e', 0)}${p('M20 64 L30 40 L40 64 M62 64 L70 46 L80 64', '#4e342e')}`,
  drum: `${e(50, 30, 34, 12, '#fff8e1')}${p('M16 30 V74 Q50 90 84 74 V30 Q50 44 16 30Z', RED)}${l('M18 34 L34 80 L50 40 L66 82 L82 34', G, 3)}`,
  // mythic
  unicorn: `${p('M20 94 Q18 60 34 44 L30 34 Q40 20 60 18 Q80 20 84 36 Q86 48 74 50 Q62 50 58 58 L62 94Z', '#f3e5f5')}${p('M60 20 L70 0 L64 22Z', G)}${p('M34 44 Q20 30 30 18 Q36 30 44 30 Q38 20 48 14', 'none', ' stroke="#ce93d8" stroke-width="7"')}<circle cx="70" cy="32" r="3"/>`,
  wizard: `${p('M50 2 L74 52 H26Z', '#3949ab')}${e(50, 52, 36, 8, '#303f9f')}${c(50, 64, 14, '#ffe0b2')}${p('M34 66 Q50 104 66 66 Q50 80 34 66Z', '#eceff1')}${c(48, 30, 3, '#fff59d')}`,
  fairy: `${e(30, 40, 20, 28, '#b3e5fc', ' opacity=".85"')}${e(70, 40, 20, 28, '#b3e5fc', ' opacity=".85"')}${p('M40 92 L44 50 H56 L60 92Z', '#f48fb1')}${c(50, 38, 12, '#ffe0b2')}${l('M70 54 L88 30', G, 3)}<g transform="translate(38 -18)">${star('#fff59d', 5, 8, 3)}</g>`,
  'crystal ball': `${c(50, 44, 36, '#b39ddb', ' opacity=".9"')}${e(38, 30, 10, 14, '#fff', ' opacity=".5" stroke="none"')}${p('M24 78 H76 L70 94 H30Z', G)}${c(56, 50, 6, '#ede7f6', ' stroke="none"')}`,
  sword: `${p('M46 4 L54 4 L56 68 H44Z', '#cfd8dc')}${r(26, 66, 48, 8, G, 3)}${r(45, 72, 10, 18, BROWN, 2)}${c(50, 94, 5, G)}`,
  mushroom: `${p('M8 50 Q10 10 50 8 Q90 10 92 50Z', RED)}${r(36, 50, 28, 42, '#fff8e1', 8)}${c(30, 30, 7, '#fff', ' stroke="none"')}${c(58, 22, 6, '#fff', ' stroke="none"')}${c(72, 38, 5, '#fff', ' stroke="none"')}`,
  candle: `${r(34, 38, 32, 56, '#fff8e1', 3)}${p('M50 6 Q64 24 50 34 Q36 24 50 6Z', '#ffb300')}${l('M50 34 V38', '#333', 2)}${p('M40 38 Q42 52 46 50 L48 38Z', '#fff')}`,
  spellbook: `${r(14, 12, 70, 80, '#6a1b9a', 4)}${r(78, 16, 8, 72, '#f5f5f5', 1)}${star(G, 5, 18, 8)}${l('M22 12 V92', '#4a148c', 4)}`,
  wand: `${l('M16 90 L64 40', '#5d4037', 7)}<g transform="translate(18 -20)">${star('#fff176', 5, 22, 9)}</g>`,
  magic: `${star('#e040fb', 6, 44, 16)}${c(50, 52, 10, '#fff')}`,
  castle: `${r(16, 40, 68, 54, '#90a4ae', 0)}${p('M16 40 V28 H26 V36 H36 V28 H46 V36 H54 V28 H64 V36 H74 V28 H84 V40Z', '#90a4ae')}${p('M40 94 V70 Q50 58 60 70 V94Z', '#4e342e')}${p('M46 14 V2 L58 6 L46 10', RED)}${l('M46 14 V28', '#555', 2)}`,
  // festival
  fireworks: `${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => l(`M50 50 L${(50 + 40 * Math.cos(i * 0.785)).toFixed(0)} ${(50 + 40 * Math.sin(i * 0.785)).toFixed(0)}`, ['#ff4081', '#ffeb3b', '#40c4ff', '#69f0ae'][i % 4] as string, 5)).join('')}${c(50, 50, 8, '#fff')}`,
  masks: `${p('M8 20 Q30 10 50 20 Q50 60 30 70 Q8 60 8 20Z', '#ffd54f')}${p('M50 30 Q70 20 92 30 Q92 72 70 80 Q50 72 50 30Z', '#4fc3f7')}${l('M18 36 H26 M34 36 H42 M20 52 Q28 60 38 52 M60 46 H68 M76 46 H84 M62 68 Q72 58 82 68', '#333', 3)}`,
  trumpet: `${p('M10 42 H60 L92 20 V80 L60 58 H10Z', G)}${r(30, 28, 6, 14, '#ffa000', 1)}${r(42, 28, 6, 14, '#ffa000', 1)}${e(92, 50, 6, 30, '#ffca28')}`,
  confetti: `${[
    [20, 20, '#ff4081'],
    [60, 14, '#ffeb3b'],
    [80, 40, '#40c4ff'],
    [36, 50, '#69f0ae'],
    [66, 70, '#e040fb'],
    [20, 76, '#ff9800'],
    [48, 86, '#40c4ff'],
  ]
    .map(([x, y, col], i) =>
      r(x as number, y as number, 14, 8, col as string, 2, ` transform="rotate(${i * 40} ${x} ${y})"`),
    )
    .join('')}`,
  balloon: `${e(50, 40, 30, 34, '#f44336')}${p('M46 74 H54 L50 80Z', '#c62828')}${l('M50 80 Q40 90 52 98', '#777', 2)}${e(40, 28, 6, 10, '#fff', ' opacity=".5" stroke="none"')}`,
  pinata: `${p('M14 52 H70 L76 30 L84 30 L84 70 H70 V92 H62 V72 H30 V92 H22 V72 H14Z', '#ff4081')}${l('M14 58 H70 M14 66 H70', '#ffeb3b', 4)}${p('M76 30 L80 14 L84 30', '#40c4ff')}<circle cx="80" cy="38" r="2.5"/>`,
  notes: `${e(28, 76, 12, 9, '#212121')}${e(72, 66, 12, 9, '#212121')}${l('M38 76 V20 L82 10 V66', '#212121', 5)}${l('M38 30 L82 20', '#212121', 8)}`,
  taco: `${p('M6 76 Q8 20 50 20 Q92 20 94 76Z', '#ffca28')}${l('M16 48 Q30 36 44 44 Q58 32 72 44 Q84 38 88 50', '#7cb342', 8)}${[30, 50, 70].map((x) => c(x, 52, 5, RED)).join('')}${p('M6 76 Q8 30 50 30 Q92 30 94 76Z', 'none')}`,
  dancer: `${c(56, 14, 9, '#8d6e63')}${p('M56 24 L50 54 L70 54Z', '#ffeb3b')}${p('M24 92 Q50 40 80 92Z', RED)}${l('M54 30 L30 20 M58 30 L84 40 M46 92 L42 98 M62 92 L68 98', '#8d6e63', 4)}`,
  'big top': `${p('M50 6 L90 50 H10Z', RED)}${p('M50 6 L62 50 H38Z', '#fff')}${r(14, 50, 72, 40, '#fff', 0)}${l('M26 50 V90 M40 50 V90 M60 50 V90 M74 50 V90', RED, 5)}${p('M42 90 V66 H58 V90Z', '#1a0b2e')}${p('M50 6 V0 L60 3Z', G)}`,
  // samurai
  'samurai-castle': `${r(22, 70, 56, 24, '#eceff1', 0)}${p('M10 72 L26 58 H74 L90 72Z', '#37474f')}${r(30, 44, 40, 16, '#eceff1', 0)}${p('M18 46 L34 30 H66 L82 46Z', '#37474f')}${p('M32 30 L50 8 L68 30Z', '#37474f')}${r(44, 78, 12, 16, '#5d4037', 0)}`,
  katana: `${p('M10 86 Q50 60 90 10 Q58 56 16 92Z', '#eceff1')}${r(20, 76, 14, 6, G, 2, ' transform="rotate(-40 27 79)"')}${l('M6 96 L18 84', '#212121', 8)}`,
  tengu: `${p('M14 30 Q50 0 86 30 Q92 70 50 94 Q8 70 14 30Z', RED)}${p('M46 46 L82 70 L50 58Z', RED)}${l('M24 36 L42 42 M76 36 L58 42', '#212121', 5)}${l('M30 72 Q40 80 46 76', '#fff', 4)}`,
  sakura: flower('#f8bbd0', '#f06292'),
  dolls: `${e(34, 70, 20, 24, RED)}${c(34, 36, 14, '#ffe0b2')}${p('M20 34 Q34 14 48 34 Q34 26 20 34Z', '#212121')}${e(68, 72, 20, 22, '#1e88e5')}${c(68, 40, 13, '#ffe0b2')}${p('M55 38 Q68 18 81 38 Q68 30 55 38Z', '#212121')}`,
  sake: `${p('M38 6 H62 V20 Q82 34 80 60 V92 H20 V60 Q18 34 38 20Z', '#eceff1')}${r(30, 50, 40, 26, RED, 2)}${l('M44 56 V70 M56 56 V70 M40 62 H60', '#fff', 3)}`,
  fan: `${p('M50 88 L8 40 Q50 -4 92 40Z', '#ef5350')}${l('M50 88 L20 28 M50 88 L36 16 M50 88 L50 12 M50 88 L64 16 M50 88 L80 28', '#ffcdd2', 2)}${c(50, 44, 10, '#fff')}`,
  dango: `${l('M20 92 L82 12', '#a1887f', 4)}${c(34, 74, 13, '#f8bbd0')}${c(50, 54, 13, '#fff')}${c(66, 34, 13, '#aed581')}`,
  'koi flag': `${l('M12 94 V4', BROWN, 5)}${p('M14 10 Q50 4 86 20 Q94 26 86 32 Q50 44 14 34 L26 22Z', RED)}${p('M14 40 Q46 36 80 48 Q88 54 80 60 Q46 70 14 64 L24 52Z', '#1e88e5')}${c(76, 24, 3, '#fff')}${c(70, 52, 3, '#fff')}`,
  ninja: `${c(50, 50, 40, '#263238')}${r(18, 40, 64, 18, '#ffe0b2', 9)}${l('M28 48 L42 46 M58 46 L72 48', '#212121', 5)}${p('M84 30 L98 20 L92 38Z', RED)}`,
  torii: `${p('M4 16 Q50 26 96 16 L92 28 Q50 34 8 28Z', RED)}${r(16, 38, 68, 8, RED, 1)}${r(24, 26, 10, 68, RED, 1)}${r(66, 26, 10, 68, RED, 1)}${r(46, 30, 8, 10, '#212121', 1)}`,
  // farm
  cow: head({
    face: '#fafafa',
    ears: 'floppy',
    ear: '#fafafa',
    muzzle: '#f8bbd0',
    extra: `${e(34, 40, 10, 8, '#212121', ' stroke="none"')}${p('M28 24 Q22 10 30 8 M72 24 Q78 10 70 8', 'none', ' stroke="#bcaaa4" stroke-width="5"')}`,
  }),
  pig: head({
    face: '#f8bbd0',
    ears: 'point',
    ear: '#f48fb1',
    nose: `${e(50, 64, 12, 9, '#f48fb1')}${c(46, 64, 2, '#c2185b')}${c(54, 64, 2, '#c2185b')}`,
  }),
  rooster: `${bird('#fafafa', '#ff7043', '#ffb300', `${p('M62 22 Q64 10 70 16 Q72 8 78 16 Q84 10 82 24Z', RED)}${p('M18 54 Q4 30 14 20 Q20 40 26 44 Q16 24 30 22 Q30 40 34 46Z', '#43a047')}`)}`,
  sheep: `${[
    [30, 40],
    [50, 30],
    [70, 40],
    [26, 62],
    [74, 62],
    [40, 76],
    [60, 76],
  ]
    .map(([x, y]) => c(x as number, y as number, 16, '#fafafa'))
    .join(
      '',
    )}${e(50, 56, 16, 20, '#424242')}${c(44, 52, 3, '#fff', ' stroke="none"')}${c(56, 52, 3, '#fff', ' stroke="none"')}`,
  tractor: `${p('M14 70 V46 H40 V24 H68 V46 H86 V70Z', '#43a047')}${r(46, 30, 16, 16, '#b3e5fc', 1)}${c(30, 74, 18, '#424242')}${c(30, 74, 7, G)}${c(76, 80, 11, '#424242')}${c(76, 80, 4, G)}${l('M22 46 V30', '#555', 4)}`,
  corn: `${e(50, 44, 18, 36, '#fdd835')}${l('M40 20 V70 M50 10 V80 M60 20 V70 M34 34 H66 M32 50 H68 M36 64 H64', '#f9a825', 2)}${p('M50 94 Q20 80 26 50 Q36 70 50 74 Q64 70 74 50 Q80 80 50 94Z', '#7cb342')}`,
  carrot: `${p('M30 26 Q50 22 66 34 L28 94 Q20 60 30 26Z', '#ff7043')}${l('M34 44 L42 46 M32 60 L40 60 M30 76 L36 74', '#e64a19', 2)}${p('M48 28 Q56 4 70 10 Q60 18 58 30 Q74 16 84 26 Q70 30 62 34Z', '#43a047')}`,
  egg: `${p('M50 6 Q80 8 84 54 Q84 92 50 94 Q16 92 16 54 Q20 8 50 6Z', '#fff8e1')}${e(38, 36, 7, 12, '#fff', ' stroke="none"')}`,
  sunflower: `${flower('#ffc107', '#6d4c41', 12)}${l('M50 62 V98', '#43a047', 4)}`,
  farmhouse: `${r(16, 46, 68, 46, '#c62828', 0)}${p('M8 48 L50 12 L92 48Z', '#5d4037')}${p('M38 92 V62 H62 V92Z', '#fff')}${l('M38 62 L62 92 M62 62 L38 92', '#c62828', 3)}${c(50, 34, 6, '#fff')}`,
  harvest: `${p('M14 52 H86 L76 92 H24Z', '#a1887f')}${l('M18 62 H82 M20 76 H80', '#6d4c41', 3)}${c(34, 44, 12, RED)}${c(56, 40, 12, '#fb8c00')}${e(72, 44, 8, 14, '#fdd835')}${p('M40 30 Q44 14 54 18', 'none', ' stroke="#43a047" stroke-width="4"')}`,
  // arctic
  'polar bear': head({
    face: '#fafafa',
    ears: 'round',
    ear: '#eceff1',
    muzzle: '#fff',
    nose: e(50, 62, 8, 6, '#212121'),
  }),
  penguin: `${e(50, 58, 30, 38, '#263238')}${e(50, 64, 20, 28, '#fff', ' stroke="none"')}${e(50, 36, 14, 12, '#fff', ' stroke="none"')}${p('M46 42 L54 42 L50 50Z', '#ff9800')}<circle cx="44" cy="36" r="3"/><circle cx="56" cy="36" r="3"/>${e(40, 94, 8, 4, '#ff9800')}${e(60, 94, 8, 4, '#ff9800')}`,
  seal: `${p('M10 80 Q20 40 56 34 Q84 30 88 50 Q90 66 70 68 Q50 90 10 80Z', '#90a4ae')}<circle cx="74" cy="46" r="3"/>${c(86, 52, 3, '#212121')}${l('M80 56 L94 54 M80 58 L94 62', '#455a64', 1.5)}${p('M36 74 L24 92 L46 82Z', '#78909c')}`,
  fox: head({
    face: '#ff7043',
    ears: 'point',
    ear: '#ff7043',
    muzzle: '#fff',
    extra: p('M22 56 Q34 82 50 80 Q66 82 78 56 Q66 66 50 64 Q34 66 22 56Z', '#fff'),
  }),
  reindeer: `${l('M34 30 L20 8 M26 18 L12 16 M66 30 L80 8 M74 18 L88 16', '#8d6e63', 5)}${head({ face: '#a1887f', ears: 'floppy', muzzle: '#d7ccc8', nose: c(50, 70, 8, RED) })}`,
  sled: `${p('M10 56 H80 V68 H16Z', RED)}${l('M8 80 H80 Q94 80 92 66', '#90a4ae', 5)}${l('M24 68 V80 M66 68 V80', '#90a4ae', 4)}${r(20, 36, 40, 20, '#43a047', 3)}${r(36, 28, 14, 12, G, 2)}`,
  ice: `${p('M20 20 L70 10 L86 36 L80 82 L30 90 L12 60Z', '#b3e5fc', ' opacity=".9"')}${l('M28 30 L62 22 M26 56 L40 70', '#fff', 4)}`,
  mittens: `${p('M10 92 V50 Q10 20 30 20 Q44 20 44 40 V50 L52 40 Q58 46 48 60 V92Z', RED)}${r(8, 80, 42, 12, '#fff', 3)}${p('M52 92 V50 Q52 26 70 24 Q86 24 86 44 V92Z', '#1e88e5')}${r(50, 80, 40, 12, '#fff', 3)}`,
  snowman: `${c(50, 70, 26, '#fafafa')}${c(50, 32, 18, '#fafafa')}${r(34, 6, 32, 14, '#212121', 1)}${r(28, 18, 44, 5, '#212121', 1)}${p('M50 34 L66 38 L50 40Z', '#ff9800')}<circle cx="44" cy="28" r="2.5"/><circle cx="56" cy="28" r="2.5"/>${l('M34 50 H66', RED, 6)}`,
  snowflake: `${[0, 60, 120].map((a) => `<g transform="rotate(${a} 50 50)">${l('M50 6 V94 M50 20 L40 10 M50 20 L60 10 M50 80 L40 90 M50 80 L60 90', '#e1f5fe', 6)}</g>`).join('')}`,
  aurora: `${r(6, 6, 88, 88, '#0d1b3e', 10)}${l('M10 60 Q30 20 50 50 Q70 80 90 30', '#69f0ae', 9)}${l('M10 74 Q34 40 54 64 Q74 86 90 50', '#b388ff', 6)}${c(24, 20, 2, '#fff')}${c(70, 16, 2, '#fff')}`,
  // gems
  ruby: gem('#e53935', 'heart'),
  emerald: gem('#43a047', 'square'),
  sapphire: gem('#1e88e5', 'oval'),
  amethyst: gem('#8e24aa', 'drop'),
  topaz: gem('#ffb300', 'round'),
  amber: gem('#ff8f00', 'oval', '#ffe0b2'),
  pearl: `${c(50, 52, 36, '#fafafa')}${e(38, 40, 10, 14, '#fff', ' stroke="none"')}${c(58, 62, 18, '#eceff1', ' stroke="none" opacity=".6"')}`,
  agate: `${e(50, 50, 40, 36, '#8d6e63')}${e(50, 50, 30, 26, '#d7ccc8')}${e(50, 50, 20, 16, '#a1887f')}${e(50, 50, 10, 7, '#efebe9')}`,
  'star gem': `${star('#ff4081', 6, 46, 24)}${l('M50 8 L50 52 L88 30 M50 52 L88 74 M50 52 L50 96', '#fff8', 2)}`,
  prism: `${p('M50 8 L90 84 H10Z', '#e1f5fe', ' opacity=".95"')}${['#e53935', '#fdd835', '#43a047', '#1e88e5'].map((col, i) => l(`M62 ${48 + i * 5} L98 ${60 + i * 10}`, col, 4)).join('')}${l('M2 40 L42 50', '#fff', 4)}`,
};

/** A theme's own picture where two themes share a symbol name (the samurai castle is a keep). */
const THEMED: Record<string, string> = { 'samurai:castle': 'samurai-castle' };

/** The picture key of a symbol, or undefined when the studio has none drawn for it. */
export function iconKey(theme: string, name: string): string | undefined {
  const key = name.toLowerCase();
  const themed = THEMED[`${theme}:${key}`];
  if (themed) return themed;
  return key in ICONS ? key : undefined;
}
