import type { RatingParamsView, RefitEntry, RefitReportView } from '@rankmatch/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAsAdmin } from '../src/testing/admin-data.ts';
import type { Handlers } from '../src/testing/fake-fetch.ts';

// Issue 33, item 4: the seasons tab's card of the MMR's parameters: those in force, a refit's preview (held-out
// log-loss before and after, the decision) and its apply, enabled only once a preview says the fit is better.

const TODAY = { beta: 460, initialSigma: 125, tau: 4, seasonSigma: 40 };
const FIT = { beta: 240.5, initialSigma: 160, tau: 5.2, seasonSigma: 44 };

const report = (over: Partial<RefitReportView> = {}): RefitReportView => ({
  matches: 3000,
  fitted: 2000,
  held_out: 1000,
  current: TODAY,
  candidate: FIT,
  fit_logloss: { current: 0.68, candidate: 0.66 },
  held_out_logloss: { current: 0.6513, candidate: 0.6188 },
  z: 5.1,
  apply: true,
  reason: 'better',
  ...over,
});

const view = (over: Partial<RatingParamsView> = {}): RatingParamsView => ({
  current: TODAY,
  current_refit_id: null,
  bounds: {},
  refits: [],
  ...over,
});

function open(handlers: Handlers) {
  return renderAsAdmin('/admin_control?tab=seasons', {
    'GET /api/admin/seasons': { body: [] },
    ...handlers,
  });
}

const card = async () => (await screen.findByRole('heading', { name: '内部レートのパラメータ' })).closest('section')!;

describe('admin: the MMR parameters card', () => {
  it('shows the parameters in force; apply waits for a preview that says the fit is better', async () => {
    const entry: RefitEntry = {
      id: '7',
      trigger: 'admin',
      season_id: null,
      actor_id: 'dummy_admin',
      created_at: 1_900_000_000,
      applied: true,
      effective_from: 1_900_000_000,
      report: report(),
    };
    const { user, server } = open({
      'GET /api/admin/rating/params': { body: view() },
      'POST /api/admin/rating/refit/preview': { body: report() },
      'POST /api/admin/rating/refit': { body: entry },
    });
    const c = await card();
    expect(await within(c).findByText('現在の値：サーバーの設定値')).toBeInTheDocument();
    expect(within(c).getByRole('row', { name: /1試合の出来のばらつき（β） 460/ })).toBeInTheDocument();
    const apply = within(c).getByRole('button', { name: '再調整を適用' });
    expect(apply).toBeDisabled();
    await user.click(within(c).getByRole('button', { name: '再調整をプレビュー' }));
    expect(await within(c).findByText('使った試合：3000件（学習 2000件・検証 1000件）')).toBeInTheDocument();
    expect(within(c).getByText(/0\.6513 → 0\.6188/)).toBeInTheDocument();
    expect(within(c).getByText(/より良く予測したため適用/)).toBeInTheDocument();
    expect(within(c).getByRole('row', { name: /1試合の出来のばらつき（β） 460 240\.5/ })).toBeInTheDocument();
    expect(apply).toBeEnabled();
    await user.click(apply);
    expect(await within(c).findByText(/適用しました/)).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/rating/refit')).toHaveLength(1);
  });

  it('keeps apply off when the preview says the matches do not show enough', async () => {
    const { user } = open({
      'GET /api/admin/rating/params': { body: view() },
      'POST /api/admin/rating/refit/preview': {
        body: report({ apply: false, reason: 'not_significant', z: 0.9 }),
      },
    });
    const c = await card();
    await user.click(await within(c).findByRole('button', { name: '再調整をプレビュー' }));
    expect(await within(c).findByText('改善が誤差の範囲（2標準誤差未満）のため見送り')).toBeInTheDocument();
    expect(within(c).getByRole('button', { name: '再調整を適用' })).toBeDisabled();
  });

  it('shows no losses or candidate when the site has too few matches', async () => {
    const { user } = open({
      'GET /api/admin/rating/params': { body: view() },
      'POST /api/admin/rating/refit/preview': {
        body: report({
          matches: 794,
          fitted: 530,
          held_out: 264,
          apply: false,
          reason: 'too_few_matches',
          z: 0,
          candidate: TODAY,
          held_out_logloss: { current: null, candidate: null },
        }),
      },
    });
    const c = await card();
    await user.click(await within(c).findByRole('button', { name: '再調整をプレビュー' }));
    expect(await within(c).findByText('確定した試合が少ないため見送り')).toBeInTheDocument();
    expect(within(c).queryByText(/対数損失/)).not.toBeInTheDocument();
    expect(within(c).queryByRole('columnheader', { name: '再調整案' })).not.toBeInTheDocument();
  });

  it('shows a refit running elsewhere as its Japanese error', async () => {
    const { user } = open({
      'GET /api/admin/rating/params': { body: view() },
      'POST /api/admin/rating/refit/preview': {
        status: 409,
        body: { error: '内部レートの再調整を計算中です。終わってからもう一度お試しください', code: 'REFIT_RUNNING' },
      },
    });
    const c = await card();
    await user.click(await within(c).findByRole('button', { name: '再調整をプレビュー' }));
    expect(await within(c).findByRole('alert')).toHaveTextContent('内部レートの再調整を計算中です');
  });
});
