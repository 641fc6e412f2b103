import { describe, expect, it } from 'vitest';
import { characterSearchKey, searchCharacters } from '../src/characters.ts';

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
