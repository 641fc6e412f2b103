/**
 * A Unitemate community at the model site's real size (issue 38), for the import's benchmark (npm run bench:import):
 *
 *   npx tsx apps/server/scripts/unitemate-scale.ts <folder> [--users 29486] [--matches 4419] [--seed 3838]
 *
 * Their season change Season 6→7 (rikarazome/unitemate-v2, scripts/reset_season_data.py's log) counted 29,486 users
 * and 4,419 matches. This writes a made-up community of that size into <folder>/plain (their scripts' JSON) and
 * <folder>/dynamodb (DynamoDB's export to S3), with <folder>/badge-map.json: the fixture's shapes and code
 * (unitemate-fixtures/), drawn in the proportions of a real ladder rather than the fixture's, which packs every case
 * into 120 users. Deterministic (one seed); every personal value is generated (unitemate-fixtures/people.ts: snowflakes
 * of the 2080s, usernames and X ids neither service allows, Discord's default avatars, invented names).
 *
 * Proportions (documented in docs/unitemate-import.md): about one user in eight plays a given season, with a heavy
 * tail (log-normal weights: most play a handful of matches, a few hundreds); a season is about as many matches as the
 * running one holds at the export (4,419 ≈ their Season 6), so the ended seasons' records add up to ten players per
 * match too; every user has a past_seasons record for every season they were registered in (0 matches when they did
 * not play, as their season change writes it); 2 % bought a shop badge, 0.5 % a retired one; 0.3 % are banned, 5
 * admins, one account in 400 is gone from the users table (deleted accounts whose matches keep a snapshot); 0.2 %
 * carry a penalty of 6 or more from earlier seasons (blocked until an admin clears it); penalties this season come from
 * the violation reports by their judge's rule.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Random, stream } from '@rankmatch/engine';
import {
  BADGE_MAP,
  badgeItems,
  type FixtureSeason,
  type Item,
  otherMasterItems,
  SEASONS,
  seasonItems,
  settingItems,
} from './unitemate-fixtures/catalogue.ts';
import { dynamoExport, type Files, plainJson } from './unitemate-fixtures/formats.ts';
import { matchItem, queueItems, rankingItems, userItem } from './unitemate-fixtures/items.ts';
import { endPastSeasons, giveOtherBadges, salesCounts } from './unitemate-fixtures/past.ts';
import { type FixtureUser, makeUsers } from './unitemate-fixtures/people.ts';
import { FIRST_MATCH_ID, type Players, playCurrentSeason } from './unitemate-fixtures/play.ts';

export interface ScaleOptions {
  users: number;
  matches: number;
  seed: number;
}

/** Their Season 6→7 change: 29,486 users, 4,419 matches. */
export const MODEL_SITE_SIZE: ScaleOptions = { users: 29_486, matches: 4_419, seed: 3838 };

/** The share of registered users who play in a given season. */
const PLAYING_SHARE = 0.125;
/** σ of the log-normal weight of how much a player plays (the heavy tail). */
const ACTIVITY_SIGMA = 1.1;

/** Each user's appetite for matches: log-normal, the same across seasons (who plays much keeps playing much). */
function appetites(r: Random, users: readonly FixtureUser[]): Map<FixtureUser, number> {
  return new Map(users.map((u) => [u, Math.exp(r.normal(0, ACTIVITY_SIGMA))]));
}

/**
 * Ended seasons' match counts: the season's players (one user in eight of those registered by then) share ten player
 * slots per match of a season as large as the running one, by appetite.
 */
function pastTotals(users: readonly FixtureUser[], appetite: ReadonlyMap<FixtureUser, number>, matches: number) {
  const slots = matches * 10;
  const share = new Map<string, number>();
  return (r: Random, user: FixtureUser, season: FixtureSeason): number => {
    const key = season.id;
    if (!share.has(key)) {
      // Σ appetite of the season's expected players, for the scale.
      const registered = users.filter((u) => u.createdAt < season.end);
      const sum = registered.reduce((n, u) => n + (appetite.get(u) ?? 1), 0) * PLAYING_SHARE;
      share.set(key, slots / sum);
    }
    if (!r.chance(PLAYING_SHARE)) return 0;
    return Math.max(1, Math.round((appetite.get(user) ?? 1) * (share.get(key) ?? 1) * (0.6 + r.next() * 0.8)));
  };
}

/** The running season's players and a weighted draw of ten free ones per match. */
function scalePlayers(appetite: ReadonlyMap<FixtureUser, number>): Players {
  return {
    active: (r, users) => users.filter((u) => !u.banned && !u.dummy && r.chance(PLAYING_SHARE)),
    pickTen: (r, active) => {
      // Cumulative weights, drawn by bisection; a player already drawn or in a match in play is drawn again.
      const weights = active.map((u) => appetite.get(u) ?? 1);
      const cumulative: number[] = [];
      let sum = 0;
      for (const w of weights) {
        sum += w;
        cumulative.push(sum);
      }
      const ten = new Set<FixtureUser>();
      for (let tries = 0; ten.size < 10 && tries < 10_000; tries++) {
        const x = r.next() * sum;
        let lo = 0;
        let hi = cumulative.length - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if ((cumulative[mid] as number) <= x) lo = mid + 1;
          else hi = mid;
        }
        const u = active[lo] as FixtureUser;
        if (u.assignedMatchId === 0) ten.add(u);
      }
      return [...ten];
    },
  };
}

