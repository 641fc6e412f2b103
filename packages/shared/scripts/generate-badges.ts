/**
 * Generates the bundled badge catalogue and the art of its image badges (spec player side §3 "Badge").
 *
 *   npx tsx packages/shared/scripts/generate-badges.ts
 *
 * Outputs (deterministic; re-running rewrites identical files and removes stale badge SVGs):
 *   packages/shared/src/data/badges.json           147 entries, badge_001 … badge_147 in id order
 *   apps/web/public/badges/<id>-card.svg            320×180 card art, image badges only
 *   apps/web/public/badges/<id>-banner.svg          600×120 banner art, image badges only
 *
 * How the catalogue is organised (ids are never reused or renumbered once published):
 *   badge_001–030  season ranking: seasons 0,1,2,3,5,6 × (1位, 2位, 3位, TOP10, TOP100), 5 ids per season.
 *                  S1 and S5 1位 are priced 0, the rest 100.
 *   badge_031–068  match count (basic): S0 100–300, S1 100–500, S2 100–500, S3 100–1000, S5 100–1000, S6 100–500.
 *   badge_069–074  gold licence (50+ matches and 0 penalties in the season), seasons 0,1,2,3,5,6.
 *   badge_075–098  tournaments: 第1回–第6回ランクマッチ杯 × (優勝, 準優勝, TOP16, TOP50); winner and runner-up are images.
 *   badge_099–102  supporter tiers (shop, image): ブロンズ 500, シルバー 1000, ゴールド 5000, プラチナ 10000.
 *   badge_103–112  graphic badges (shop, image, 1500).
 *   badge_113–120  colour gradient badges (shop).
 *   badge_121–124  other image badges (shop).
 *   badge_125–127  retired former shop badges (現在購入不可, is_active false).
 *   badge_128–132  role badges (basic).
 *   badge_133–137  community badges granted by admins (blank condition).
 *   badge_138–147  event image badges (two of them former shop items, now 現在購入不可).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Badge } from '../src/badges.ts';
import { BADGE_CONDITION_NOT_PURCHASABLE, BADGE_CONDITION_SHOP } from '../src/constants.ts';

const JSON_PATH = fileURLToPath(new URL('../src/data/badges.json', import.meta.url));
const ART_DIR = fileURLToPath(new URL('../../../apps/web/public/badges/', import.meta.url));
const ART_URL_PREFIX = '/badges/';
const FONT_STACK = "'Hiragino Sans','Noto Sans JP','IPAGothic',sans-serif";
const SHOP = BADGE_CONDITION_SHOP;
const NOT_PURCHASABLE = BADGE_CONDITION_NOT_PURCHASABLE;

// ---------------------------------------------------------------------------------------------
// Colours

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function rgbToHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Linear mix: t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const ca = hexToRgb(a);
  const cb = hexToRgb(b);
  return rgbToHex(ca.map((c, i) => c + ((cb[i] ?? 0) - c) * t));
}

const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
const darken = (c: string, t: number) => mix(c, '#000000', t);

/** Relative luminance (WCAG). */
function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const textOn = (bg: string) => (luminance(bg) > 0.4 ? '#1f2937' : '#ffffff');

// ---------------------------------------------------------------------------------------------
// Catalogue

type Emblem = keyof typeof EMBLEMS;

interface Art {
  emblem: Emblem;
  /** Colour of the emblem inside the medallion. */
  emblemColor: string;
  /** Small latin caption under the title. */
  label: string;
}

interface Entry {
  display: string;
  condition: string;
  is_active?: boolean;
  type: Badge['type'];
  start_color: string;
  end_color: string;
  char_color: string;
  price: number;
  max_sales?: number;
  art?: Art;
}

const entries: Entry[] = [];

function basic(display: string, condition: string, bg: string, price = 100, char = textOn(bg)): Entry {
  return { display, condition, type: 'basic', start_color: bg, end_color: bg, char_color: char, price };
}

function gradient(display: string, condition: string, start: string, end: string, char: string, price = 100): Entry {
  return { display, condition, type: 'gradient', start_color: start, end_color: end, char_color: char, price };
}

function image(
  display: string,
  condition: string,
  colors: [start: string, end: string, char: string],
  art: Art,
  price = 100,
): Entry {
  const [start_color, end_color, char_color] = colors;
  return { display, condition, type: 'image', start_color, end_color, char_color, price, art };
}

