import { INITIAL_RATE, ROLES, type Role, SPECIAL_TEST_RATE, SPECIAL_TEST_USER_ID } from '@rankmatch/shared';

// The seeded test accounts (spec §6): 30 players covering all five roles with a spread of rates, the special test id
// at 1800, and one admin used in development. Ids start with `dummy_` so they can never collide with a Discord id.

export const DUMMY_ID_PREFIX = 'dummy_';
export const DEV_ADMIN_DUMMY_ID = 'dummy_admin';

const NAMES = [
  'ピカチュウ使い',
  'カビゴン番長',
  'ゲッコウガ忍',
  'ルカリオ師範',
  'サーナイト姫',
  'ハピナスの盾',
  'ガブリアス特攻',
  'エーフィ観測所',
  'ワタシラガ綿毛',
  'カメックス砲台',
  'リザードン炎',
  'ミュウツー研究員',
  'ドラパルト便',
  'ヤドラン昼寝',
  'ウーラオス道場',
  'マリルリ水泳部',
  'アブソル夜明け',
  'ジュナイパー射手',
  'ニンフィアリボン',
  'バンギラス岩砕',
  'ゼラオラ稲妻',
  'グレイシア氷華',
  'エースバーン蹴球',
  'ヤミラミ宝石',
  'ラプラス航海',
  'ブラッキー月影',
  'トリデプス城壁',
  'インテレオン狙撃',
  'ミミッキュ影',
  'ホウオウ虹翼',
];

export interface DummySeed {
  id: string;
  trainerName: string;
  discordUsername: string;
  rate: number;
  preferredRole: Role;
  isAdmin: boolean;
}

/** Rates spread from 1200 to 1780 in a fixed pattern so every role sees low, middle and high players. */
export function dummySeeds(): DummySeed[] {
  const seeds = NAMES.map((name, i): DummySeed => {
    const n = String(i + 1).padStart(2, '0');
    return {
      id: `${DUMMY_ID_PREFIX}${n}`,
      trainerName: name,
      discordUsername: `test_player_${n}`,
      rate: 1200 + ((i * 7) % 30) * 20,
      preferredRole: ROLES[i % ROLES.length] as Role,
      isAdmin: false,
    };
  });
  seeds.push({
    id: SPECIAL_TEST_USER_ID,
    trainerName: 'スペシャルテスター',
    discordUsername: 'test_special',
    rate: SPECIAL_TEST_RATE,
    preferredRole: 'MIDDLE',
    isAdmin: false,
  });
  seeds.push({
    id: DEV_ADMIN_DUMMY_ID,
    trainerName: '管理者テスト',
    discordUsername: 'test_admin',
    rate: INITIAL_RATE,
    preferredRole: 'SUPPORT',
    isAdmin: true,
  });
  return seeds;
}
