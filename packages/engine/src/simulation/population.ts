// The simulated players: what the site sees (id, start rate, preferred roles) and what it cannot see (skill, habits).
import { ROLES, type Role } from '@rankmatch/shared';
import type { SeasonMeta } from './meta.ts';
import { stream } from './random.ts';

export interface SimAccount {
  user_id: string;
  /** The rate the account starts a season with. */
  start_rate: number;
  /** A role the account is known to prefer (the test accounts have one). */
  role?: Role | null;
  /** Hidden skill, when the caller fixes it; otherwise drawn around the start rate. */
  skill?: number;
  /** Stop queueing after this many rated matches in a season (a demo account kept one match from a milestone). */
  max_matches?: number;
}

export interface SimPlayer {
  user_id: string;
  start_rate: number;
  /** Hidden: the rating this player would have if ratings were exact. */
  skill: number;
  /** Roles in order of preference as sent with the queue join; empty = anywhere. */
  roles: Role[];
  /** Chance of playing on a given day. */
  activity: number;
  /** Mean length of a session in hours (the player queues again after each match until it ends). */
  session_hours: number;
  /** Local hour (Japan) around which sessions start. */
  peak_hour: number;
  /** Chance of reporting a match. */
  report_rate: number;
  /** Always reports their own team as the winner (and sometimes names an innocent opponent). */
  liar: boolean;
  /** Chance of misbehaving in a match (leaving, trolling): the team suffers and players name them. */
  violation: number;
  /** Favourite characters per role, most played first (weights). */
  pools: Record<Role, { id: string; weight: number }[]>;
  max_matches: number | null;
}

export interface PopulationOptions {
  seed: number;
  accounts: readonly SimAccount[];
  /** The meta the players' favourites come from (the first simulated season's). */
  meta: SeasonMeta;
  /** Share of players who always lie about the result (default 3 %, at least one when there are 20+ players). */
  liarShare?: number;
  /** Share of players who sometimes misbehave (default 8 %). */
  violatorShare?: number;
}

function pickDistinct(
  random: ReturnType<typeof stream>,
  options: readonly { id: string; weight: number }[],
  count: number,
): string[] {
  const left = [...options];
  const out: string[] = [];
  while (out.length < count && left.length > 0) {
    const i = random.weighted(left.map((o) => o.weight));
    out.push((left[i] as { id: string }).id);
    left.splice(i, 1);
  }
  return out;
}

/** Builds the players; deterministic for a seed and account list. */
export function simulatePopulation(options: PopulationOptions): SimPlayer[] {
  const { seed, accounts, meta } = options;
  const random = stream(seed, 'population');
  const liars = Math.max(accounts.length >= 20 ? 1 : 0, Math.round(accounts.length * (options.liarShare ?? 0.03)));
  const violators = Math.round(accounts.length * (options.violatorShare ?? 0.08));
  // Who lies and who misbehaves: a fixed draw of distinct indices (never the capped demo accounts).
  const eligible = accounts.map((a, i) => ({ a, i })).filter(({ a }) => a.max_matches === undefined);
  const order = eligible.map(({ i }) => ({ i, key: random.next() })).sort((x, y) => x.key - y.key);
  const liarSet = new Set(order.slice(0, liars).map((o) => o.i));
  const violatorSet = new Set(order.slice(liars, liars + violators).map((o) => o.i));

  return accounts.map((account, index): SimPlayer => {
    const first = account.role ?? (ROLES[random.int(ROLES.length)] as Role);
    const roles: Role[] = random.chance(0.15)
      ? []
      : random.chance(0.5)
        ? [first, ROLES[(ROLES.indexOf(first) + 1 + random.int(ROLES.length - 1)) % ROLES.length] as Role]
        : [first];
    const pools = Object.fromEntries(
      ROLES.map((role) => {
        const favourites = pickDistinct(random, meta.lanes[role], 3 + random.int(3));
        return [role, favourites.map((id, k) => ({ id, weight: 1 / (k + 1) ** 1.3 }))];
      }),
    ) as Record<Role, { id: string; weight: number }[]>;
    const capped = account.max_matches !== undefined;
    return {
      user_id: account.user_id,
      start_rate: account.start_rate,
      skill: account.skill ?? account.start_rate + random.normal(0, 110),
      roles,
      // A capped demo account plays every day so it reaches its cap.
      activity: capped ? 1 : 0.4 + random.next() * 0.5,
      session_hours: capped ? 5 : 1.2 + random.next() * 2,
      peak_hour: 21 + random.normal(0, 0.8),
      report_rate: 0.55 + random.next() * 0.4,
      liar: liarSet.has(index),
      violation: violatorSet.has(index) ? 0.08 + random.next() * 0.12 : 0.003,
      pools,
      max_matches: account.max_matches ?? null,
    };
  });
}
