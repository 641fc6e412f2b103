export const SEASON_TEXTS = {
  regionLabel: 'シーズン情報',
  offSeason: 'シーズン期間外',
  offSeasonNote: '現在はシーズン期間外のため、マッチングは行われていません。',
  nextSeason: (name: string, date: string) => `次のシーズン「${name}」は ${date} に開始予定です。`,
  period: (start: string, end: string) => `${start} 〜 ${end}`,
  daysLeft: (days: number) => `残り ${days} 日`,
  currentSeason: '開催中のシーズン',
  barLabel: '最高レート',
  /** What the hero's bar shows: otherwise "1,639 / 2,000" is a riddle. */
  barNote: (goal: string) =>
    `今シーズンの最高レート（ランキングの順位を決める値）です。バーはレート${goal}で満タンになります。`,
  loadFailed: 'シーズン情報を取得できませんでした。',
} as const;
