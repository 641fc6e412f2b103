import {
  ADMIN_SEARCH_LIMIT,
  AVOID_LIST_MAX,
  BADGE_PRICES,
  BIO_MAX,
  FAVORITE_POKEMON_MAX,
  LOBBY_CREATE_TIMEOUT,
  LOBBY_JOIN_TIMEOUT,
  MARKDOWN_SETTING_MAX,
  READY_CHECK_SECONDS,
  SANCTION_REASON_MAX,
  TRAINER_NAME_MAX,
  TRUST_NOTE_MAX,
  TWITTER_ID_MAX,
} from './constants.ts';
import { ERRORS } from './errors.ts';
import { groupDigits } from './japan-format.ts';
import { z } from './zod.ts';

/**
 * Validation problems with a stable code each, and the Japanese message people see (spec §5 and the issue texts).
 * Schema checks carry the code (VALIDATION_CODES), never the message; validationErrorOf turns a zod issue into both.
 */
export const VALIDATION_MESSAGES = {
  TRAINER_NAME_REQUIRED: 'トレーナー名は必須です',
  TRAINER_NAME_TOO_LONG: `トレーナー名は${TRAINER_NAME_MAX}文字以内で入力してください`,
  TWITTER_ID_INVALID: `X（Twitter）ID は英数字とアンダースコアの${TWITTER_ID_MAX}文字以内で入力してください`,
  BIO_TOO_LONG: `自己紹介は${BIO_MAX}文字以内で入力してください`,
  FAVORITE_POKEMON_UNKNOWN: 'お気に入りポケモンに存在しないポケモンが含まれています',
  FAVORITE_POKEMON_TOO_MANY: `お気に入りポケモンは${FAVORITE_POKEMON_MAX}匹まで選べます`,
  FAVORITE_POKEMON_DUPLICATE: 'お気に入りポケモンが重複しています',
  BADGE_UNKNOWN: '存在しないバッジです',
  BADGE_SLOTS_SAME: '同じバッジを2つの枠に装備することはできません',
  USER_ID_INVALID: 'ユーザー ID の形式が正しくありません',
  DUMMY_ID_INVALID: 'テストアカウントの ID は dummy_ で始まる英数字（64文字以内）にしてください',
  RATE_OUT_OF_RANGE: 'レートは 0〜5000 の整数で指定してください',
  OAUTH_PARAMETER_INVALID: 'ログイン手続きのパラメータが正しくありません',
  RETURN_TO_INVALID: '戻り先はサイト内のパス（/ で始まる）で指定してください',
  SETTING_VALUE_INVALID: '設定値が正しくありません',
  TIMEOUT_CREATE_RANGE: `ロビー作成タイムアウトは${LOBBY_CREATE_TIMEOUT.min}〜${LOBBY_CREATE_TIMEOUT.max}秒の整数で指定してください`,
  TIMEOUT_JOIN_RANGE: `ロビー参加タイムアウトは${LOBBY_JOIN_TIMEOUT.min}〜${LOBBY_JOIN_TIMEOUT.max}秒の整数で指定してください`,
  READY_CHECK_RANGE: `準備確認の時間は0（使わない）または${READY_CHECK_SECONDS.min}〜${READY_CHECK_SECONDS.max}秒の整数で指定してください`,
  // Grouped by hand: a number format here would load the locale data at every page start.
  MARKDOWN_TOO_LONG: `本文は${groupDigits(MARKDOWN_SETTING_MAX)}文字以内で入力してください`,
  SEASON_ID_INVALID: 'シーズン ID は英小文字・数字・ハイフン・アンダースコアの1〜40文字で入力してください',
  SEASON_NAME_REQUIRED: 'シーズン名は必須です',
  SEASON_NAME_TOO_LONG: 'シーズン名は60文字以内で入力してください',
  SEASON_DESCRIPTION_TOO_LONG: '説明は2,000文字以内で入力してください',
  SEASON_DATES_ORDER: '終了日時は開始日時より後にしてください',
  SEASON_IMAGE_URL_INVALID: '画像 URL は http(s):// で始まる URL、またはサイト内のパスで入力してください',
  THEME_COLOR_INVALID: 'テーマカラーは #rrggbb 形式で入力してください',
  MATCH_ID_INVALID: '試合 ID の形式が正しくありません',
  MATCH_STATUS_FILTER_INVALID: '状態は all・matched・done のいずれかを指定してください',
  REPORT_RESULT_INVALID: '試合結果は A-win・B-win・invalid のいずれかを選んでください',
  REPORT_POKEMON_UNKNOWN: '該当するポケモンが見つかりません',
  REPORT_PICKED_REQUIRED: '使用したポケモンを選択してください',
  REPORT_PICKED_SAME_AS_BANNED: 'BANしたポケモンと同じポケモンは選択できません',
  REPORT_MOVE_INVALID: '技は使用したポケモンの技から選んでください',
  REPORT_INVALID_PLAYER_REQUIRED: '無効試合の原因プレイヤーを選択してください',
  LOBBY_ID_INVALID: 'ロビー番号は4〜12桁の数字で入力してください',
  VIOLATION_REASON_INVALID:
    '違反の理由は 途中離脱・放置・AFK・故意の妨害・暴言・迷惑行為・不正・その他 から選んでください',
  VIOLATION_REASON_REQUIRED: '違反を報告するプレイヤーを選んだときは、理由も選んでください',
  VIOLATION_DETAILS_WITHOUT_PLAYER:
    '理由・メモ・スクリーンショットは、違反を報告するプレイヤーを選んだときだけ送れます',
  TRUST_NOTE_TOO_LONG: `メモは${TRUST_NOTE_MAX}文字以内で入力してください`,
  EVIDENCE_ID_INVALID: 'スクリーンショットの ID が正しくありません',
  DISPUTE_REASON_INVALID: '異議の理由を選んでください',
  CASE_ID_INVALID: '案件 ID の形式が正しくありません',
  WARNING_ID_INVALID: '警告の ID の形式が正しくありません',
  CASE_STATUS_FILTER_INVALID: '状態は open・closed のいずれかを指定してください',
  CASE_ACTION_INVALID: '対応の種類が正しくありません',
  SUSPENSION_DURATION_INVALID: 'マッチング停止の期間は 1時間・24時間・3日・7日・30日 から選んでください',
  SANCTION_REASON_REQUIRED: '理由を入力してください（プレイヤーに表示されます）',
  SANCTION_REASON_TOO_LONG: `理由は${SANCTION_REASON_MAX}文字以内で入力してください`,
  SUSPENSION_ID_INVALID: 'マッチング停止の ID の形式が正しくありません',
  ADMIN_SEARCH_QUERY_REQUIRED: '検索キーワードを入力してください',
  ADMIN_SEARCH_QUERY_TOO_LONG: '検索キーワードは64文字以内で入力してください',
  ADMIN_SEARCH_LIMIT_RANGE: `検索件数は1〜${ADMIN_SEARCH_LIMIT}の整数で指定してください`,
  ADMIN_SEARCH_TYPE_INVALID: '検索対象は all・discord_name・trainer_name のいずれかを指定してください',
  PENALTY_EDIT_RANGE: 'ペナルティの値は 0〜99 の整数で指定してください',
  FLAG_INVALID: 'true か false で指定してください',
  BADGE_LIST_DUPLICATE: '所持バッジの一覧に同じバッジが重複しています',
  MATCH_CORRECTION_WINNER_INVALID: '訂正後の結果は A・B・invalid のいずれかを指定してください',
  AWARD_BADGE_UNKNOWN: 'シーズン報酬に指定したバッジがカタログにありません',
  AWARD_THRESHOLD_INVALID: '試合数の報酬は 100〜1000 の100刻みで指定してください',
  SHOP_PRICE_INVALID: `価格は ${BADGE_PRICES.filter((p) => p > 0).join('・')} 円のいずれかで指定してください`,
  MAX_SALES_INVALID: '販売上限は 0（無制限）〜100,000 の整数で指定してください',
  ORDER_ID_INVALID: '注文 ID の形式が正しくありません',
  ORDER_STATUS_FILTER_INVALID: '注文の状態の指定が正しくありません',
  TEST_CARD_INVALID: 'カード番号は16桁の数字で入力してください',
  TEXT_CONTROL_CHARACTERS: '使用できない制御文字が含まれています',
  TEXT_BIDI_CONTROL: '文字の向きを変える制御文字は名前に使えません',
  TEXT_INVISIBLE_CHARACTERS:
    '見えない文字（ゼロ幅スペース・書式制御文字・異体字セレクタ・空白に見えるフィラー文字など）は名前に使えません',
  TEXT_ILL_FORMED: '文字として読み取れないデータ（対になっていないサロゲート）が含まれています',
  DATE_OUT_OF_RANGE: '日時は2000年から2100年までの範囲で指定してください',
  STATS_BAND_INVALID: 'レート帯は all・lt1500・1500_1699・ge1700 のいずれかを指定してください',
  PUSH_ENDPOINT_INVALID: '通知の送信先（endpoint）は https:// で始まる URL（2,048文字以内）で指定してください',
  PUSH_KEYS_INVALID: '通知の暗号鍵（p256dh・auth）の形式が正しくありません',
  NOTIFY_KIND_INVALID: '通知の種類が正しくありません',
  NEAR_ALERT_MIN_RANGE: 'お知らせする人数は3〜9人の整数で指定してください',
  NEAR_ALERT_HOURS_INVALID: 'お知らせする時間帯は0〜24時の整数で、開始と終了を別の時刻にしてください',
  DISCORD_WEBHOOK_URL_INVALID:
    'Discord の Webhook URL は https://discord.com/api/webhooks/<ID>/<トークン> の形式で入力してください（空欄で解除）',
  ACCOUNT_DELETION_UNCONFIRMED: 'アカウントを削除するには、確認の項目にチェックを入れてください',
  BLOCKING_INVALID: 'blocking はプレイヤー ID の配列で指定してください',
  BLOCKING_TOO_MANY: `blocking に指定できるのは${AVOID_LIST_MAX}人までです`,
  PLAYER_SEARCH_QUERY_REQUIRED: '探すプレイヤーのトレーナー名を入力してください',
  PLAYER_SEARCH_QUERY_TOO_LONG: `トレーナー名は${TRAINER_NAME_MAX}文字以内で入力してください`,
  POKEMON_ROLE_UNKNOWN: 'ポケモンのタイプが正しくありません（アタック・スピード・バランス・ディフェンス・サポート）',
} as const;