const SEASONS = [0, 1, 2, 3, 5, 6] as const;
const SEASON_COLORS: Record<(typeof SEASONS)[number], string> = {
  0: '#5b6b82',
  1: '#d94a38',
  2: '#129e9b',
  3: '#7b5ea7',
  5: '#2e7fb8',
  6: '#ef6a32',
};

// badge_001–030: season ranking
for (const s of SEASONS) {
  const c = SEASON_COLORS[s];
  const winnerPrice = s === 1 || s === 5 ? 0 : 100;
  entries.push(
    gradient(`S${s} 1位`, `シーズン${s} 最終順位1位`, '#fde68a', '#c98a12', '#3b2500', winnerPrice),
    gradient(`S${s} 2位`, `シーズン${s} 最終順位2位`, '#f1f5f9', '#94a3b8', '#1e293b'),
    gradient(`S${s} 3位`, `シーズン${s} 最終順位3位`, '#f0b27a', '#9a5a2c', '#ffffff'),
    gradient(`S${s} TOP10`, `シーズン${s} 最終順位TOP10`, lighten(c, 0.25), darken(c, 0.35), '#ffffff'),
    basic(`S${s} TOP100`, `シーズン${s} 最終順位TOP100`, c, 100, '#ffffff'),
  );
}

// badge_031–068: match count
const MATCH_COUNT_MAX: Record<(typeof SEASONS)[number], number> = { 0: 300, 1: 500, 2: 500, 3: 1000, 5: 1000, 6: 500 };
for (const s of SEASONS) {
  for (let n = 100; n <= MATCH_COUNT_MAX[s]; n += 100) {
    const bg = mix(SEASON_COLORS[s], '#ffffff', 0.8 * (1 - n / 1000));
    entries.push(basic(`S${s} ${n}戦達成`, `シーズン${s}で${n}試合以上プレイ`, bg));
  }
}

// badge_069–074: gold licence
for (const s of SEASONS) {
  entries.push(
    gradient(`S${s} ゴールドライセンス`, `シーズン${s}で50試合以上かつペナルティ0`, '#fff1b8', '#d4a017', '#4a3300'),
  );
}

// badge_075–098: tournaments
const TOURNAMENT_HUES = ['#1e3a8a', '#7f1d1d', '#065f46', '#4c1d95', '#0c4a6e', '#7c2d12'] as const;
TOURNAMENT_HUES.forEach((hue, i) => {
  const no = i + 1;
  const cup = `第${no}回ランクマッチ杯`;
  entries.push(
    image(`第${no}回大会 優勝`, `${cup} 優勝`, [lighten(hue, 0.12), darken(hue, 0.55), '#ffe08a'], {
      emblem: 'trophy',
      emblemColor: '#ffc83d',
      label: `CHAMPION · CUP ${no}`,
    }),
    image(`第${no}回大会 準優勝`, `${cup} 準優勝`, [mix(hue, '#64748b', 0.55), darken(hue, 0.6), '#eef2f7'], {
      emblem: 'laurel',
      emblemColor: '#dfe6ee',
      label: `RUNNER-UP · CUP ${no}`,
    }),
    gradient(`第${no}回大会 TOP16`, `${cup} ベスト16`, lighten(hue, 0.35), hue, '#ffffff'),
    basic(`第${no}回大会 TOP50`, `${cup} ベスト50`, lighten(hue, 0.78), 100, darken(hue, 0.2)),
  );
});

// badge_099–102: supporter tiers
entries.push(
  image(
    'サポーター ブロンズ',
    SHOP,
    ['#e0a072', '#7a4425', '#fff7ed'],
    {
      emblem: 'shield',
      emblemColor: '#ffe3c8',
      label: 'SUPPORTER · BRONZE',
    },
    500,
  ),
  image(
    'サポーター シルバー',
    SHOP,
    ['#eef2f6', '#8793a6', '#1f2937'],
    {
      emblem: 'shield',
      emblemColor: '#ffffff',
      label: 'SUPPORTER · SILVER',
    },
    1000,
  ),
  image(
    'サポーター ゴールド',
    SHOP,
    ['#ffe58a', '#c08400', '#3b2a00'],
    {
      emblem: 'shield',
      emblemColor: '#fff6d1',
      label: 'SUPPORTER · GOLD',
    },
    5000,
  ),
  {
    ...image(
      'サポーター プラチナ',
      SHOP,
      ['#e6f4ff', '#6a7fdb', '#1e1b4b'],
      {
        emblem: 'crown',
        emblemColor: '#ffffff',
        label: 'SUPPORTER · PLATINUM',
      },
      10000,
    ),
    max_sales: 50,
  },
);

