export const RULES_TEXTS = {
  loading: 'ルールを読み込み中',
  announcementTitle: 'お知らせ',
  noAnnouncement: '現在お知らせはありません。',
  rulesTitle: 'ルール',
  systemTitle: 'サイトの状況',
  activeSeason: '開催中のシーズン',
  noActiveSeason: 'シーズン期間外',
  /** The active season before its start date: not open yet, so not 開催中. */
  seasonStarts: (name: string, date: string) => `「${name}」は ${date} 開始予定`,
  matching: 'マッチング',
  players: '登録プレイヤー',
  /** Settled matches of the active season, void ones included (the same count as the statistics page). */
  matches: '今シーズンの試合数',
  matchesNote: '無効試合を含む',
  playersUnit: '人',
  matchesUnit: '試合',
  loadFailed: 'データの取得に失敗しました',
  /** The server's own rules (GET /api/public/system `rules`), shown for everyone under the rules. */
  detailsTitle: 'マッチング・集計・レート・ペナルティの詳細',
  detailsIntro: 'サイトが実際に使っている設定から作られた説明です。',
  detailsSections: {
    matchmaking: 'マッチング',
    settlement: '試合結果の集計',
    rating: 'レート',
    penalty: 'ペナルティ',
  },
} as const;
