import { z } from 'zod';

// Zod speaks Japanese for every message we do not write ourselves.
z.config(z.locales.ja());

/**
 * Validation messages with a stable code each (spec §5 and the issue texts). A validation failure whose first problem
 * carries one of these messages replies with that code; other problems reply VALIDATION_ERROR.
 */
export const VALIDATION_MESSAGES = {
  TRAINER_NAME_REQUIRED: 'トレーナー名は必須です',
  TRAINER_NAME_TOO_LONG: 'トレーナー名は32文字以内で入力してください',
  TWITTER_ID_INVALID: 'X(Twitter) ID は英数字とアンダースコアの15文字以内で入力してください',
  BIO_TOO_LONG: '自己紹介は200文字以内で入力してください',
  FAVORITE_POKEMON_UNKNOWN: 'お気に入りポケモンに存在しないポケモンが含まれています',
  FAVORITE_POKEMON_TOO_MANY: 'お気に入りポケモンは3匹まで選べます',
  FAVORITE_POKEMON_DUPLICATE: 'お気に入りポケモンが重複しています',
  BADGE_UNKNOWN: '存在しないバッジです',
  BADGE_SLOTS_SAME: '同じバッジを2つの枠に装備することはできません',
  USER_ID_INVALID: 'ユーザー ID の形式が正しくありません',
  DUMMY_ID_INVALID: 'テストアカウントの ID は dummy_ で始まる英数字（64文字以内）にしてください',
  RATE_OUT_OF_RANGE: 'レートは 0〜5000 の整数で指定してください',
  RETURN_TO_INVALID: '戻り先はサイト内のパス（/ で始まる）で指定してください',
  SETTING_VALUE_INVALID: '設定値が正しくありません',
  TIMEOUT_CREATE_RANGE: 'ロビー作成タイムアウトは60〜300秒の整数で指定してください',
  TIMEOUT_JOIN_RANGE: 'ロビー参加タイムアウトは60〜600秒の整数で指定してください',
  MARKDOWN_TOO_LONG: '本文は20,000文字以内で入力してください',
  SEASON_ID_INVALID: 'シーズン ID は英小文字・数字・ハイフン・アンダースコアの1〜40文字で入力してください',
  SEASON_NAME_REQUIRED: 'シーズン名は必須です',
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
  POKEMON_ROLE_UNKNOWN: 'ポケモンのタイプが正しくありません（アタック・スピード・バランス・ディフェンス・サポート）',
} as const;

export type ValidationCode = keyof typeof VALIDATION_MESSAGES;

const codeByMessage = new Map<string, ValidationCode>(
  Object.entries(VALIDATION_MESSAGES).map(([code, message]) => [message, code as ValidationCode]),
);

/** The stable code of a validation message, or VALIDATION_ERROR for generic ones. */
export function validationCodeOf(message: string): ValidationCode | 'VALIDATION_ERROR' {
  return codeByMessage.get(message) ?? 'VALIDATION_ERROR';
}

/** Length as the user sees it: code points, so an emoji counts once. */
export function visibleLength(text: string): number {
  return [...text].length;
}

export { z };
