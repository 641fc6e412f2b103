export const ACHIEVEMENT_TEXTS = {
  title: '実績',
  empty: 'まだ実績はありません。シーズン中に試合をすると、実績とその進み具合がここに表示されます。',
  loadFailed: '実績を取得できませんでした',
  progressLabel: (name: string) => `${name}の進み具合`,
  earnedOn: (date: string) => `${date} 獲得`,
  notEarned: '未獲得',
  blockedByPenalty: (penalty: number) =>
    `ペナルティ（${penalty}）があるため獲得できません。ペナルティが0になると獲得できます。`,
  reward: '報酬',
  recentTitle: '最近の実績',
  recentEmpty: 'まだ獲得した実績はありません',
} as const;
