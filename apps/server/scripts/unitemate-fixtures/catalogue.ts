// The fixture community's master data in Unitemate's shapes (migrations/master-data-seed.json, handlers/master.py,
// models/season.py): its own badge catalogue (ids badge_201…, outside rankmatch's catalogue, as a real Unitemate
// catalogue is: badge_001 there is not badge_001 here), the map from it to rankmatch's badges, seasons and settings.
// Every text is written for the fixture.

export type Item = { [key: string]: Value };
export type Value = string | number | boolean | null | Value[] | Item;

export const DAY = 86_400;
/** The export's time (2025-12-20 12:00 UTC): season 7 is running. */
export const EXPORT_AT = Date.UTC(2025, 11, 20, 12) / 1000;

export interface FixtureSeason {
  id: string;
  name: string;
  start: number;
  end: number;
  active: boolean;
  /** Their reward badge per tier (season_reset_service's badge_mapping keys). */
  rewards: { rank: [string, string, string, string, string]; battle: [string, string]; gold: string };
}

const reward = (first: number): FixtureSeason['rewards'] => {
  const id = (n: number) => `badge_${first + n}`;
  return { rank: [id(0), id(1), id(2), id(3), id(4)], battle: [id(5), id(6)], gold: id(7) };
};

export const SEASONS: readonly FixtureSeason[] = [
  {
    id: 'season_5',
    name: 'シーズン5',
    start: Date.UTC(2025, 4, 1) / 1000,
    end: Date.UTC(2025, 6, 31, 23) / 1000,
    active: false,
    rewards: reward(201),
  },
  {
    id: 'season_6',
    name: 'シーズン6',
    start: Date.UTC(2025, 7, 1) / 1000,
    end: Date.UTC(2025, 10, 21, 23) / 1000,
    active: false,
    rewards: reward(209),
  },
  {
    id: 'season_7',
    name: 'シーズン7',
    start: Date.UTC(2025, 10, 22) / 1000,
    end: Date.UTC(2026, 1, 28, 23) / 1000,
    active: true,
    rewards: reward(217),
  },
];

export const SHOP_BADGES = ['badge_225', 'badge_226', 'badge_227'] as const;
export const RETIRED_BADGE = 'badge_228';
export const ADMIN_BADGE = 'badge_229';
/** A badge the new site does not carry (the map sends it to null). */
export const DROPPED_BADGE = 'badge_230';

interface BadgeSpec {
  id: string;
  display: string;
  condition: string;
  price: number;
  type: 'basic' | 'gradient' | 'image';
}

function rewardBadges(season: FixtureSeason): BadgeSpec[] {
  const n = season.id.replace('season_', '');
  const names = ['1st', '2nd', '3rd', 'TOP10', 'TOP100'];
  const conditions = ['最終1位', '最終2位', '最終3位', '最終10位以内', '最終100位以内'];
  return [
    ...season.rewards.rank.map((id, i) => ({
      id,
      display: `[S${n}]${names[i]}`,
      condition: `シーズン${n}${conditions[i]}`,
      price: 0,
      type: 'gradient' as const,
    })),
    ...season.rewards.battle.map((id, i) => ({
      id,
      display: `[S${n}]${(i + 1) * 100}戦`,
      condition: `シーズン${n}で${(i + 1) * 100}戦以上`,
      price: 0,
      type: 'gradient' as const,
    })),
    {
      id: season.rewards.gold,
      display: `[S${n}]ゴールド免許`,
      condition: `シーズン${n}でペナルティなしで50戦以上`,
      price: 0,
      type: 'gradient',
    },
  ];
}

const OTHER_BADGES: readonly BadgeSpec[] = [
  { id: 'badge_225', display: 'フィクスチャ支援A', condition: '支援ページから購入可能', price: 500, type: 'gradient' },
  { id: 'badge_226', display: 'フィクスチャ支援B', condition: '支援ページから購入可能', price: 1500, type: 'image' },
  { id: 'badge_227', display: 'フィクスチャ支援C', condition: '支援ページから購入可能', price: 100, type: 'basic' },
  { id: 'badge_228', display: 'フィクスチャ旧支援', condition: '現在購入不可', price: 1000, type: 'image' },
  { id: 'badge_229', display: 'フィクスチャ運営', condition: '', price: 0, type: 'basic' },
  { id: 'badge_230', display: 'フィクスチャ催し', condition: '催しの参加者', price: 0, type: 'basic' },
];

