import type { Random } from '@rankmatch/engine';
import { DAY, type Item, SEASONS } from './catalogue.ts';

// The fixture's players: every personal field generated, none taken from any record. Discord ids are 19-digit
// snowflakes from the 2080s (no real account has one yet); usernames hold "..", which Discord refuses; X ids contain
// "twitter", which X refuses; avatars are Discord's default pictures; names and bios are made up here.

export interface FixtureUser {
  id: string;
  index: number;
  dummy: boolean;
  skill: number;
  trainerName: string;
  /** Written as the legacy app_username instead of trainer_name. */
  legacyName: boolean;
  discordName: string;
  avatar: string | null;
  twitter: string | null;
  bio: string | null;
  favourites: string[] | null;
  roles: string[] | null;
  createdAt: number;
  updatedAt: number;
  admin: boolean;
  banned: boolean;
  /** Left out of the users table (the account is gone; its matches keep a snapshot). */
  deleted: boolean;
  owned: string[];
  current: [string | null, string | null];
  past: Item[];
  rate: number;
  maxRate: number;
  matches: number;
  wins: number;
  lastMatchId: number;
  lastDelta: number;
  assignedMatchId: number;
  penaltyCount: number;
  penaltyCorrection: number;
  lastPenaltyTime: number | null;
  timeoutUntil: number | null;
}

const SYLLABLES = [
  'ア',
  'イ',
  'カ',
  'キ',
  'サ',
  'シ',
  'タ',
  'ナ',
  'ハ',
  'マ',
  'ミ',
  'ヤ',
  'ユ',
  'ラ',
  'リ',
  'ワ',
  'ソ',
  'ケ',
  'ル',
  'ノ',
];
const BIOS = [
  'よろしくお願いします',
  '初心者です。のんびり遊んでいます',
  'サポート中心に遊んでいます',
  'VCなしでも大丈夫です',
  '勝ち負けより楽しく！',
  '',
];
/** Their favourite keys (upper case, as their profile stores them), aliases included. */
const FAVOURITES = [
  'PIKACHU',
  'HO-OH',
  'MAWHIP',
  'LUCARIO',
  'BLISSEY',
  'ZACIAN',
  'GARDEVOIR',
  'SNORLAX',
  'RAPIDASH',
  'CINDERACE',
];
const PROFILE_ROLES = ['TOP_LANE', 'MIDDLE', 'BOTTOM_LANE', 'SUPPORT', 'TANK'];

function pick<T>(r: Random, list: readonly T[]): T {
  return list[r.int(list.length)] as T;
}

function trainerName(r: Random, index: number): string {
  if (r.chance(0.2)) return `Trainer_fx${index}`;
  const length = 2 + r.int(3);
  const name = Array.from({ length }, () => pick(r, SYLLABLES)).join('');
  return r.chance(0.4) ? `${name}${r.int(100)}` : name;
}

function sample<T>(r: Random, list: readonly T[], n: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(r.int(pool.length), 1)[0] as T);
  return out;
}

function profile(r: Random, index: number) {
  const filled = r.chance(0.75);
  return {
    trainerName: trainerName(r, index),
    discordName: `fixture..${String(index).padStart(3, '0')}`,
    avatar: r.chance(0.9) ? `https://cdn.discordapp.com/embed/avatars/${r.int(6)}.png` : null,
    twitter: r.chance(0.4)
      ? `${r.chance(0.1) ? '@' : ''}twitterfx${String(index).padStart(3, '0')}`
      : r.chance(0.5)
        ? ''
        : null,
    bio: filled ? pick(r, BIOS) : null,
    favourites: filled ? sample(r, FAVOURITES, r.int(4)) : null,
    roles: filled ? sample(r, PROFILE_ROLES, 1 + r.int(3)) : null,
  };
}

export function makeUsers(r: Random, count: number): FixtureUser[] {
  const firstSeason = SEASONS[0]?.start ?? 0;
  return Array.from({ length: count }, (_, index) => {
    const dummy = index >= count - 2;
    const createdAt = firstSeason - 30 * DAY + r.int(200) * DAY;
    return {
      id: dummy ? `dummy_user_${index - count + 13}` : `9000000000000${100000 + ((index * 7919) % 900000)}`,
      index,
      dummy,
      skill: r.normal(1500, 150),
      ...profile(r, index),
      legacyName: index === 7,
      createdAt,
      updatedAt: createdAt,
      admin: index === 0,
      banned: index === 5,
      deleted: index === 11,
      owned: [],
      current: [null, null],
      past: [],
      rate: 1500,
      maxRate: 1500,
      matches: 0,
      wins: 0,
      lastMatchId: 0,
      lastDelta: 0,
      assignedMatchId: 0,
      penaltyCount: 0,
      penaltyCorrection: 0,
      lastPenaltyTime: null,
      timeoutUntil: null,
    };
  });
}

/** One user whose bio is longer than rankmatch keeps (200 characters). */
export function lengthenBio(user: FixtureUser): void {
  user.bio = 'よろしくお願いします。'.repeat(25);
}