// badge_103–112: graphic badges
const GRAPHICS: [string, [string, string, string], Emblem, string, number?][] = [
  ['紅蓮', ['#ff6a3d', '#c2185b', '#ffffff'], 'flame', '#ffd36b'],
  ['蒼海', ['#2aa6c9', '#1e3c72', '#ffffff'], 'drop', '#c9f4ff'],
  ['翠嵐', ['#6cc04a', '#0b6e4f', '#ffffff'], 'leaf', '#dcffc2'],
  ['迅雷', ['#5a4fcf', '#1b1464', '#fff59d'], 'bolt', '#ffe14d'],
  ['月影', ['#2c5364', '#0f2027', '#e3f2ff'], 'moon', '#fff3c4'],
  ['星屑', ['#5b2a86', '#1f0633', '#ffe9ff'], 'stars', '#ffe66d'],
  ['桜花', ['#ffc1cf', '#e85a84', '#4a0d1f'], 'sakura', '#ffffff'],
  ['氷華', ['#b3d1ff', '#4f6fe8', '#0b1a4a'], 'snowflake', '#ffffff'],
  ['黒曜', ['#45484d', '#0b0b0e', '#e5e7eb'], 'gem', '#c4a3ff', 100],
  ['日輪', ['#ffb300', '#e53900', '#ffffff'], 'sun', '#fff59d'],
];
for (const [display, colors, emblem, emblemColor, maxSales] of GRAPHICS) {
  const e = image(display, SHOP, colors, { emblem, emblemColor, label: 'GRAPHIC BADGE' }, 1500);
  entries.push(maxSales ? { ...e, max_sales: maxSales } : e);
}

// badge_113–120: colour gradient badges for sale
entries.push(
  gradient('夕焼け', SHOP, '#ff7e5f', '#f9a15a', '#ffffff', 100),
  gradient('オーロラ', SHOP, '#00c9a7', '#845ec2', '#ffffff', 500),
  gradient('深海', SHOP, '#00a8cc', '#0f2c59', '#e0f7ff', 500),
  gradient('新緑', SHOP, '#b6e36f', '#4f9e2c', '#173300', 100),
  gradient('宵闇', SHOP, '#243b55', '#141e30', '#cfd8ff', 100),
  { ...gradient('琥珀', SHOP, '#f6d365', '#f08a5d', '#4a2300', 500), max_sales: 100 },
  gradient('ラベンダー', SHOP, '#c9b1ff', '#7f5ce6', '#ffffff', 500),
  gradient('ミント', SHOP, '#c4f5ea', '#3dd6b5', '#0b3d33', 100),
);

// badge_121–124: other image badges for sale
entries.push(
  image(
    '流れ星',
    SHOP,
    ['#3a3f9e', '#14143a', '#fff8d6'],
    { emblem: 'star', emblemColor: '#ffe66d', label: 'SHOOTING STAR' },
    1000,
  ),
  {
    ...image(
      '王者の冠',
      SHOP,
      ['#8e24aa', '#2a1173', '#ffe082'],
      {
        emblem: 'crown',
        emblemColor: '#ffca28',
        label: 'ROYAL CROWN',
      },
      1000,
    ),
    max_sales: 50,
  },
  image(
    '守護の盾',
    SHOP,
    ['#1e88e5', '#0d2c6b', '#e3f2fd'],
    { emblem: 'shield', emblemColor: '#bfe0ff', label: 'GUARDIAN' },
    500,
  ),
  {
    ...image(
      'ハートフル',
      SHOP,
      ['#ff8aa6', '#e0457b', '#ffffff'],
      {
        emblem: 'heart',
        emblemColor: '#fff0f5',
        label: 'HEARTFUL',
      },
      500,
    ),
    max_sales: 100,
  },
);

// badge_125–127: retired former shop badges
entries.push(
  { ...gradient('開幕記念', NOT_PURCHASABLE, '#ff9966', '#ff5e62', '#ffffff', 500), is_active: false },
  {
    ...image(
      'ローンチ限定',
      NOT_PURCHASABLE,
      ['#302b63', '#0f0c29', '#ffd700'],
      {
        emblem: 'star',
        emblemColor: '#ffd700',
        label: 'LAUNCH LIMITED',
      },
      1000,
    ),
    is_active: false,
  },
  { ...gradient('初代サポーター', NOT_PURCHASABLE, '#bdc3c7', '#2c3e50', '#ffffff', 1000), is_active: false },
);

