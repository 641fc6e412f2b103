import { AVOID_LIST_MAX, AVOID_YIELD_AFTER_WAVES, MATCHING_INTERVAL_SECONDS } from '@rankmatch/shared';

const yieldMinutes = (AVOID_YIELD_AFTER_WAVES * MATCHING_INTERVAL_SECONDS) / 60;

/** マッチングを避けるプレイヤー: my page's section and the player page's button. */
export const AVOID_TEXTS = {
  title: 'マッチングを避けるプレイヤー',
  lead: `登録したプレイヤーとは、味方・相手のどちらでも同じ試合に組まれません（${AVOID_LIST_MAX}人まで）。登録は相手に知らされません。`,
  yieldNote: `あなたか相手がマッチしないまま${AVOID_YIELD_AFTER_WAVES}回のマッチング（約${yieldMinutes}分）を過ぎると、待ち続けないよう、その回からは指定を使わずにマッチングします。`,
  count: (n: number, max: number) => `${n}/${max}人`,
  countLabel: (n: number, max: number) => `${max}人中${n}人を登録中`,
  empty: 'まだ登録していません。下の検索から追加できます。',
  loading: '読み込み中…',
  loadFailed: '一覧を読み込めませんでした',
  addedAt: (date: string) => `${date}に登録`,
  remove: '外す',
  removeLabel: (name: string) => `${name}を避けるプレイヤーから外す`,
  searchLabel: 'トレーナー名で探す',
  searchPlaceholder: 'トレーナー名の一部',
  search: '検索',
  searching: '検索中…',
  noResults: (q: string) => `「${q}」を含むトレーナー名のプレイヤーは見つかりませんでした`,
  resultsLabel: '検索結果',
  rate: (rate: number) => `レート ${rate}`,
  add: '避ける',
  addLabel: (name: string) => `${name}を避けるプレイヤーに追加`,
  added: '登録済み',
  full: (max: number) => `上限の${max}人に達しています。追加するには、先にほかのプレイヤーを外してください。`,
  // The player page's button
  pageAdd: 'このプレイヤーを避ける',
  pageRemove: '避けるのをやめる',
  pageAdded: 'マッチングを避けるプレイヤーに登録しています（相手には知らされません）',
  pageHint: '同じ試合（味方・相手とも）に組まれにくくなります。相手には知らされません。',
  pageManage: 'マイページで管理',
} as const;
