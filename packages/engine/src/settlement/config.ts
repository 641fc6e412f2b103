import { REPORTS_NEEDED } from '@rankmatch/shared';
import type { MatchResult, SettlementConfig } from './types.ts';

export const MATCH_RESULTS: readonly MatchResult[] = ['A-win', 'B-win', 'invalid'];

// 60 minutes: a match lasts at most 10 minutes plus up to ~7 minutes of lobby phases, so an hour leaves
// every player ample time to report while still closing the match the same session.
export const DEFAULT_SETTLEMENT_CONFIG: Readonly<SettlementConfig> = Object.freeze({
  reportWindowMinutes: 60,
  reportsNeeded: REPORTS_NEEDED,
});

export function resolveSettlementConfig(config: Partial<SettlementConfig> = {}): SettlementConfig {
  return { ...DEFAULT_SETTLEMENT_CONFIG, ...config };
}

/** Rules-page text (Japanese). */
export function settlementRuleJa(config: SettlementConfig = DEFAULT_SETTLEMENT_CONFIG): string {
  return [
    '試合結果は参加者の報告で決まります（報告は1人1件、再提出すると最新の報告に置き換わります）。',
    `両チームから1人以上を含む${config.reportsNeeded}人以上の報告が一致し、食い違う報告がなければ、その時点で結果が確定します。`,
    `試合開始から${config.reportWindowMinutes}分の報告期限までに確定しない場合は、報告の過半数を占めた結果で確定します。`,
    '過半数に届かない場合（同数・報告なしを含む）は無効試合となり、レートは変動しません。',
  ].join('\n');
}

/** The text for the default configuration. */
export const SETTLEMENT_RULE_JA = settlementRuleJa();
