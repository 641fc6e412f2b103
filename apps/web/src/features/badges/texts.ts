export const BADGE_TEXTS = {
  pickerTitle: (slot: 1 | 2) => `バッジ${slot}を選択`,
  pickerDescription: '所持しているバッジから選んでください。もう一方の枠のバッジは選べません。',
  search: 'バッジを検索',
  searchPlaceholder: '名前・入手条件・ID で検索',
  loadFailed: 'バッジデータの取得に失敗しました',
  noOwned:
    'まだバッジを持っていません。バッジはシーズン報酬（最終順位・試合数・ゴールドライセンス）、実績の達成、ショップ、イベントで手に入ります。',
  noMatch: '条件に合うバッジがありません',
  unequip: '外す',
  equip: '装備する',
  saving: '保存中…',
  cancel: 'キャンセル',
  equipped: '装備中',
  otherSlot: (slot: 1 | 2) => `バッジ${slot}に装備中のため選べません`,
  count: (n: number) => `${n}件`,
  equipFailed: 'バッジの装備に失敗しました',
  // The toast of a granted badge
  grantedTitle: 'バッジを獲得しました',
  grantedByAchievement: (name: string) => `実績「${name}」を達成しました`,
  grantedHint: 'マイページのバッジ欄から装備できます',
} as const;
