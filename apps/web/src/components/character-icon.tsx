import { type BattleType, getCharacter } from '@rankmatch/shared';
import { COMMON_TEXTS } from '../lib/texts.ts';

// No icon files exist: a character is a small circle with the first katakana of its Japanese name, coloured by
// battle type. The initial is drawn by CSS (data-initial), not written in the page: a button or row that shows the
// icon beside the name reads as the name alone ("フシギバナ", never "フフシギバナ"), even to a reader that goes by the
// text; the icon itself is an image named by its aria-label.

const TYPE_COLORS: Record<BattleType | '-', string> = {
  アタック: '#e8573f',
  スピード: '#2f80ed',
  バランス: '#8e44ad',
  ディフェンス: '#27ae60',
  サポート: '#e0a100',
  '-': '#8a94a6',
};

/**
 * The Japanese name of a character. An id the roster does not know (a character removed or not yet added) reads
 * ポケモンデータが見つかりません (spec §8) rather than a bare id, 不明 or —.
 */
export function characterName(id: string): string {
  const character = getCharacter(id);
  return character && character.name_ja !== '-' ? character.name_ja : COMMON_TEXTS.characterMissing;
}

export function CharacterIcon({ pokemonId, size = 32 }: { pokemonId: string; size?: number }) {
  const character = pokemonId ? getCharacter(pokemonId) : undefined;
  const name = character?.name_ja ?? COMMON_TEXTS.characterMissing;
  const letter = character && character.name_ja !== '-' ? [...character.name_ja][0] : '?';
  const color = TYPE_COLORS[character?.type ?? '-'];
  const label = character
    ? COMMON_TEXTS.characterLabel(name, character.type === '-' ? COMMON_TEXTS.noCharacterType : character.type)
    : name;
  return (
    <span
      className="character-icon"
      role="img"
      aria-label={label}
      title={label}
      data-initial={letter}
      style={{ width: size, height: size, background: color, fontSize: Math.round(size * 0.48) }}
    />
  );
}