// badge_128–132: role badges
entries.push(
  basic('トップ職人', '1シーズンでトップレーンとして30勝', '#d84343'),
  basic('ミドル職人', '1シーズンでミドルとして30勝', '#8e24aa'),
  basic('ボトム職人', '1シーズンでボトムレーンとして30勝', '#1e78d2'),
  basic('サポート職人', '1シーズンでサポートとして30勝', '#2e8b46'),
  basic('タンク職人', '1シーズンでタンクとして30勝', '#6d4c41'),
);

// badge_133–137: community badges (granted by admins)
entries.push(
  basic('大会運営', '', '#263238'),
  gradient('配信者', '', '#9146ff', '#5b2fb5', '#ffffff'),
  gradient('実況解説', '', '#ff416c', '#e0321c', '#ffffff'),
  basic('翻訳協力', '', '#00897b'),
  basic('バグハンター', '', '#fdd835', 100, '#3e2723'),
);

// badge_138–147: event image badges
entries.push(
  image('1周年記念', '1周年記念イベント期間中に1試合以上プレイ', ['#c0392b', '#5e140c', '#ffe082'], {
    emblem: 'laurel',
    emblemColor: '#ffd54f',
    label: '1ST ANNIVERSARY',
  }),
  image('2周年記念', '2周年記念イベント期間中に1試合以上プレイ', ['#168aa6', '#0a2b36', '#e0f7fa'], {
    emblem: 'laurel',
    emblemColor: '#ffd54f',
    label: '2ND ANNIVERSARY',
  }),
  image('夏祭り', '夏祭りイベントで10試合以上プレイ', ['#1cc0e8', '#0073a8', '#ffffff'], {
    emblem: 'sun',
    emblemColor: '#ffeb3b',
    label: 'SUMMER FESTIVAL',
  }),
  image('ハロウィン', 'ハロウィンイベントで10試合以上プレイ', ['#f46b45', '#2d0b3f', '#fff3e0'], {
    emblem: 'moon',
    emblemColor: '#ffe0b2',
    label: 'HALLOWEEN',
  }),
  image('年末カップ', '年末カップに出場', ['#1b6f80', '#0b2027', '#e8f5e9'], {
    emblem: 'trophy',
    emblemColor: '#ffd54f',
    label: 'YEAR-END CUP',
  }),
  image('新春杯', '新春杯に出場', ['#c31432', '#3a0b36', '#ffe4ec'], {
    emblem: 'sakura',
    emblemColor: '#ffc9da',
    label: 'NEW YEAR CUP',
  }),
  image('ベータテスター', 'ベータテスト期間中に参加', ['#566473', '#1f262e', '#e0e0e0'], {
    emblem: 'shield',
    emblemColor: '#80deea',
    label: 'BETA TESTER',
  }),
  image('1万試合記念', 'サイト累計1万試合達成記念イベントに参加', ['#4568dc', '#9c4fb0', '#ffffff'], {
    emblem: 'star',
    emblemColor: '#fff59d',
    label: '10,000 MATCHES',
  }),
  image(
    'バレンタイン',
    NOT_PURCHASABLE,
    ['#e52d27', '#8f0e12', '#ffffff'],
    {
      emblem: 'heart',
      emblemColor: '#ffd6dc',
      label: "VALENTINE'S DAY",
    },
    500,
  ),
  image(
    '雪まつり',
    NOT_PURCHASABLE,
    ['#8fb3e6', '#3f5fb0', '#ffffff'],
    {
      emblem: 'snowflake',
      emblemColor: '#ffffff',
      label: 'SNOW FESTIVAL',
    },
    500,
  ),
);

// ---------------------------------------------------------------------------------------------
// Emblems: drawn in a box of about ±48 around (0, 0). `fill` paints the shape, `detail` small accents.

const r2 = (n: number) => Math.round(n * 100) / 100;

function starPoints(outer: number, inner: number, points = 5, cx = 0, cy = 0): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const rad = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / points) * i - Math.PI / 2;
    out.push(`${r2(cx + rad * Math.cos(a))},${r2(cy + rad * Math.sin(a))}`);
  }
  return out.join(' ');
}

/** `count` copies of `element` rotated evenly around (0, 0), starting at `offset` degrees. */
function rotations(count: number, offset: number, element: string): string {
  return Array.from(
    { length: count },
    (_, i) => `<g transform="rotate(${r2(offset + (360 / count) * i)})">${element}</g>`,
  ).join('');
}

