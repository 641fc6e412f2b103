import { ERRORS } from '@rankmatch/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyData } from '../src/features/profile/components/my-data.tsx';
import { buildProfile } from '../src/testing/data.ts';
import { createFakeFetch, type Handlers } from '../src/testing/fake-fetch.ts';
import { createTestQueryClient, signInAs } from '../src/testing/render-app.tsx';

// あなたのデータ on my page: one download per click (a double click asks once), saved as a JSON file, with what it
// holds in words; the server's refusal is shown as it says it.

const EXPORT = {
  exported_at: Date.UTC(2026, 10, 28) / 1000,
  user_id: 'dummy_02',
  tables: { users: [{ id: 'dummy_02' }], match_players: [{ match_id: 1 }, { match_id: 2 }], orders: [] },
};

function renderMyData(handlers: Handlers) {
  signInAs(buildProfile());
  const server = createFakeFetch(handlers);
  vi.stubGlobal('fetch', server.fetch);
  const saved: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MyData />
    </QueryClientProvider>,
  );
  return { server, saved };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('my data', () => {
  it('downloads once per double click, saves a JSON file and lists what it holds', async () => {
    // The answer comes after both clicks (a slow phone): the second must not ask again.
    let answer: (value: { body: unknown }) => void = () => {};
    const slow = new Promise<{ body: unknown }>((resolve) => {
      answer = resolve;
    });
    const { server, saved } = renderMyData({ 'GET /api/users/me/data': () => slow });
    const button = screen.getByRole('button', { name: 'データのダウンロード' });
    await userEvent.dblClick(button);
    answer({ body: EXPORT });
    expect(await screen.findByText('ダウンロードしました。ファイルに入っているもの:')).toBeInTheDocument();
    expect(server.callsTo('GET /api/users/me/data')).toHaveLength(1);
    expect(saved).toEqual(['rankmatch-dummy_02-2026-11-28.json']);
    expect(screen.getByText('参加した試合: 2件')).toBeInTheDocument();
    expect(screen.getByText('購入履歴: 0件')).toBeInTheDocument();
  });

  it("shows the server's refusal when the hour's downloads are spent", async () => {
    renderMyData({
      'GET /api/users/me/data': {
        status: 429,
        body: { error: ERRORS.PERSONAL_DATA_TOO_OFTEN.message, code: 'PERSONAL_DATA_TOO_OFTEN' },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'データのダウンロード' }));
    expect(await screen.findByText(ERRORS.PERSONAL_DATA_TOO_OFTEN.message)).toBeInTheDocument();
  });
});
