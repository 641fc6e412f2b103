// Texts shared by the whole app (shell, common states). Feature texts live in each feature's texts.ts.
export const COMMON_TEXTS = {
  siteName: 'rankmatch',
  siteTagline: 'ポケモンユナイト ランクマッチ',
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
  loginRequired: 'ログインが必要です',
  skipToContent: '本文へスキップ',
  authErrorTitle: '認証エラー',
  authErrorText: '認証の有効期限が切れました。再度ログインしてください。',
  externalLink: '（新しいタブで開きます）',
  replyInvalid: 'サーバーの応答を読み取れませんでした',
  unknownCharacter: '不明',
  noCharacterType: '未選択',
  characterLabel: (name: string, type: string) => `${name}（${type}）`,
} as const;

/** The generic error texts of the API client (spec §8). They are the spec's own words. */
export const API_ERRORS = {
  unknown: 'Unknown error',
  network: 'Network error',
} as const;