function laurelBranch(fill: string): string {
  const leaves: string[] = [];
  const R = 38;
  for (let i = 0; i < 7; i++) {
    const deg = 105 + i * 22;
    const a = (deg * Math.PI) / 180;
    const x = r2(R * Math.cos(a));
    const y = r2(R * Math.sin(a));
    leaves.push(
      `<ellipse cx="${x}" cy="${y}" rx="5.5" ry="12" transform="rotate(${r2(deg - 180 + 28)} ${x} ${y})" fill="${fill}"/>`,
    );
  }
  return `<path d="M6,44 A38,38 0 0 1 -31.4,-21.4" fill="none" stroke="${fill}" stroke-width="3" stroke-linecap="round"/>${leaves.join('')}`;
}

const EMBLEMS = {
  star: (fill: string, detail: string) =>
    `<polygon points="${starPoints(48, 20, 5, 0, 4)}" fill="${fill}" stroke="${fill}" stroke-width="4" stroke-linejoin="round"/>` +
    `<polygon points="${starPoints(18, 7.5, 5, 0, 4)}" fill="${detail}" fill-opacity="0.35"/>`,
  stars: (fill: string, detail: string) =>
    `<polygon points="${starPoints(34, 14, 5, -8, 6)}" fill="${fill}" stroke="${fill}" stroke-width="3" stroke-linejoin="round"/>` +
    `<polygon points="${starPoints(16, 6.5, 5, 30, -26)}" fill="${fill}"/>` +
    `<polygon points="${starPoints(11, 4.5, 5, 30, 32)}" fill="${fill}"/>` +
    `<polygon points="${starPoints(9, 3.5, 5, -38, -34)}" fill="${fill}"/>` +
    `<circle cx="-8" cy="8" r="6" fill="${detail}" fill-opacity="0.3"/>`,
  shield: (fill: string, detail: string) =>
    `<path d="M0,-48 L40,-34 L40,2 C40,26 22,42 0,50 C-22,42 -40,26 -40,2 L-40,-34 Z" fill="${fill}"/>` +
    `<path d="M0,-38 L31,-27 L31,2 C31,20 17,33 0,40 C-17,33 -31,20 -31,2 L-31,-27 Z" fill="none" stroke="${detail}" stroke-opacity="0.45" stroke-width="2.5"/>` +
    `<polygon points="${starPoints(17, 7, 5, 0, 0)}" fill="${detail}" fill-opacity="0.75"/>`,
  crown: (fill: string, detail: string) =>
    `<path d="M-40,22 L-46,-22 L-22,0 L0,-34 L22,0 L46,-22 L40,22 Z" fill="${fill}" stroke="${fill}" stroke-width="3" stroke-linejoin="round"/>` +
    `<rect x="-41" y="27" width="82" height="13" rx="3" fill="${fill}"/>` +
    `<circle cx="-46" cy="-27" r="6" fill="${fill}"/><circle cx="0" cy="-40" r="6.5" fill="${fill}"/><circle cx="46" cy="-27" r="6" fill="${fill}"/>` +
    `<circle cx="0" cy="9" r="6" fill="${detail}" fill-opacity="0.6"/>` +
    `<circle cx="-22" cy="13" r="4" fill="${detail}" fill-opacity="0.45"/><circle cx="22" cy="13" r="4" fill="${detail}" fill-opacity="0.45"/>`,
  trophy: (fill: string, detail: string) =>
    `<path d="M-27,-34 H-38 C-44,-34 -46,-30 -46,-25 C-46,-10 -37,0 -22,2 M27,-34 H38 C44,-34 46,-30 46,-25 C46,-10 37,0 22,2" fill="none" stroke="${fill}" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M-28,-44 H28 V-16 C28,8 15,21 0,21 C-15,21 -28,8 -28,-16 Z" fill="${fill}"/>` +
    `<rect x="-6" y="19" width="12" height="14" fill="${fill}"/>` +
    `<path d="M-22,32 H22 L26,46 H-26 Z" fill="${fill}"/>` +
    `<polygon points="${starPoints(11, 4.5, 5, 0, -18)}" fill="${detail}" fill-opacity="0.6"/>`,
  laurel: (fill: string, detail: string) =>
    `<g>${laurelBranch(fill)}</g><g transform="scale(-1 1)">${laurelBranch(fill)}</g>` +
    `<polygon points="${starPoints(17, 7, 5, 0, 0)}" fill="${fill}"/>` +
    `<polygon points="${starPoints(7, 3, 5, 0, 0)}" fill="${detail}" fill-opacity="0.4"/>`,
  flame: (fill: string, detail: string) =>
    `<path d="M4,-48 C10,-30 32,-16 32,10 C32,32 17,47 0,47 C-19,47 -32,33 -32,13 C-32,-6 -19,-14 -14,-30 C-8,-18 -6,-10 0,-6 C6,-20 8,-34 4,-48 Z" fill="${fill}"/>` +
    `<path d="M0,44 C-10,44 -17,36 -17,26 C-17,13 -7,7 -3,-3 C5,8 17,14 17,26 C17,36 10,44 0,44 Z" fill="${detail}" fill-opacity="0.35"/>`,
  drop: (fill: string, detail: string) =>
    `<path d="M0,-48 C16,-24 34,-6 34,14 C34,33 19,47 0,47 C-19,47 -34,33 -34,14 C-34,-6 -16,-24 0,-48 Z" fill="${fill}"/>` +
    `<path d="M-18,14 C-18,26 -10,34 0,36" fill="none" stroke="${detail}" stroke-opacity="0.45" stroke-width="5" stroke-linecap="round"/>`,
  leaf: (fill: string, detail: string) =>
    `<path d="M-38,40 C-46,-8 -8,-44 42,-42 C44,8 8,44 -38,40 Z" fill="${fill}"/>` +
    `<path d="M-34,36 C-12,12 10,-12 34,-34 M-8,10 L-8,-12 M8,-6 L8,-26 M-8,10 L14,10 M8,-6 L26,-6" fill="none" stroke="${detail}" stroke-opacity="0.45" stroke-width="3" stroke-linecap="round"/>`,
  bolt: (fill: string, detail: string) =>
    `<path d="M12,-48 L-30,6 L-4,6 L-14,48 L30,-10 L4,-10 Z" fill="${fill}" stroke="${fill}" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M8,-36 L-18,0" fill="none" stroke="${detail}" stroke-opacity="0.3" stroke-width="3" stroke-linecap="round"/>`,
  moon: (fill: string, detail: string) =>
    `<path d="M12,-42 A44,44 0 1 0 12,42 A50,50 0 0 1 12,-42 Z" fill="${fill}" transform="translate(4 0)"/>` +
    `<polygon points="${starPoints(11, 4.5, 5, 30, -16)}" fill="${fill}"/>` +
    `<polygon points="${starPoints(7, 3, 5, 36, 20)}" fill="${fill}"/>` +
    `<circle cx="-22" cy="-6" r="5" fill="${detail}" fill-opacity="0.25"/><circle cx="-14" cy="20" r="3.5" fill="${detail}" fill-opacity="0.25"/>`,
  sakura: (fill: string, detail: string) =>
    rotations(5, 0, `<path d="M0,-4 C-20,-16 -22,-38 -9,-47 L0,-40 L9,-47 C22,-38 20,-16 0,-4 Z" fill="${fill}"/>`) +
    `<circle r="8" fill="${detail}" fill-opacity="0.55"/>` +
    rotations(5, 36, `<circle cy="-14" r="2.5" fill="${detail}" fill-opacity="0.5"/>`),
  snowflake: (fill: string, detail: string) =>
    `<polygon points="${starPoints(10, 10, 6)}" fill="${detail}" fill-opacity="0.4"/>` +
    rotations(
      6,
      0,
      `<path d="M0,0 V-46 M0,-30 L-11,-41 M0,-30 L11,-41 M0,-16 L-8,-24 M0,-16 L8,-24" fill="none" stroke="${fill}" stroke-width="6" stroke-linecap="round"/>`,
    ),
  gem: (fill: string, detail: string) =>
    `<path d="M-36,-16 L-18,-40 H18 L36,-16 L0,44 Z" fill="${fill}" stroke="${fill}" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M-36,-16 H36 M-18,-40 L-9,-16 L0,44 L9,-16 L18,-40 M-9,-16 L0,-40 L9,-16" fill="none" stroke="${detail}" stroke-opacity="0.45" stroke-width="2.5" stroke-linejoin="round"/>`,
  heart: (fill: string, detail: string) =>
    `<path d="M0,44 C-42,16 -50,-14 -34,-32 C-20,-46 -4,-38 0,-24 C4,-38 20,-46 34,-32 C50,-14 42,16 0,44 Z" fill="${fill}"/>` +
    `<path d="M-30,-16 C-30,-24 -24,-30 -17,-30" fill="none" stroke="${detail}" stroke-opacity="0.35" stroke-width="5" stroke-linecap="round"/>`,
  sun: (fill: string, detail: string) =>
    rotations(12, 0, `<path d="M-6,-31 L0,-48 L6,-31 Z" fill="${fill}"/>`) +
    `<circle r="25" fill="${fill}"/>` +
    `<circle r="17" fill="none" stroke="${detail}" stroke-opacity="0.3" stroke-width="3"/>`,
} satisfies Record<string, (fill: string, detail: string) => string>;

