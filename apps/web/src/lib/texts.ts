import { SITE_NAME, SITE_TAGLINE } from '@rankmatch/shared';

// Texts shared by the whole app (shell, common states). Feature texts live in each feature's texts.ts.
export const COMMON_TEXTS = {
  siteName: SITE_NAME,
  siteTagline: SITE_TAGLINE,
  loading: '読み込み中…',
  retry: '再試行',
  reload: '再読み込み',
  close: '閉じる',
  notifications: '通知',
  dismissNotification: '通知を閉じる',
  cancel: 'キャンセル',
  save: '保存する',
  saving: '保存中…',
  none: 'なし',
  /** An invalid match's culprit when nobody caused it (the game failed, a disconnect). */
  noCulprit: '原因なし・わからない',
  loginRequired: 'ログインが必要です',
  skipToContent: '本文へスキップ',
  authErrorTitle: '認証エラー',
  authErrorText: '認証の有効期限が切れました。再度ログインしてください。',
  externalLink: '（新しいタブで開きます）',
  replyInvalid: 'サーバーの応答を読み取れませんでした',
  characterMissing: 'ポケモンデータが見つかりません',
  scrollHint: '横にスクロールできます',
  noCharacterType: '未選択',
  /** A match's Pokémon nobody reported: the one word of my page and the player pages. */
  characterUnreported: '未報告',
  characterLabel: (name: string, type: string) => `${name}（${type}）`,
  /** A matching suspension's reason and what it leaves open (the queue panel and my page). */
  suspensionReason: (reason: string) => `理由：${reason}`,
  suspensionNote: 'この期間はマッチングに参加できません。試合の確認やプロフィールの編集などはこれまでどおり使えます。',
} as const;

/** The generic error texts of the API client (spec §8). They are the spec's own words. */
export const API_ERRORS = {
  unknown: 'Unknown error',
  network: 'Network error',
} as const;

/**
 * The rules shown while the rules_content setting is empty (spec §2 Rules tab, nine points): the rules tab shows them,
 * and the admin's rules editor opens with them, so what is edited is what visitors read.
 */
export const DEFAULT_RULES = {
  intro: 'ランクマッチに参加する前に、以下のルールを確認してください。',
  items: [
    '1試合の時間は最大10分です。',
    'チームは5人対5人（5v5）で対戦します。',
    '同じチーム内でポケモンの重複はできません。',
    '試合途中の退出（切断・放棄を含む）はペナルティの対象になります。',
    'マッチングは、最も長く待っているプレイヤーの内部レート（試合結果から推定した実力）を基準に ±200 の範囲で行います。マッチングが見送られるたびに範囲は 200 ずつ広がります。',
    '希望ロールはチームバランスの調整に使われます。',
    '初期レートは1500です。',
    'レートは1試合ごとにおよそ10〜50変動します。',
    'ランキングは最高レート順で決まります。',
  ],
} as const;

/** The default rules as the Markdown the rules editor starts from (renders like the rules tab's fallback). */
export const defaultRulesMarkdown = (): string =>
  [DEFAULT_RULES.intro, '', ...DEFAULT_RULES.items.map((rule, i) => `${i + 1}. ${rule}`)].join('\n');

/** The fields of a violation report and a dispute (reason, note, screenshot), and the admins' thumbnails. */
export const TRUST_FIELD_TEXTS = {
  required: '必須',
  note: 'メモ（任意）',
  noteHint: '何があったかを短く書いてください。',
  noteCounter: (n: number, max: number) => `${n}/${max}`,
  noteCounterLabel: (n: number, max: number) => `${n}文字（${max}文字まで）`,
  evidence: 'スクリーンショット（任意）',
  evidenceHint: (mb: number) => `JPEG・PNG・WebP、${mb}MBまで。運営とあなただけが見られます。`,
  evidenceRemove: 'スクリーンショットを外す',
  evidencePreview: (name: string) => `選んだスクリーンショット: ${name}`,
  evidenceAttached: '添付あり',
  evidenceOpen: (n: number) => `スクリーンショット ${n} を拡大`,
  evidenceLoading: 'スクリーンショットを読み込み中',
  evidenceLoadFailed: 'スクリーンショットを読み込めませんでした',
  evidenceTitle: (n: number) => `スクリーンショット ${n}`,
} as const;