/** Accounts gone from the users table (their matches keep a snapshot): one in 400, the fixture's one included. */
const deletedCount = (users: number) => 1 + Math.round(users * 0.0025);

/**
 * Admins, bans, deleted accounts and old penalties in a real ladder's proportions (the fixture's fixed few aside);
 * `deleted` more accounts are gone, so that the users table holds the size asked for.
 */
function roles(r: Random, users: FixtureUser[], deleted: number): void {
  const candidates: FixtureUser[] = [];
  for (const u of users) {
    if (u.dummy || u.index < 12) continue;
    if (u.index % 9_000 === 17) u.admin = true;
    if (r.chance(0.003)) u.banned = true;
    else candidates.push(u);
    if (r.chance(0.002)) {
      u.penaltyCount = 6 + r.int(3);
      u.lastPenaltyTime = SEASONS[1]?.start ?? 0;
    }
  }
  for (let i = 0; i < deleted && candidates.length > 0; i++) {
    (candidates.splice(r.int(candidates.length), 1)[0] as FixtureUser).deleted = true;
  }
}

/** The community's tables as item lists. */
export function scaleCommunity(options: ScaleOptions) {
  const { seed } = options;
  const gone = deletedCount(options.users);
  const users = makeUsers(stream(seed, 'users'), options.users + gone);
  roles(stream(seed, 'roles'), users, gone - 1);
  const appetite = appetites(stream(seed, 'appetite'), users);
  endPastSeasons(stream(seed, 'past'), users, pastTotals(users, appetite, options.matches));
  giveOtherBadges(stream(seed, 'badges'), users, { shop: 0.02, retired: 0.005, eventEvery: 400 });
  const play = playCurrentSeason(stream(seed, 'play'), users, options.matches, scalePlayers(appetite));
  const last = new Map<string, number>();
  for (const m of play.matches) for (const p of [...m.teamA, ...m.teamB]) last.set(String(p.user_id), m.matchedAt);
  const ongoing = play.matches.filter((m) => m.status === 'matched').map((m) => m.id);
  return {
    users: users.filter((u) => !u.deleted).map((u) => userItem(u, last.get(u.id) ?? 0)),
    matches: play.matches.map(matchItem),
    records: play.records,
    master: [...settingItems(), ...badgeItems(salesCounts(users)), ...seasonItems(), ...otherMasterItems()],
    rankings: rankingItems(users),
    queue: queueItems(users, ongoing, FIRST_MATCH_ID + options.matches - 1),
  };
}

/** The files: plain/ and dynamodb/ (the same rows), and the badge map. */
export function generateScaleFiles(options: ScaleOptions): Files {
  const tables = scaleCommunity(options);
  const files: Files = new Map();
  files.set('badge-map.json', Buffer.from(`${JSON.stringify(BADGE_MAP, null, 2)}\n`, 'utf8'));
  files.set('plain/users.json', plainJson(tables.users));
  files.set('plain/export_matches_20251220_120000.json', plainJson(tables.matches));
  files.set('plain/records.json', plainJson(tables.records, false));
  files.set('plain/master-data.json', plainJson(tables.master));
  files.set('plain/rankings.json', plainJson(tables.rankings));
  files.set('plain/queue.json', plainJson(tables.queue));
  // DynamoDB writes a data file per partition (about one per 10 GB or 3,000 write units): a few for these sizes.
  const exports: [string, Item[], number][] = [
    ['users', tables.users, 4],
    ['matches', tables.matches, 4],
    ['records', tables.records, 2],
    ['master-data', tables.master, 1],
    ['rankings', tables.rankings, 1],
    ['queue', tables.queue, 1],
  ];
  for (const [table, items, parts] of exports) {
    dynamoExport({ folder: `dynamodb/${table}`, table: `unitemate-v2-${table}-prod`, items, parts }, files);
  }
  return files;
}

/** Writes the files under `folder` (emptied first). */
export function writeScaleFolder(folder: string, options: ScaleOptions): { files: number; bytes: number } {
  const files = generateScaleFiles(options);
  rmSync(folder, { recursive: true, force: true });
  let bytes = 0;
  for (const [path, content] of files) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), content);
    bytes += content.length;
  }
  return { files: files.size, bytes };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      users: { type: 'string', default: String(MODEL_SITE_SIZE.users) },
      matches: { type: 'string', default: String(MODEL_SITE_SIZE.matches) },
      seed: { type: 'string', default: String(MODEL_SITE_SIZE.seed) },
    },
  });
  const [folder] = positionals;
  const options = { users: Number(values.users), matches: Number(values.matches), seed: Number(values.seed) };
  if (!folder || !Object.values(options).every((n) => Number.isInteger(n) && n > 0) || options.users < 20) {
    console.error(
      '使い方: npx tsx apps/server/scripts/unitemate-scale.ts <フォルダ> [--users N] [--matches N] [--seed N]',
    );
    process.exit(2);
  }
  const started = performance.now();
  const { files, bytes } = writeScaleFolder(resolve(folder), options);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${files} files, ${(bytes / 1e6).toFixed(1)} MB written to ${folder} in ${seconds} s`);
}
