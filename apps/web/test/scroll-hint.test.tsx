import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PurchaseHistory } from '../src/features/shop/components/purchase-history.tsx';
import { CharacterTable } from '../src/features/stats/components/character-table.tsx';
import { HeatMap } from '../src/features/stats/components/heat-map.tsx';
import { buildProfile } from '../src/testing/data.ts';
import { createFakeFetch } from '../src/testing/fake-fetch.ts';
import { createTestQueryClient, signInAs } from '../src/testing/render-app.tsx';
import { buildOrder } from '../src/testing/shop-data.ts';

// A table wider than a phone scrolls sideways in its card; a line says so (issue 36: the purchase history's 状態, the
// statistics' Pokémon table and heat map were cut off with no hint). jsdom lays nothing out: the boxes are given a
// width here, 720 px of content in 350 px.

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(720);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(350);
});
afterEach(() => vi.restoreAllMocks());

const hints = () => screen.getAllByText('横にスクロールできます');

describe('a table that scrolls sideways', () => {
  it('says so above the purchase history, and fades its hidden side', async () => {
    signInAs(buildProfile());
    vi.stubGlobal('fetch', createFakeFetch({ 'GET /api/shop/orders': { body: { orders: [buildOrder()] } } }).fetch);
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <PurchaseHistory userId="dummy_02" />
      </QueryClientProvider>,
    );
    await screen.findByRole('table', { name: '購入履歴' });
    await waitFor(() => expect(hints()[0]).toHaveAttribute('data-shown'));
    expect(screen.getByRole('table', { name: '購入履歴' }).parentElement).toHaveAttribute('data-more-end');
  });

  it("says so above the statistics' Pokémon table and heat map", async () => {
    render(
      <>
        <CharacterTable
          rows={[
            {
              pokemon_id: 'PIKACHU',
              picks: 10,
              bans: 2,
              wins: 6,
              pick_rate: 0.1,
              ban_rate: 0.02,
              win_rate: 0.6,
              win_rate_low: 0.4,
              win_rate_high: 0.8,
            },
          ]}
        />
        <HeatMap grid={Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 1))} />
      </>,
    );
    await waitFor(() => expect(hints()).toHaveLength(2));
    await waitFor(() => expect(hints().every((hint) => hint.hasAttribute('data-shown'))).toBe(true));
  });
});
