// The error catalogue: every stable code the API returns, its HTTP status and the Japanese message shown to people.
// The server throws by code; the web client shows `error` from the reply (spec §8).

export const ERRORS = {
  // Request shape
  VALIDATION_ERROR: { status: 400, message: '入力内容が正しくありません' },
  INVALID_JSON: { status: 400, message: 'リクエストの JSON を読み取れません。形式を確認してください' },
  EMPTY_BODY: { status: 400, message: 'リクエスト本文が空です' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'リクエストが大きすぎます（上限 64KB）' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'リクエストは JSON（application/json）で送信してください' },
  ROUTE_NOT_FOUND: { status: 404, message: '指定された API は存在しません' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'この API では利用できないメソッドです' },
  RATE_LIMITED: { status: 429, message: 'リクエストが多すぎます。しばらく待ってから再度お試しください' },
  INTERNAL: { status: 500, message: 'サーバーでエラーが発生しました。時間をおいて再度お試しください' },

  // Authentication and permissions
  UNAUTHORIZED: { status: 401, message: '認証の有効期限が切れました。再度ログインしてください。' },
  BANNED: { status: 403, message: 'このアカウントは利用停止中です' },
  FORBIDDEN: { status: 403, message: 'この操作を行う権限がありません' },
  DISCORD_NOT_CONFIGURED: {
    status: 503,
    message: 'Discord ログインは現在利用できません（サーバーに設定がありません）',
  },
  OAUTH_STATE_INVALID: {
    status: 400,
    message: 'ログイン手続きの有効期限が切れたか、不正なリクエストです。もう一度ログインしてください',
  },
  OAUTH_DENIED: { status: 400, message: 'Discord でのログインがキャンセルされました' },
  OAUTH_EXCHANGE_FAILED: { status: 502, message: 'Discord との通信に失敗しました。時間をおいて再度お試しください' },
  NOT_DISCORD_ACCOUNT: { status: 400, message: 'このアカウントは Discord と連携していません' },
  DUMMY_LOGIN_DISABLED: { status: 404, message: 'テストアカウントは無効です' },
  DUMMY_PASSWORD_INVALID: { status: 401, message: 'テストアカウントのパスワードが違います' },

  // Users
  USER_NOT_FOUND: { status: 404, message: 'ユーザー情報が見つかりません' },
  BADGE_NOT_FOUND: { status: 404, message: 'バッジが見つかりません' },
  BADGE_NOT_OWNED: { status: 400, message: '所持していないバッジは装備できません' },
  BADGE_SLOTS_SAME: { status: 400, message: '同じバッジを2つの枠に装備することはできません' },

  // Settings, seasons, ranking
  SETTING_NOT_FOUND: { status: 404, message: '設定項目が見つかりません' },
  SEASON_NOT_FOUND: { status: 404, message: 'シーズンが見つかりません' },
  SEASON_EXISTS: { status: 409, message: '同じ ID のシーズンが既に存在します' },
  SEASON_HAS_MATCHES: { status: 409, message: '試合が行われたシーズンは削除できません' },
  SEASON_ACTIVE_DELETE: {
    status: 409,
    message: '有効なシーズンは削除できません。先に別のシーズンを有効にしてください',
  },

  // Queue and matches
  QUEUE_NO_TRAINER_NAME: { status: 409, message: 'プロフィール設定が必要です' },
  QUEUE_PENALTY_BLOCKED: {
    status: 403,
    message: 'ペナルティが6以上のためマッチングに参加できません。運営にお問い合わせください',
  },
  QUEUE_PENALTY_TIMEOUT: { status: 403, message: 'ペナルティによる参加制限中です' },
  QUEUE_SEASON_CLOSED: { status: 409, message: 'シーズン期間外のためマッチングに参加できません' },
  QUEUE_IN_MATCH: { status: 409, message: '進行中の試合があります。試合を終えてから参加してください' },
  MATCH_NOT_FOUND: { status: 404, message: '進行中の試合が見つかりません' },
  ADMIN_MATCH_NOT_FOUND: { status: 404, message: '試合が見つかりません' },
  MATCH_NOT_PARTICIPANT: { status: 403, message: 'この試合の参加者ではありません' },
  MATCH_ALREADY_SETTLED: { status: 409, message: 'この試合は集計済みのため、報告の修正はできません' },
  REPORT_WINDOW_CLOSED: { status: 409, message: '報告期限を過ぎたため、この試合には報告できません' },
  REPORT_VIOLATOR_NOT_PARTICIPANT: {
    status: 400,
    message: '違反・無効試合の原因として報告できるのは、この試合の自分以外の参加者だけです',
  },
  MATCH_NOT_HOST: { status: 403, message: 'ロビー番号を設定できるのはホストだけです' },
  LOBBY_HOST_MISMATCH: { status: 400, message: 'host_user_id には自分（現在のホスト）を指定してください' },
  HOST_TAKEOVER_TOO_EARLY: {
    status: 409,
    message: 'ロビー作成の制限時間を過ぎてもロビーがない場合にだけ、ホストを引き継げます',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** QUEUE_PENALTY_TIMEOUT with the minutes left (server reply and the web's disabled join button). */
export function penaltyTimeoutMessage(minutes: number): string {
  return `${ERRORS.QUEUE_PENALTY_TIMEOUT.message}（残り${minutes}分）`;
}

/** The body of every error reply. `details` lists field problems of a validation error. */
export interface ErrorBody {
  error: string;
  code: string;
  details?: { path: string; message: string }[];
}