export const BADGE_SPECS: readonly BadgeSpec[] = [...SEASONS.flatMap(rewardBadges), ...OTHER_BADGES];

/** Their badge → rankmatch's catalogue (the S5/S6/S7 rewards onto the catalogue's S5/S6 entries and others). */
export const BADGE_MAP: Readonly<Record<string, string | null>> = {
  // S5 → the catalogue's S5 rank badges, 100/200 matches and gold licence.
  badge_201: 'badge_021',
  badge_202: 'badge_022',
  badge_203: 'badge_023',
  badge_204: 'badge_024',
  badge_205: 'badge_025',
  badge_206: 'badge_054',
  badge_207: 'badge_055',
  badge_208: 'badge_073',
  // S6 → S6.
  badge_209: 'badge_026',
  badge_210: 'badge_027',
  badge_211: 'badge_028',
  badge_212: 'badge_029',
  badge_213: 'badge_030',
  badge_214: 'badge_064',
  badge_215: 'badge_065',
  badge_216: 'badge_074',
  // S7 is running: its rewards are rankmatch's own to give at its end, so its badges stay behind.
  badge_217: null,
  badge_218: null,
  badge_219: null,
  badge_220: null,
  badge_221: null,
  badge_222: null,
  badge_223: null,
  badge_224: null,
  badge_225: 'badge_099',
  badge_226: 'badge_103',
  badge_227: 'badge_113',
  badge_228: 'badge_125',
  badge_229: 'badge_133',
  badge_230: null,
};

/** The badge rows, with each shop badge's sales count. */
export function badgeItems(sales: ReadonlyMap<string, number>): Item[] {
  return BADGE_SPECS.map((b) => ({
    data_type: 'BADGE',
    id: b.id,
    condition: b.condition,
    display: b.display,
    start_color: '#4f7cff',
    end_color: '#a1c4fd',
    char_color: '',
    image_card: b.type === 'image' ? `/images/badges/${b.id}_card.png` : '',
    banner_image: b.type === 'image' ? `/images/badges/${b.id}_banner.png` : '',
    is_active: b.id !== RETIRED_BADGE,
    created_at: '2025-04-01T00:00:00Z',
    updated_at: '2025-04-01T00:00:00Z',
    price: b.price,
    max_sales: b.id === 'badge_226' ? 100 : 0,
    current_sales: sales.get(b.id) ?? 0,
    type: b.type,
  }));
}

export function seasonItems(): Item[] {
  return SEASONS.map((s) => ({
    data_type: 'SEASON',
    id: s.id,
    name: s.name,
    description: `${s.name}のランクマッチ`,
    start_date: s.start,
    end_date: s.end,
    image_url: null,
    theme_color: '#ff6b35',
    is_active: s.active,
    created_at: s.start - 7 * DAY,
    updated_at: s.start,
  }));
}

export function settingItems(): Item[] {
  const setting = (id: string, name: string, value: Value): Item => ({
    data_type: 'SETTING',
    id,
    name,
    description: `${name}（フィクスチャ）`,
    value,
    is_active: true,
    created_at: '2025-04-01T00:00:00Z',
    updated_at: '2025-04-01T00:00:00Z',
  });
  return [
    setting('lobby_create_timeout', 'ロビー作成制限時間', 150),
    setting('lobby_join_timeout', 'ロビー入室制限時間', 250),
    setting('rules_content', 'ルール', '# ルール\n\n- 暴言は禁止です\n- 試合後は結果を報告してください'),
    setting('announcement_content', 'お知らせ', 'シーズン7が始まりました。'),
    setting('maintenance_message', 'メンテナンス表示', '（なし）'),
  ];
}

/** Master rows the import leaves out (rankmatch bundles its roster and roles). */
export function otherMasterItems(): Item[] {
  return [
    { data_type: 'POKEMON', id: 'PIKACHU', name_ja: 'ピカチュウ', type: 'アタック', is_active: true },
    { data_type: 'ROLE', id: 'TOP_LANE', name_ja: '上レーン', is_active: true },
  ];
}
