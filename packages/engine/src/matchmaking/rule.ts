// Human-readable matchmaking rule for the rules page and README, generated from the config so it never drifts.
import { AVOID_LIST_MAX, MATCHING_INTERVAL_SECONDS, PROVISIONAL_MATCHES } from '@rankmatch/shared';
import { DEFAULT_MATCHMAKING_CONFIG } from './config.ts';
import type { MatchmakingConfig } from './types.ts';

export function describeMatchmakingRule(config: MatchmakingConfig = DEFAULT_MATCHMAKING_CONFIG): {
  ja: string;
  en: string;
} {
  const {
    windowBase: base,
    windowStepPerWave: step,
    gapTolerance: tol,
    spreadTolerance: spread,
    avoidYieldAfterWaves: yieldAfter,
  } = config;
  const yieldMinutes = (yieldAfter * MATCHING_INTERVAL_SECONDS) / 60;
  const ja = [
    'マッチングは2分ごとの「ウェーブ」でまとめて行います。',
    'マッチングには、表示されるレートとは別の内部レート（MMR：試合結果から推定した実力）を使います。この項目の「レート」は内部レートのことです。',
    `待ち時間が長い人から優先します。各マッチの10人は、基準プレイヤー（その中で最も長く待っている人）のレート±${base}（マッチしなかったウェーブ1回ごとに±${step}ずつ広がります）の範囲に収まります。次のウェーブに回るのは、自分の範囲に自分より後から来た人が9人もいない人だけです（10人ずつに分けきれない端数は、後から来た人が回ります）。`,
    'マッチする人はレート順に並べて10人ずつに区切り、レートの近い人同士で組みます。同じレートの人どうしは、希望ロールをより多く満たせるよう入れ替えます。',
    `10人を5人ずつに分ける126通りのうち、チーム平均レートの差が最も小さい分け方を選びます（差が${tol}以内なら、希望ロールをより多くの人が満たせる分け方を優先します）。`,
    `内部レートがまだ定まっていない人（今シーズン${PROVISIONAL_MATCHES}戦未満で、内部レートの不確かさが新規の人に近い人）は、両チームにできるだけ均等に分けます。そのためにだけ、平均レートの差が最小より${spread}まで大きい分け方を選ぶことがあります。各試合の予想勝率（内部レートとその不確かさから見たチームAの勝率）は試合画面と試合ページに表示します。`,
    '各チームは5つのロールを1人ずつ担当し、第1希望、第2希望…の順に割り当てます（希望なしの人はどのロールでも構いません）。',
    '平均レートが低いチームが先攻です（同じ場合は基準プレイヤーのチーム）。ホストは先攻チームでレートが最も高い人です（同じ場合は待ち時間が長い人）。',
    `マイページの「マッチングを避けるプレイヤー」（${AVOID_LIST_MAX}人まで）に登録した人とは、味方・相手のどちらでも同じ試合に組みません。ただし、登録した人かされた人のどちらかがマッチしなかったウェーブが${yieldAfter}回（約${yieldMinutes}分）になると、待ち続けることがないよう、その人の組み合わせにはこの指定を使いません。登録は相手に知らされません。`,
  ].join('\n');
  const en = [
    'Matchmaking runs in waves every 2 minutes.',
    'It uses the hidden matchmaking rating (MMR: the skill estimated from results), not the displayed rate; "rating" in this section means the MMR.',
    `Longest-waiting players come first. Every match is built around an anchor, its longest-waiting player, and lies within ±${base} of the anchor's rating (widened by ±${step} for every wave the anchor has missed). A player waits for the next wave only when fewer than 9 of the players who joined after them are within their range (or as one of the latest arrivals left over after making tens).`,
    'The players matched in a wave are sorted by rating and cut into tens of neighbours; players with equal ratings are swapped between tens so that more of them get a preferred role.',
    `Of the 126 ways to split the 10 into 5 + 5, the one with the smallest team-average rating gap is chosen (within ${tol} points of it, the split that gives more players a preferred role wins).`,
    `Players whose rating is still a guess (fewer than ${PROVISIONAL_MATCHES} rated matches this season and an MMR uncertainty close to a newcomer's) are spread as evenly as possible over the two teams; only for that may the gap exceed the smallest by up to ${spread} points. Each match's predicted chance for team A (the MMR's, uncertainty included) is shown on the match screen and page.`,
    'Each team covers the five roles, one player each, giving first choices first, then second choices… (players with no preference can take any role).',
    "The team with the lower average rating attacks first (equal: the anchor's team). The host is the highest-rated player of the first-attack team (equal: the longest waiting).",
    `Players on a player's avoid list (up to ${AVOID_LIST_MAX}, kept on my page) are never put in their match, on either team, until one of the two has missed ${yieldAfter} waves (about ${yieldMinutes} minutes): then the list yields, so that nobody waits on because of it. Nobody is told they are on someone's list.`,
  ].join('\n');
  return { ja, en };
}

const DEFAULT_RULE = describeMatchmakingRule();
/** Rules-page text (Japanese), for the default config. */
export const MATCHMAKING_RULE_JA: string = DEFAULT_RULE.ja;
/** README text (English), for the default config. */
export const MATCHMAKING_RULE_EN: string = DEFAULT_RULE.en;
