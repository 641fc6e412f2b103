import { AVOID_LIST_MAX, type AvoidedPlayer, type AvoidList as AvoidListReply, ERRORS } from '@rankmatch/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AvoidButton } from '../src/features/avoids/components/avoid-button.tsx';
import { AvoidList } from '../src/features/avoids/components/avoid-list.tsx';
import { clearSession } from '../src/lib/auth/session.ts';
import { buildProfile } from '../src/testing/data.ts';
import { createFakeFetch, type Handlers } from '../src/testing/fake-fetch.ts';
import { createTestQueryClient, signInAs } from '../src/testing/render-app.tsx';

// マッチングを避けるプレイヤー on my page (the list with x/10, 外す, the search and 避ける, the limit) and the player page's
// このプレイヤーを避ける.

const AT = Date.UTC(2026, 10, 28, 3) / 1000;
const avoided = (n: number, name = `プレイヤー${n}`): AvoidedPlayer => ({
  user_id: `dummy_${String(n).padStart(2, '0')}`,
  trainer_name: name,
  discord_avatar_url: '',
  created_at: AT,
});
const reply = (players: AvoidedPlayer[]): AvoidListReply => ({ players, max: AVOID_LIST_MAX });

function renderWith(handlers: Handlers, ui: React.ReactNode) {
  const server = createFakeFetch(handlers);
  vi.stubGlobal('fetch', server.fetch);
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return server;
}

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

