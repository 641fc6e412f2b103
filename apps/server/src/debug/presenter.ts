import type { MatchReportPayload } from '@rankmatch/shared';
import type { MatchProgress } from '../matches/settlement.ts';
import type { WaveOutcome } from '../waves/runner.ts';

/** The admin's wave button: what the wave did, in a sentence, with its figures. */
export function presentWave(outcome: WaveOutcome) {
  const made =
    outcome.ready_checks.length > 0
      ? `準備確認を${outcome.ready_checks.length}件開始`
      : `${outcome.created_matches.length}試合を作成`;
  const message = outcome.ran
    ? `マッチングを実行しました: ${made}（${outcome.matched}人 / 待機${outcome.candidates}人）`
    : outcome.reason === 'no_season'
      ? 'マッチングを実行できません: 有効なシーズンがありません'
      : 'マッチングを実行できません: 別のマッチングが実行中です';
  return { message, ...outcome };
}

/** A report sent for a test account, and where the match stands after it. */
export function presentTestReport(userId: string, report: MatchReportPayload, progress: MatchProgress) {
  return {
    user_id: userId,
    report: {
      result: report.result,
      picked_pokemon: report.picked_pokemon,
      violation_report: report.violation_report,
    },
    status: progress.update.status,
    report_count: progress.update.report_count,
  };
}
