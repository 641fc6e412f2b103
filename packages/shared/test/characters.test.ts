import { describe, expect, it } from 'vitest';
import {
  characterSearchKey,
  compareCharacterNames,
  getCharacter,
  japaneseNameOrder,
  PLAYABLE_CHARACTERS,
  searchCharacters,
} from '../src/characters.ts';
import nameOrder from '../src/data/roster-name-order.json';

describe('character search', () => {
  it('compares in one form: NFKC, hiragana as katakana, lower case, no spaces', () => {
    expect(characterSearchKey('げんがー')).toBe('ゲンガー');
    expect(characterSearchKey('ｹﾞﾝｶﾞｰ')).toBe('ゲンガー');
    expect(characterSearchKey('ＧＥＮ ＧＡＲ')).toBe('gengar');
    expect(characterSearchKey('ミュウツー（Ｙ）')).toBe(characterSearchKey('ミュウツー(Y)'));
  });

  it.each(['げんがー', 'ｹﾞﾝｶﾞｰ', 'ゲンガー', 'gengar', 'ＧＥＮＧＡＲ', 'GENGAR'])('finds ゲンガー by %s', (query) => {
    expect(searchCharacters(query).map((c) => c.name_ja)).toContain('ゲンガー');
  });

  it('an empty query lists every playable character; nonsense finds nothing', () => {
    expect(searchCharacters('  ').length).toBeGreaterThan(50);
    expect(searchCharacters('ぬぬぬぬ')).toEqual([]);
  });
});

describe('the Japanese name order', () => {
  it('is the roster sorted by ICU (data/roster-name-order.json is up to date: else run scripts/roster-name-order.ts)', () => {
    expect(nameOrder).toEqual(japaneseNameOrder());
    expect(new Set(nameOrder)).toEqual(new Set(PLAYABLE_CHARACTERS.map((c) => c.pokemon_id)));
  });

  it('compares characters as localeCompare does, without loading collation data; unknown ids last, by id', () => {
    const ids = PLAYABLE_CHARACTERS.map((c) => c.pokemon_id);
    const byIcu = [...ids].sort((a, b) =>
      (getCharacter(a)?.name_ja ?? '').localeCompare(getCharacter(b)?.name_ja ?? '', 'ja'),
    );
    expect([...ids].reverse().sort(compareCharacterNames)).toEqual(byIcu);
    expect(compareCharacterNames('pikachu', 'PIKACHU')).toBe(0);
    expect(['ZZZ', 'AAA', 'PIKACHU'].sort(compareCharacterNames)).toEqual(['PIKACHU', 'AAA', 'ZZZ']);
  });
});