// ---------------------------------------------------------------------------------------------
// SVG art

function esc(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Width of a string in em for a bold sans font: full-width characters 1em, others about 0.62em. */
function widthEm(s: string): number {
  let w = 0;
  for (const ch of s) w += ch === ' ' ? 0.3 : (ch.codePointAt(0) ?? 0) > 0x2e7f ? 1 : 0.62;
  return w;
}

const fitFont = (s: string, maxWidth: number, maxSize: number) => Math.min(maxSize, Math.floor(maxWidth / widthEm(s)));

function defs(p: string, e: Entry, art: Art, bgAngle: 'diagonal' | 'horizontal'): string {
  const [x2, y2] = bgAngle === 'diagonal' ? ['1', '1'] : ['1', '0.35'];
  const medalTop = mix(e.end_color, e.start_color, 0.35);
  const darkText = luminance(e.char_color) < 0.4;
  return [
    '<defs>',
    `<linearGradient id="${p}-bg" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${e.start_color}"/><stop offset="1" stop-color="${e.end_color}"/></linearGradient>`,
    `<radialGradient id="${p}-shine" cx="0.18" cy="0" r="0.85"><stop offset="0" stop-color="#ffffff" stop-opacity="0.42"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="${p}-medal" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(medalTop, 0.12)}"/><stop offset="1" stop-color="${darken(e.end_color, 0.45)}"/></linearGradient>`,
    `<linearGradient id="${p}-emblem" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(art.emblemColor, 0.55)}"/><stop offset="1" stop-color="${art.emblemColor}"/></linearGradient>`,
    `<pattern id="${p}-stripes" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="7" height="16" fill="#ffffff" fill-opacity="0.06"/></pattern>`,
    `<filter id="${p}-shadow" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="2" stdDeviation="2" flood-color="#000000" flood-opacity="0.35"/></filter>`,
    // Text shadow: dark under light text, a soft light glow under dark text.
    darkText
      ? `<filter id="${p}-text" x="-10%" y="-30%" width="120%" height="160%"><feDropShadow dx="0" dy="1" stdDeviation="1.5" flood-color="#ffffff" flood-opacity="0.55"/></filter>`
      : `<filter id="${p}-text" x="-10%" y="-30%" width="120%" height="160%"><feDropShadow dx="0" dy="2" stdDeviation="2" flood-color="#000000" flood-opacity="0.4"/></filter>`,
    '</defs>',
  ].join('\n');
}

function medallion(p: string, art: Art, cx: number, cy: number, r: number): string {
  const emblem = EMBLEMS[art.emblem](`url(#${p}-emblem)`, darken(art.emblemColor, 0.6));
  return [
    `<g transform="translate(${cx} ${cy})" filter="url(#${p}-shadow)">`,
    `<circle r="${r}" fill="url(#${p}-medal)" stroke="#ffffff" stroke-opacity="0.75" stroke-width="3"/>`,
    `<circle r="${r - 7}" fill="none" stroke="#ffffff" stroke-opacity="0.22" stroke-width="1.5"/>`,
    `<g transform="scale(${r2((r * 0.7) / 48)})">${emblem}</g>`,
    '</g>',
  ].join('\n');
}

function watermark(art: Art, x: number, y: number, scale: number): string {
  return `<g transform="translate(${x} ${y}) rotate(-14) scale(${scale})" opacity="0.13">${EMBLEMS[art.emblem]('#ffffff', '#ffffff')}</g>`;
}

function cardSvg(id: string, e: Entry, art: Art): string {
  const title = esc(e.display);
  const size = fitFont(e.display, 264, 28);
  return `${[
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    defs(id, e, art, 'diagonal'),
    `<clipPath id="${id}-clip"><rect width="320" height="180" rx="16"/></clipPath>`,
    `<g clip-path="url(#${id}-clip)">`,
    `<rect width="320" height="180" fill="url(#${id}-bg)"/>`,
    `<rect width="320" height="180" fill="url(#${id}-stripes)"/>`,
    watermark(art, 278, 132, 1.7),
    watermark(art, 34, 30, 0.8),
    `<rect width="320" height="180" fill="url(#${id}-shine)"/>`,
    '</g>',
    '<rect x="6" y="6" width="308" height="168" rx="12" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="1.5"/>',
    medallion(id, art, 160, 66, 42),
    `<text x="160" y="${132 + Math.round(size * 0.5)}" text-anchor="middle" font-family="${FONT_STACK}" font-size="${size}" font-weight="700" fill="${e.char_color}" filter="url(#${id}-text)">${title}</text>`,
    `<text x="160" y="166" text-anchor="middle" font-family="${FONT_STACK}" font-size="9.5" font-weight="700" letter-spacing="2.5" fill="${e.char_color}" fill-opacity="0.78">${esc(art.label)}</text>`,
    '</svg>',
  ].join('\n')}\n`;
}

function bannerSvg(id: string, e: Entry, art: Art): string {
  const title = esc(e.display);
  const size = fitFont(e.display, 400, 38);
  return `${[
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="120" viewBox="0 0 600 120" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    defs(id, e, art, 'horizontal'),
    `<clipPath id="${id}-clip"><rect width="600" height="120" rx="14"/></clipPath>`,
    `<g clip-path="url(#${id}-clip)">`,
    `<rect width="600" height="120" fill="url(#${id}-bg)"/>`,
    `<rect width="600" height="120" fill="url(#${id}-stripes)"/>`,
    watermark(art, 540, 74, 1.6),
    watermark(art, 462, 22, 0.55),
    `<rect width="600" height="120" fill="url(#${id}-shine)"/>`,
    `<path d="M0,104 H600 V120 H0 Z" fill="#000000" fill-opacity="0.12"/>`,
    '</g>',
    '<rect x="5" y="5" width="590" height="110" rx="10" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="1.5"/>',
    medallion(id, art, 64, 60, 40),
    `<text x="126" y="${50 + Math.round(size * 0.36)}" font-family="${FONT_STACK}" font-size="${size}" font-weight="700" fill="${e.char_color}" filter="url(#${id}-text)">${title}</text>`,
    `<text x="128" y="92" font-family="${FONT_STACK}" font-size="12" font-weight="700" letter-spacing="3" fill="${e.char_color}" fill-opacity="0.78">RANKMATCH · ${esc(art.label)}</text>`,
    '</svg>',
  ].join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Output

function writeIfChanged(path: string, content: string): boolean {
  let current: string | undefined;
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === content) return false;
  writeFileSync(path, content);
  return true;
}

function main(): void {
  if (entries.length !== 147) throw new Error(`expected 147 badges, got ${entries.length}`);

  const badges: Badge[] = [];
  const art = new Map<string, string>();
  entries.forEach((e, i) => {
    const id = `badge_${String(i + 1).padStart(3, '0')}`;
    const isImage = e.type === 'image';
    if (isImage !== Boolean(e.art)) throw new Error(`${id}: image badges (and only they) need art`);
    badges.push({
      id,
      display: e.display,
      condition: e.condition,
      is_active: e.is_active ?? true,
      type: e.type,
      start_color: e.start_color,
      end_color: e.end_color,
      char_color: e.char_color,
      image_card: isImage ? `${ART_URL_PREFIX}${id}-card.svg` : '',
      banner_image: isImage ? `${ART_URL_PREFIX}${id}-banner.svg` : '',
      price: e.price,
      max_sales: e.max_sales ?? 0,
      current_sales: 0,
    });
    if (e.art) {
      art.set(`${id}-card.svg`, cardSvg(id, e, e.art));
      art.set(`${id}-banner.svg`, bannerSvg(id, e, e.art));
    }
  });

  let changed = 0;
  if (writeIfChanged(JSON_PATH, `${JSON.stringify(badges, null, 2)}\n`)) changed++;
  mkdirSync(ART_DIR, { recursive: true });
  for (const [name, svg] of art) if (writeIfChanged(`${ART_DIR}${name}`, svg)) changed++;
  let removed = 0;
  for (const name of readdirSync(ART_DIR)) {
    if (/^badge_\d{3}-(card|banner)\.svg$/.test(name) && !art.has(name)) {
      rmSync(`${ART_DIR}${name}`);
      removed++;
    }
  }
  console.log(`${badges.length} badges, ${art.size} SVG files; ${changed} file(s) written, ${removed} stale removed.`);
}

main();