describe('my avoid list', () => {
  it('shows who is listed with the count, and takes a player off once per double tap', async () => {
    signInAs(buildProfile({ user_id: 'dummy_01' }));
    const server = renderWith(
      {
        'GET /api/users/me/avoids': { body: reply([avoided(2, 'カビゴン番長'), avoided(3)]) },
        'DELETE /api/users/me/avoids/dummy_02': { body: reply([avoided(3)]) },
      },
      <AvoidList userId="dummy_01" />,
    );
    const section = await screen.findByRole('region', { name: /マッチングを避けるプレイヤー/ });
    expect(await within(section).findByText('2/10人')).toBeInTheDocument();
    expect(within(section).getByText(/味方・相手のどちらでも同じ試合に組まれません（10人まで）/)).toBeInTheDocument();
    expect(within(section).getByText(/登録は相手に知らされません/)).toBeInTheDocument();
    expect(within(section).getByText(/3回のマッチング（約6分）/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'カビゴン番長' })).toHaveAttribute('href', '/players/dummy_02');

    await userEvent.dblClick(within(section).getByRole('button', { name: 'カビゴン番長を避けるプレイヤーから外す' }));
    expect(await within(section).findByText('1/10人')).toBeInTheDocument();
    expect(within(section).queryByText('カビゴン番長')).not.toBeInTheDocument();
    expect(server.callsTo('DELETE /api/users/me/avoids/dummy_02')).toHaveLength(1);
  });

  it('searches by trainer name on submit and adds a result with 避ける', async () => {
    signInAs(buildProfile({ user_id: 'dummy_01' }));
    const server = renderWith(
      {
        'GET /api/users/me/avoids': { body: reply([]) },
        'GET /api/users/me/avoids/search': {
          body: {
            players: [
              { user_id: 'dummy_02', trainer_name: 'カビゴン番長', discord_avatar_url: '', rate: 1340, avoided: false },
              { user_id: 'dummy_12', trainer_name: 'カビゴン好き', discord_avatar_url: '', rate: 1500, avoided: false },
            ],
          },
        },
        'POST /api/users/me/avoids': { body: reply([avoided(2, 'カビゴン番長')]) },
      },
      <AvoidList userId="dummy_01" />,
    );
    expect(await screen.findByText('まだ登録していません。下の検索から追加できます。')).toBeInTheDocument();
    expect(screen.getByText('0/10人')).toBeInTheDocument();
    // Typing asks nothing; an empty search is refused here, unsent.
    const input = screen.getByLabelText('トレーナー名で探す');
    await userEvent.click(screen.getByRole('button', { name: '検索' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('探すプレイヤーのトレーナー名を入力してください');
    await userEvent.type(input, 'カビゴン');
    expect(server.callsTo('GET /api/users/me/avoids/search')).toHaveLength(0);
    await userEvent.type(input, '{Enter}');
    const results = await screen.findByRole('list', { name: '検索結果' });
    expect(server.callsTo('GET /api/users/me/avoids/search')[0]?.url).toBe(
      `/api/users/me/avoids/search?q=${encodeURIComponent('カビゴン')}`,
    );
    expect(within(results).getByText('レート 1340')).toBeInTheDocument();

    await userEvent.dblClick(within(results).getByRole('button', { name: 'カビゴン番長を避けるプレイヤーに追加' }));
    expect(await screen.findByText('1/10人')).toBeInTheDocument();
    expect(server.callsTo('POST /api/users/me/avoids')).toHaveLength(1);
    expect(server.callsTo('POST /api/users/me/avoids')[0]?.body).toEqual({ user_id: 'dummy_02' });
    // The result follows the list (no second search).
    expect(within(results).getByText('登録済み')).toBeInTheDocument();
    expect(within(results).getByRole('button', { name: 'カビゴン好きを避けるプレイヤーに追加' })).toBeEnabled();
    expect(server.callsTo('GET /api/users/me/avoids/search')).toHaveLength(1);
  });

  it('at 10 players says so and offers no 避ける; a refusal shows the server message', async () => {
    signInAs(buildProfile({ user_id: 'dummy_01' }));
    const ten = Array.from({ length: AVOID_LIST_MAX }, (_, i) => avoided(i + 2));
    renderWith(
      {
        'GET /api/users/me/avoids': { body: reply(ten) },
        'GET /api/users/me/avoids/search': {
          body: {
            players: [
              { user_id: 'dummy_20', trainer_name: 'ほか', discord_avatar_url: '', rate: 1500, avoided: false },
            ],
          },
        },
        'DELETE /api/users/me/avoids/dummy_02': {
          status: 429,
          body: { error: ERRORS.AVOID_TOO_OFTEN.message, code: 'AVOID_TOO_OFTEN' },
        },
      },
      <AvoidList userId="dummy_01" />,
    );
    expect(await screen.findByText('10/10人')).toBeInTheDocument();
    expect(screen.getByText(/上限の10人に達しています/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('トレーナー名で探す'), 'ほか{Enter}');
    expect(await screen.findByRole('button', { name: 'ほかを避けるプレイヤーに追加' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'プレイヤー2を避けるプレイヤーから外す' }));
    expect(await screen.findByText(ERRORS.AVOID_TOO_OFTEN.message)).toBeInTheDocument();
    expect(screen.getByText('10/10人')).toBeInTheDocument();
  });
});

describe('the player page button', () => {
  it('adds and removes the player for a signed-in player', async () => {
    signInAs(buildProfile({ user_id: 'dummy_01' }));
    const server = renderWith(
      {
        'GET /api/users/me/avoids': { body: reply([]) },
        'POST /api/users/me/avoids': { body: reply([avoided(2, 'カビゴン番長')]) },
        'DELETE /api/users/me/avoids/dummy_02': { body: reply([]) },
      },
      <AvoidButton playerId="dummy_02" playerName="カビゴン番長" />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'カビゴン番長を避けるプレイヤーに追加' }));
    expect(await screen.findByText(/マッチングを避けるプレイヤーに登録しています/)).toBeInTheDocument();
    expect(server.callsTo('POST /api/users/me/avoids')[0]?.body).toEqual({ user_id: 'dummy_02' });
    await userEvent.click(screen.getByRole('button', { name: '避けるのをやめる' }));
    expect(await screen.findByRole('button', { name: 'カビゴン番長を避けるプレイヤーに追加' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'マイページで管理' })).toHaveAttribute('href', '/?tab=mypage');
  });

  it('shows nothing to a visitor or on the player’s own page, and asks nothing', async () => {
    const server = renderWith({}, <AvoidButton playerId="dummy_02" playerName="カビゴン番長" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    clearSession();
    signInAs(buildProfile({ user_id: 'dummy_02' }));
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter>
          <AvoidButton playerId="dummy_02" playerName="カビゴン番長" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
