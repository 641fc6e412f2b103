export const ACHIEVEMENT_TEXTS = {
  title: '実績',
  empty: 'まだ実績はありません。シーズン中に試合をすると、実績とその進み具合がここに表示されます。',
  loadFailed: '実績を取得できませんでした',
  progressLabel: (name: string) => `${name}の進み具合`,
  earnedOn: (date: string) => `${date} 獲得`,
  notEarned: '未獲得',
  reward: '報酬',
  recentTitle: '最近の実績',
  recentEmpty: 'まだ獲得した実績はありません',
} as const;