export type ValidationCode = keyof typeof VALIDATION_MESSAGES;

/**
 * Every validation code as its own value: what a schema check passes as its error, so the zod issue's message is the
 * code itself, e.g. `z.string().min(1, V.TRAINER_NAME_REQUIRED)` or `ctx.addIssue({ code: 'custom', message: V.X })`
 * (imported as `VALIDATION_CODES as V`). People never see it: validationErrorOf gives the message.
 */
export const VALIDATION_CODES = Object.freeze(
  Object.fromEntries(Object.keys(VALIDATION_MESSAGES).map((code) => [code, code])),
) as { readonly [C in ValidationCode]: C };

const isValidationCode = (value: unknown): value is ValidationCode =>
  typeof value === 'string' && Object.hasOwn(VALIDATION_MESSAGES, value);

/** A validation problem as replied and shown: its stable code and the Japanese message. */
export interface ValidationProblem {
  code: ValidationCode | 'VALIDATION_ERROR';
  message: string;
}

/**
 * The one way from a zod issue to what people see (server replies and web forms alike): a check of ours carries its
 * code, which gives the message of VALIDATION_MESSAGES; zod's own problems are VALIDATION_ERROR with zod's (Japanese)
 * message. No issue at all is a plain VALIDATION_ERROR.
 */
export function validationErrorOf(issue: { readonly message: string } | undefined): ValidationProblem {
  if (!issue) return { code: 'VALIDATION_ERROR', message: ERRORS.VALIDATION_ERROR.message };
  if (isValidationCode(issue.message)) return { code: issue.message, message: VALIDATION_MESSAGES[issue.message] };
  return { code: 'VALIDATION_ERROR', message: issue.message || ERRORS.VALIDATION_ERROR.message };
}

/** Length as the user sees it: code points, so an emoji counts once. */
export function visibleLength(text: string): number {
  return [...text].length;
}

export { z };
