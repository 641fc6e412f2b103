import type { BattleType } from './constants.ts';
import nameOrder from './data/roster-name-order.json';
import roster from './data/unite-roster.json';

// The playable roster (spec §3 "Character"), built from the bundled copy of shared/data/unite-roster.json.

export interface Character {
  pokemon_id: string;
  name_ja: string;
  name_en: string;
  index_number: number;
  type: BattleType | '-';
  moves: { move_1a: string; move_1b: string; move_2a: string; move_2b: string };
  icon_url: string | null;
}

interface RosterMove {
  en: string | null;
  ja: string | null;
}
interface RosterEntry {
  key: string;
  name_en: string;
  name_ja: string;
  index_number: number;
  type: string;
  moves: Record<'move_1a' | 'move_1b' | 'move_2a' | 'move_2b', RosterMove>;
}

const moveName = (m: RosterMove | undefined) => m?.ja ?? '-';

/** The placeholder the spec lists for "no character". */
export const EMPTY_CHARACTER: Character = {
  pokemon_id: 'EMPTY',
  name_ja: '-',
  name_en: '-',
  index_number: 0,
  type: '-',
  moves: { move_1a: '-', move_1b: '-', move_2a: '-', move_2b: '-' },
  icon_url: null,
};

export const CHARACTERS: readonly Character[] = [
  EMPTY_CHARACTER,
  ...(roster as RosterEntry[]).map(
    (r): Character => ({
      pokemon_id: r.key.toUpperCase(),
      name_ja: r.name_ja,
      name_en: r.name_en,
      index_number: r.index_number,
      type: r.type as BattleType,
      moves: {
        move_1a: moveName(r.moves.move_1a),
        move_1b: moveName(r.moves.move_1b),
        move_2a: moveName(r.moves.move_2a),
        move_2b: moveName(r.moves.move_2b),
      },
      icon_url: null,
    }),
  ),
];

/** Playable characters only (without the placeholder). */
export const PLAYABLE_CHARACTERS = CHARACTERS.filter((c) => c !== EMPTY_CHARACTER);

const byId = new Map(CHARACTERS.map((c) => [c.pokemon_id, c]));

/** Accepts the upper-case pokemon_id or the roster's lower-case key. */
export function getCharacter(id: string): Character | undefined {
  return byId.get(id.toUpperCase());
}

export function isPlayableCharacterId(id: string): boolean {
  const c = getCharacter(id);
  return c !== undefined && c !== EMPTY_CHARACTER;
}

/**
 * The pokemon_ids in Japanese name order, by ICU's collation: what scripts/roster-name-order.ts writes into
 * data/roster-name-order.json (for the server, the scripts and the test; the browser uses that file).
 */
export function japaneseNameOrder(): string[] {
  return PLAYABLE_CHARACTERS.map((c) => c.pokemon_id).sort((a, b) =>
    (getCharacter(a)?.name_ja ?? a).localeCompare(getCharacter(b)?.name_ja ?? b, 'ja'),
  );
}

const NAME_RANK = new Map((nameOrder as string[]).map((id, rank) => [id, rank]));

/**
 * Orders two characters by their Japanese names (the roster's precomputed order: no collation data to load); an id
 * outside the roster comes after it, by id.
 */
export function compareCharacterNames(a: string, b: string): number {
  const ia = a.toUpperCase();
  const ib = b.toUpperCase();
  const ra = NAME_RANK.get(ia) ?? Number.POSITIVE_INFINITY;
  const rb = NAME_RANK.get(ib) ?? Number.POSITIVE_INFINITY;
  if (ra !== rb) return ra < rb ? -1 : 1;
  return ia < ib ? -1 : ia > ib ? 1 : 0;
}

/**
 * The form names are compared in: NFKC (half-width ｶﾀｶﾅ → カタカナ, full-width ＡＢＣ → ABC), hiragana → katakana,
 * lower case, without spaces. So げんがー, ｹﾞﾝｶﾞｰ, ゲンガー and GENGAR all find ゲンガー.
 */
export function characterSearchKey(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u3041-\u3096\u309D\u309E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60))
    .toLowerCase()
    .replace(/\s+/g, '');
}

const SEARCH_KEYS = new Map(
  CHARACTERS.map((c) => [c, [c.name_ja, c.name_en, c.pokemon_id].map(characterSearchKey)] as const),
);

/** Search by Japanese (katakana, hiragana, half-width) or English name (or id), case-insensitive. */
export function searchCharacters(query: string): Character[] {
  const q = characterSearchKey(query);
  if (!q) return [...PLAYABLE_CHARACTERS];
  return PLAYABLE_CHARACTERS.filter((c) => SEARCH_KEYS.get(c)?.some((key) => key.includes(q)));
}
