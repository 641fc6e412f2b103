import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CharacterIcon, characterName } from '../src/components/character-icon.tsx';
import { characterName as statsCharacterName } from '../src/features/stats/figures.ts';
import { buildHistoryEntry, buildPlayerPage } from '../src/testing/players-data.ts';
import { renderApp } from '../src/testing/render-app.tsx';

// A character the roster does not know reads ポケモンデータが見つかりません (spec §8), never 不明, — or a bare id.
describe('a character without data', () => {
  it('names a known character and says the data is missing for an unknown id', () => {
    expect(characterName('PIKACHU')).toBe('ピカチュウ');
    expect(characterName('NOT_A_POKEMON')).toBe('ポケモンデータが見つかりません');
    expect(statsCharacterName('NOT_A_POKEMON')).toBe('ポケモンデータが見つかりません（NOT_A_POKEMON）');
  });

  it('labels the icon of an unknown character the same way', () => {
    render(<CharacterIcon pokemonId="NOT_A_POKEMON" />);
    expect(screen.getByRole('img', { name: 'ポケモンデータが見つかりません' })).toBeInTheDocument();
  });
});

describe('a player page with a character the roster does not know', () => {
  it('says ポケモンデータが見つかりません for the favourite, the character stats and a recent match', async () => {
    const page = buildPlayerPage();
    renderApp('/players/dummy_05', {
      'GET /api/players/dummy_05': {
        body: {
          ...page,
          profile: { ...page.profile, favorite_pokemon: ['GONE'] },
          characters: [{ pokemon_id: 'GONE', matches: 3, wins: 1, win_rate: 33.3 }],
          recent_matches: [
            buildHistoryEntry({ deck_type: 'GONE' }),
            buildHistoryEntry({ match_id: '100', deck_type: '' }),
          ],
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'ルカリオ道場' })).toBeInTheDocument();
    expect(screen.getAllByText('ポケモンデータが見つかりません').length).toBeGreaterThanOrEqual(3);
    expect(screen.queryByText('GONE')).toBeNull();
    expect(screen.getByText('未報告')).toBeInTheDocument();
  });
});
