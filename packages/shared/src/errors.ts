// The error catalogue: every stable code the API returns, its HTTP status and the Japanese message shown to people.
// The server throws by code; the web client shows `error` from the reply (spec §8).
import {
  ACCOUNT_DELETION_CHANGES_PER_HOUR,
  AVOID_LIST_CHANGES_PER_HOUR,
  AVOID_LIST_MAX,
  EVIDENCE_MAX_MB,
  PERSONAL_DATA_DOWNLOADS_PER_HOUR,
  PLAYER_SEARCHES_PER_MINUTE,
} from './constants.ts';
import { formatMonthDayTime } from './japan-format.ts';

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
  PERSONAL_DATA_TOO_OFTEN: {
    status: 429,
    message: `データのダウンロードは1時間に${PERSONAL_DATA_DOWNLOADS_PER_HOUR}回までです。しばらく待ってから再度お試しください`,
  },
  ACCOUNT_DELETION_TOO_OFTEN: {
    status: 429,
    message: `アカウント削除の申請と取り消しは1時間に${ACCOUNT_DELETION_CHANGES_PER_HOUR}回までです。しばらく待ってから再度お試しください`,
  },
  URI_TOO_LONG: { status: 414, message: 'URL が長すぎます' },
  HEADERS_TOO_LARGE: { status: 431, message: 'リクエストヘッダーが大きすぎます' },
  BAD_URL: { status: 400, message: 'URL の形式が正しくありません' },

  // WebSocket (/api/ws): the error messages and close reasons of the real-time connection
  WS_UPGRADE_REQUIRED: { status: 426, message: 'この URL は WebSocket 専用です' },
  WS_UNEXPECTED_MESSAGE: { status: 400, message: 'メッセージの形式が正しくありません' },
  WS_RATE_LIMITED: { status: 429, message: 'メッセージの送信が多すぎるため接続を切断しました' },
  WS_TOO_MANY_CONNECTIONS: { status: 429, message: '同じアカウントの接続が多すぎます。ほかのタブを閉じてください' },
  WS_SESSION_ENDED: { status: 401, message: 'ログインが終了したため接続を切断しました' },
  INTERNAL: { status: 500, message: 'サーバーでエラーが発生しました。時間をおいて再度お試しください' },
  DB_UNAVAILABLE: {
    status: 503,
    message: 'データベースに一時的に接続できません。しばらくしてから再度お試しください',
  },

  // Authentication and permissions
  /** No token at all (a token that no longer holds is UNAUTHORIZED). */
  LOGIN_REQUIRED: { status: 401, message: 'ログインが必要です' },
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

  // マッチングを避けるプレイヤー (the avoid list)
  AVOID_SELF: { status: 400, message: '自分自身を避けるプレイヤーに追加することはできません' },
  AVOID_PLAYER_NOT_FOUND: { status: 404, message: 'プレイヤーが見つかりません' },
  AVOID_LIST_FULL: {
    status: 409,
    message: `避けるプレイヤーは${AVOID_LIST_MAX}人まで登録できます。追加するには、先にほかのプレイヤーを外してください`,
  },
  AVOID_TOO_OFTEN: {
    status: 429,
    message: `避けるプレイヤーの追加と削除は1時間に${AVOID_LIST_CHANGES_PER_HOUR}回までです。しばらく待ってから再度お試しください`,
  },
  PLAYER_SEARCH_TOO_OFTEN: {
    status: 429,
    message: `プレイヤーの検索は1分間に${PLAYER_SEARCHES_PER_MINUTE}回までです。しばらく待ってから再度お試しください`,
  },

  // Admin
  NO_CHANGES: { status: 400, message: '変更がありません' },
  ADMIN_SELF_BAN: { status: 409, message: '自分自身を利用停止にすることはできません' },
  ADMIN_SELF_DEMOTE: { status: 409, message: '自分自身の管理者権限を外すことはできません' },
  ADMIN_DUMMY_PROMOTE: { status: 409, message: '本番環境ではテストアカウントを管理者にできません' },
  NO_ACTIVE_SEASON: { status: 409, message: '有効なシーズンがないため、レートを変更できません' },
  MATCH_NOT_SETTLED: {
    status: 409,
    message: '集計前の試合の結果は訂正できません。集計を待つか、報告を確認してください',
  },
  DEBUG_NOT_TEST_ACCOUNT: { status: 409, message: 'テストアカウント以外のプレイヤーの代理報告はできません' },
  DEBUG_NOT_IN_MATCH: { status: 404, message: 'このテストアカウントはこの試合に参加していません' },

  // Shop
  PUSH_DISABLED: {
    status: 503,
    message: 'プッシュ通知は現在利用できません（サーバーに VAPID 鍵が設定されていません）',
  },
  PUSH_ENDPOINT_NOT_ALLOWED: {
    status: 400,
    message: 'この通知サービスには対応していません。Chrome・Edge・Firefox・Safari の通知をお使いください',
  },
  PUSH_SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'この端末の通知登録が見つかりません' },
  SHOP_DISABLED: { status: 503, message: 'ショップは現在利用できません' },
  SHOP_LOGIN_REQUIRED: { status: 401, message: '購入にはログインが必要です' },
  SHOP_NOT_FOR_SALE: { status: 409, message: 'このバッジは現在販売していません' },
  SHOP_ALREADY_OWNED: { status: 409, message: 'このバッジは既に購入済みです' },
  SHOP_SOLD_OUT: { status: 409, message: 'このバッジは売り切れです' },
  SHOP_PRICE_MISMATCH: {
    status: 400,
    message: '価格が最新の情報と一致しません。ページを再読み込みしてからもう一度お試しください',
  },
  SHOP_USER_MISMATCH: {
    status: 400,
    message: 'ログイン中のユーザーと購入者が一致しません。ページを再読み込みしてください',
  },
  SHOP_PROVIDER_FAILED: {
    status: 502,
    message: '決済サービスとの通信に失敗しました。時間をおいて再度お試しください',
  },
  ORDER_NOT_FOUND: { status: 404, message: '注文が見つかりません' },
  ORDER_NOT_PAID: { status: 409, message: '支払いが確認できていない注文は付与できません' },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'Webhook の署名を検証できません' },
  WEBHOOK_PAYLOAD_INVALID: { status: 400, message: 'Webhook の内容を読み取れません' },
  TEST_CHECKOUT_NOT_FOUND: { status: 404, message: 'テスト決済が見つかりません' },
  TEST_CHECKOUT_CLOSED: { status: 409, message: 'このテスト決済は完了しているか、期限が切れています' },
  TEST_CARD_DECLINED: {
    status: 402,
    message: 'カードが拒否されました（テストカード）。別のカード番号でお試しください',
  },
  MAX_SALES_BELOW_SOLD: {
    status: 409,
    message: '販売上限は販売済みの数と決済中の数の合計より小さくできません',
  },
  BADGE_NOT_IN_SHOP: { status: 409, message: '価格と販売上限を設定できるのはショップのバッジだけです' },
  ORDER_NOT_FULFILLABLE: {
    status: 409,
    message: '再付与できるのは、支払い済みで未付与の注文だけです',
  },

  // Settings, seasons, ranking
  SETTING_NOT_FOUND: { status: 404, message: '設定項目が見つかりません' },
  DISCORD_WEBHOOK_NOT_SET: {
    status: 409,
    message: 'Discord の Webhook URL が設定されていません。先に URL を保存してください',
  },
  SEASON_NOT_FOUND: { status: 404, message: 'シーズンが見つかりません' },
  SEASON_EXISTS: { status: 409, message: '同じ ID のシーズンが既に存在します' },
  SEASON_HAS_MATCHES: { status: 409, message: '試合が行われたシーズンは削除できません' },
  SEASON_ALREADY_ENDED: { status: 409, message: 'このシーズンは既に終了しています' },
  SEASON_END_RUNNING: {
    status: 409,
    message: 'シーズンの終了処理を別の処理が実行中です。しばらく待ってから一覧を更新してください',
  },
  SEASON_ENDED_ACTIVATE: { status: 409, message: '終了したシーズンは有効にできません' },
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
  QUEUE_DELETION_PENDING: {
    status: 409,
    message:
      'アカウントの削除を申請中のためマッチングに参加できません。参加するにはマイページで削除を取り消してください',
  },
  QUEUE_SUSPENDED: { status: 403, message: 'マッチングの利用を停止されています' },
  READY_CHECK_NOT_FOUND: { status: 404, message: '準備確認が見つかりません' },
  READY_CHECK_CLOSED: { status: 409, message: '準備確認の受付は終了しました' },
  MATCH_NOT_FOUND: { status: 404, message: '進行中の試合が見つかりません' },
  ADMIN_MATCH_NOT_FOUND: { status: 404, message: '試合が見つかりません' },
  MATCH_SUMMARY_NOT_FOUND: { status: 404, message: '試合が見つからないか、まだ集計されていません' },
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

  // Evidence, disputes and the moderation queue (issue 34)
  EVIDENCE_NOT_IMAGE: { status: 415, message: 'スクリーンショットは JPEG・PNG・WebP の画像を送ってください' },
  EVIDENCE_UNREADABLE: { status: 400, message: '画像を読み取れませんでした。別の画像を送ってください' },
  EVIDENCE_TOO_LARGE: { status: 413, message: `スクリーンショットは${EVIDENCE_MAX_MB}MBまでです` },
  EVIDENCE_MATCH_LIMIT: { status: 429, message: 'この試合に送れるスクリーンショットの上限に達しました' },
  EVIDENCE_DAILY_LIMIT: {
    status: 429,
    message: 'スクリーンショットを送れる枚数の上限（24時間）に達しました。しばらく待ってから再度お試しください',
  },
  EVIDENCE_NOT_FOUND: { status: 404, message: 'スクリーンショットが見つかりません' },
  EVIDENCE_NOT_USABLE: {
    status: 400,
    message: 'このスクリーンショットは使えません。この試合に自分で送った、まだ使っていない画像を指定してください',
  },
  DISPUTE_NOT_SETTLED: { status: 409, message: '結果が確定していない試合には異議を申し立てられません' },
  DISPUTE_WINDOW_CLOSED: { status: 409, message: '異議を申し立てられるのは、結果の確定から24時間以内です' },
  DISPUTE_ALREADY_FILED: { status: 409, message: 'この試合にはすでに異議を申し立てています' },
  CASE_NOT_FOUND: { status: 404, message: '案件が見つかりません' },
  CASE_CLOSED: { status: 409, message: 'この案件はすでに対応済みです' },
  CASE_ACTION_NOT_APPLICABLE: { status: 400, message: 'この案件にはこの対応はできません' },
  CASE_WINNER_REQUIRED: { status: 400, message: '訂正後の勝利チーム（A か B）を指定してください' },
  CASE_USER_REQUIRED: { status: 400, message: '対象のプレイヤー（この案件の関係者）を指定してください' },
  WARNING_NOT_FOUND: { status: 404, message: '警告が見つかりません' },

  // Sanctions in proportion (issue 35)
  SUSPENSION_NOT_FOUND: { status: 404, message: 'このプレイヤーのマッチング停止が見つかりません' },
  SUSPENSION_NOT_ACTIVE: { status: 409, message: 'このマッチング停止はすでに終了しているか、解除されています' },
  // Rate back for the victims of a leaver (issue 35)
  REFUND_NO_LEAVE_REPORT: {
    status: 400,
    message: 'この試合で「途中離脱」または「放置・AFK」として通報されたプレイヤーを指定してください',
  },
  REFUND_ALREADY_DONE: { status: 409, message: 'この試合のこのプレイヤーについては、すでにレートを返還しています' },
  REFUND_NOTHING_LOST: { status: 409, message: 'この試合でレートを失った味方はいないため、返還するものがありません' },
  // The rating that calibrates itself (issue 33)
  REFIT_RUNNING: { status: 409, message: '内部レートの再調整を計算中です。終わってからもう一度お試しください' },
  REFIT_TOO_FEW_MATCHES: {
    status: 409,
    message: '確定した試合がまだ少ないため、内部レートのパラメータを再調整できません',
  },
  REFIT_NOT_BETTER: {
    status: 409,
    message: '新しいパラメータは直近の試合を十分に良く予測できないため、適用しませんでした',
  },
  REFIT_STALE: { status: 409, message: '計算中に別の再調整が適用されました。もう一度プレビューしてください' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/**
 * 503s that say a feature is switched off on this server (no Discord app, no VAPID keys, no shop): an answer, not an
 * outage. The server does not log them as errors, and the web app does not try them again.
 */
export const FEATURE_OFF_CODES: readonly ErrorCode[] = ['DISCORD_NOT_CONFIGURED', 'PUSH_DISABLED', 'SHOP_DISABLED'];

/** QUEUE_PENALTY_TIMEOUT with the minutes left (server reply and the web's disabled join button). */
export function penaltyTimeoutMessage(minutes: number): string {
  return `${ERRORS.QUEUE_PENALTY_TIMEOUT.message}（残り${minutes}分）`;
}

/** 「マッチング停止中：4月1日 09:05まで」 (Japan time): the queue panel's and my page's notice. */
export function suspensionNotice(endsAt: number): string {
  return `マッチング停止中：${formatMonthDayTime(endsAt)}まで`;
}

/** QUEUE_SUSPENDED as the join call answers it: until when and why. */
export function queueSuspendedMessage(endsAt: number, reason: string): string {
  return reason ? `${suspensionNotice(endsAt)}（理由：${reason}）` : suspensionNotice(endsAt);
}

/** The body of every error reply. `details` lists field problems of a validation error. */
export interface ErrorBody {
  error: string;
  code: string;
  details?: { path: string; message: string }[];
  /** 429: when to try again. */
  retry_after_seconds?: number;
}
