// Texts of the statistics page (/stats).
export const STATS_TEXTS = {
  intro: 'シーズンとレート帯ごとの、ポケモンの使用率・BAN率・勝率や試合の傾向です。',
  loading: '統計を読み込み中',
  loadFailed: '統計を取得できませんでした',
  computedAt: (when: string) => `集計: ${when}`,
  selection: (season: string, band: string) => `${season}・${band}`,
  period: (season: string, start: string, end: string) => `${season}の期間: ${start} 〜 ${end}`,
  ended: '（終了）',
  endedOn: (date: string) => `（${date}に終了）`,

  // Filters
  season: 'シーズン',
  activeSeason: (name: string) => `${name}（開催中）`,
  closedSeason: (name: string) => `${name}（シーズン期間外）`,
  activeSeasonUnknown: '開催中のシーズン',
  band: 'レート帯',
  bandNote:
    '試合の数字（ロール別を含む）は試合の平均レート、ポケモンの数字は各プレイヤーの試合前レートで分けています。',

  // Empty and failed states
  noSeason: '開催中のシーズンはありません',
  noSeasonHint: 'シーズンが始まると、ここに統計が表示されます。',
  noMatches: 'まだ試合がありません',
  noMatchesHint: '試合の結果が集計されると、ここに数字が表示されます。',
  noMatchesBand: (band: string) => `レート帯「${band}」の試合はまだありません。ほかのレート帯も選べます。`,
  // A season that has ended will have none: not まだ (yet).
  noMatchesEnded: 'このシーズンの試合はありませんでした',
  noMatchesEndedHint: 'このシーズンは終了しています。ほかのシーズンも選べます。',
  noMatchesBandEnded: (band: string) => `レート帯「${band}」の試合はありませんでした。ほかのレート帯も選べます。`,
  seasonNotFound: 'シーズンが見つかりません',
  seasonNotFoundOption: '（見つからないシーズン）',
  seasonNotFoundHint: 'URLのシーズンIDをご確認ください。',
  toActiveSeason: '開催中のシーズンの統計を見る',

  // Overview
  overviewTitle: '試合の概要',
  matches: '試合数',
  matchesNote: (invalid: string) => `無効試合を含む（うち無効 ${invalid}試合）`,
  firstAttack: '先攻の勝率',
  firstAttackNote: (wins: string, games: string) => `勝敗のついた${games}試合中 ${wins}勝`,
  interval: (range: string) => `95%区間 ${range}`,
  resultsTitle: '試合結果の内訳',
  resultA: 'チームAの勝利',
  resultB: 'チームBの勝利',
  resultInvalid: '無効',
  resultShare: (count: string, share: string) => `${count}試合（${share}）`,
  resultsSummary: (parts: string) => `試合結果の内訳: ${parts}`,

  // Characters
  charactersTitle: 'ポケモン別',
  charactersCaption: 'ポケモン別の使用率・BAN率・勝率（列の見出しで並べ替え）',
  charactersEmpty: '使用ポケモンの報告はまだありません',
  charactersNote:
    '使用率は報告された使用ポケモンの割合、BAN率はそのポケモンがBANされた試合の割合です。95%区間（Wilson法）が広いほど、試合数が少なく勝率が不確かです。',
  columnCharacter: 'ポケモン',
  columnPickRate: '使用率',
  columnBanRate: 'BAN率',
  columnWinRate: '勝率',
  columnInterval: '95%区間',
  picks: (n: string) => `${n}回`,
  bans: (n: string) => `${n}試合`,
  winsOfGames: (wins: string, games: string) => `${wins}勝 / ${games}試合`,
  noWinRate: '—',
  sortBy: (column: string) => `${column}で並べ替え`,
  unknownCharacter: (id: string) => `ポケモンデータが見つかりません（${id}）`,
  showAll: (count: number) => `すべて表示（${count}体）`,
  showTop: (count: number) => `上位${count}体だけ表示`,

  // Roles
  rolesTitle: 'ロール別: レートが高い側の勝率',
  rolesCaption: 'ロール別: そのロールのプレイヤーのレートが相手より高かったチームの勝率',
  rolesNote:
    '両チームの同じロールのプレイヤーのうちレートが高かった側のチームが勝った割合です。50%を大きく上回るロールほど、そのロールのレート差が勝敗につながっています。同じレートだった試合と無効試合は数えていません。',
  rolesEmpty: 'まだ数えられる試合がありません',
  columnRole: 'ロール',
  intervalTrack: '20%〜80%の目盛り（中央の線が50%）',

  // Charts
  chartLoading: 'グラフを読み込み中',
  chartFailed: 'グラフを表示できませんでした。数値は下の表で確認できます。',
  showTable: '数値を表で見る',
  histogramTitle: 'レート分布',
  histogramNote: 'このシーズンに試合をしたプレイヤーの現在のレート（50刻み）です。',
  histogramEmpty: 'このレート帯のプレイヤーはいません',
  histogramSeries: 'プレイヤー数',
  histogramBin: (from: number, to: number) => `${from}〜${to}`,
  histogramSummary: (players: string, from: number, to: number) =>
    `レート分布: ${players}人、${from}から${to}まで（50刻みの棒グラフ）`,
  columnRateBin: 'レート',
  columnPlayers: '人数',
  players: (n: string) => `${n}人`,
  perDayTitle: '日別の試合数',
  perDaySeries: '試合数',
  perDaySummary: (days: number, total: string, peak: string, peakDay: string) =>
    `日別の試合数: ${days}日間で${total}試合、最多は${peakDay}の${peak}試合（棒グラフ）`,
  columnDay: '日付',
  waitTitle: '時間帯別の平均待ち時間',
  waitNote: 'マッチングが成立したウェーブの平均待ち時間（日本時間・レート帯に関係なく全体の値）です。',
  waitEmpty: '待ち時間の記録はまだありません',
  waitSeries: '平均待ち時間',
  waitSummary: (hours: number, shortest: string, longest: string) =>
    `時間帯別の平均待ち時間: 記録のある${hours}時間帯で ${shortest}〜${longest}（棒グラフ）`,
  columnHour: '時間帯',
  columnWait: '平均待ち時間',
  columnWaves: 'ウェーブ数',
  hour: (h: number) => `${h}時`,
  hourRange: (h: number) => `${h}:00〜${h}:59`,
  seconds: (s: number) => `${s}秒`,
  minutes: (m: number) => `${m}分`,
  minutesSeconds: (m: number, s: number) => `${m}分${String(s).padStart(2, '0')}秒`,
  noValue: '—',

  // Heat map
  heatTitle: '曜日×時間帯の試合数',
  heatCaption: '曜日×時間帯（日本時間）ごとの試合数',
  heatNote: '試合の結果が集計された時刻（日本時間）で数えています。色が濃いほど試合が多い時間帯です。',
  heatLegendLow: '少',
  heatLegendHigh: '多',
  heatCell: (weekday: string, hour: number, count: string) => `${weekday}曜 ${hour}時台: ${count}試合`,
  weekdays: ['日', '月', '火', '水', '木', '金', '土'],
  weekdayColumn: '曜日',
} as const;
