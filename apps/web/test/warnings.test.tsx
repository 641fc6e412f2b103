import { formatDateTime, type Warning } from '@rankmatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProfile } from '../src/testing/data.ts';
import type { Handlers } from '../src/testing/fake-fetch.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

// Warnings an admin gave (issue 34): a signed-in player sees the unseen ones once, in 「運営からの警告」.

const WARNINGS = 'GET /api/users/me/warnings';

const warning = (id: number, overrides: Partial<Warning> = {}): Warning => ({
  warning_id: id,
  reason: '試合中の放置が繰り返し報告されています。次は参加停止になることがあります。',
  match_id: '42',
  created_at: 1_717_300_000,
  ...overrides,
});

function open(handlers: Handlers) {
  signInAs(buildProfile({ user_id: 'dummy_02' }), { cacheProfile: true });
  return renderApp('/?tab=ranking', handlers);
}

describe('warnings', () => {
  it('asks nothing for a visitor, and shows nothing when there is no warning', async () => {
    const visitor = renderApp('/?tab=ranking');
    await screen.findByRole('link', { name: /rankmatch/ });
    expect(visitor.server.callsTo(WARNINGS)).toHaveLength(0);
    visitor.unmount();

    const player = open({});
    await waitFor(() => expect(player.server.callsTo(WARNINGS)).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows each reason with its match link; 確認しました marks them all seen and closes', async () => {
    const { user, server } = open({
      [WARNINGS]: {
        body: { warnings: [warning(5), warning(6, { reason: '暴言の報告がありました', match_id: null })] },
      },
      'POST /api/users/me/warnings/5/seen': { body: { ok: true } },
      'POST /api/users/me/warnings/6/seen': { body: { ok: true } },
    });
    const dialog = await screen.findByRole('alertdialog', { name: '運営からの警告' });
    expect(dialog).toHaveTextContent('試合中の放置が繰り返し報告されています');
    expect(dialog).toHaveTextContent('暴言の報告がありました');
    expect(dialog).toHaveTextContent(formatDateTime(1_717_300_000));
    expect(within(dialog).getByRole('link', { name: '試合 #42' })).toHaveAttribute('href', '/matches/42');
    expect(within(dialog).getAllByRole('link')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: '確認しました' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST /api/users/me/warnings/5/seen')).toHaveLength(1);
    expect(server.callsTo('POST /api/users/me/warnings/6/seen')).toHaveLength(1);
  });

  it('stays open and says so when marking them seen fails', async () => {
    const { user } = open({
      [WARNINGS]: { body: { warnings: [warning(5)] } },
      'POST /api/users/me/warnings/5/seen': {
        status: 404,
        body: { error: '警告が見つかりません', code: 'WARNING_NOT_FOUND' },
      },
    });
    const dialog = await screen.findByRole('alertdialog', { name: '運営からの警告' });
    await user.click(within(dialog).getByRole('button', { name: '確認しました' }));
    expect(await within(dialog).findByText('確認を送信できませんでした。もう一度お試しください。')).toBeInTheDocument();
  });

  it('Escape hides it for this page without marking it seen', async () => {
    const { user, server } = open({ [WARNINGS]: { body: { warnings: [warning(5)] } } });
    await screen.findByRole('alertdialog', { name: '運営からの警告' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/users/me/warnings/5/seen')).toHaveLength(0);
  });
});
