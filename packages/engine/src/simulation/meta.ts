// The simulated game's meta: which characters a lane plays, how popular and how strong each one is this season.
import { type BattleType, type Character, PLAYABLE_CHARACTERS, ROLES, type Role } from '@rankmatch/shared';
import { stream } from './random.ts';

/** How likely each battle type is played in each lane (Unite's usual lanes: tanks and supports go with a carry). */
const LANE_TYPES: Record<Role, Partial<Record<BattleType, number>>> = {
  TOP_LANE: { バランス: 3, ディフェンス: 2, サポート: 1, アタック: 1, スピード: 0.5 },
  MIDDLE: { スピード: 3, バランス: 2, アタック: 1.5 },
  BOTTOM_LANE: { アタック: 3, バランス: 1, サポート: 1, ディフェンス: 0.5 },
  SUPPORT: { サポート: 4, ディフェンス: 1, アタック: 0.3 },
  TANK: { ディフェンス: 4, サポート: 1, バランス: 0.5 },
};

export interface CharacterMeta {
  character: Character;
  /** Relative popularity this season (log-normal around 1). */
  popularity: number;
  /** Hidden strength in rating points added to the team of whoever plays it (about ±15). */
  strength: number;
}

export interface SeasonMeta {
  characters: readonly CharacterMeta[];
  byId: ReadonlyMap<string, CharacterMeta>;
  /** Per lane: characters with the weight of being picked there (lane fit × popularity). */
  lanes: Readonly<Record<Role, readonly { id: string; weight: number }[]>>;
  /** Ban weight: players ban what is popular and strong. */
  banWeights: readonly { id: string; weight: number }[];
}

/** The meta of one season: the same seed and season give the same meta. */
export function seasonMeta(seed: number, seasonId: string): SeasonMeta {
  const random = stream(seed, `meta:${seasonId}`);
  const characters = PLAYABLE_CHARACTERS.map(
    (character): CharacterMeta => ({
      character,
      popularity: Math.exp(random.normal(0, 0.7)),
      strength: random.normal(0, 10),
    }),
  );
  const lanes = Object.fromEntries(
    ROLES.map((role) => [
      role,
      characters
        .map((c) => ({
          id: c.character.pokemon_id,
          weight: (LANE_TYPES[role][c.character.type as BattleType] ?? 0) * c.popularity,
        }))
        .filter((c) => c.weight > 0),
    ]),
  ) as Record<Role, { id: string; weight: number }[]>;
  const banWeights = characters.map((c) => ({
    id: c.character.pokemon_id,
    weight: c.popularity ** 1.5 * Math.exp(c.strength / 8),
  }));
  return { characters, byId: new Map(characters.map((c) => [c.character.pokemon_id, c])), lanes, banWeights };
}
