import { READY_NO_SHOW_TIMEOUT_MINUTES, READY_NO_SHOW_WINDOW_DAYS } from '@rankmatch/shared';

/** "1回目は警告のみ、2回目は5分、3回目は15分、4回目以降は60分" from the steps' minutes (0: a warning only). */
const noShowSteps = (minutes: readonly number[]) =>
  minutes
    .map((m, i) => `${i + 1}回目${i === minutes.length - 1 ? '以降' : ''}は${m === 0 ? '警告のみ' : `${m}分`}`)
    .join('、');

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
  /** The ready check (issue 35), from the site setting ready_check_seconds (0: none). */
  readyCheckTitle: '準備確認',
  readyCheckOn: (seconds: number) =>
    `マッチングで選ばれた10人には「準備完了」ボタンが表示されます。${seconds}秒以内に10人全員が押すと試合が始まり、ロビーのタイマーもそこから始まります。`,
  readyCheckFailed:
    '押さなかったプレイヤーがいると、その試合は成立しません。押したプレイヤーは待ち時間をそのままにキューの先頭に戻り、押さなかったプレイヤーはキューから外れます。',
  readyCheckSteps: `押さなかったときは、${READY_NO_SHOW_WINDOW_DAYS}日以内の回数に応じてしばらくマッチングに参加できなくなります: ${noShowSteps(READY_NO_SHOW_TIMEOUT_MINUTES)}。`,
  readyCheckOff: '現在は準備確認を行っていません。マッチングが成立するとすぐに試合が始まります。',
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
