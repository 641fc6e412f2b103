// Disputes of a settled result and the warnings admins give (issue 34). Reasons and statuses are the shared labels.

export const TRUST_TEXTS = {
  // A settled match, for its players
  panelLabel: '異議申し立て',
  disputeOpen: '異議を申し立てる',
  disputeUntil: (when: string) => `結果に納得できない場合は ${when} まで異議を申し立てられます（1試合1回）。`,
  disputedNote: 'この試合には異議が申し立てられています。運営が確認するまでお待ちください。',
  mineTitle: 'あなたの異議',
  mineReason: '理由',
  mineNote: 'メモ',
  mineStatus: '状態',
  mineFiled: '申し立て',
  mineResolved: '対応',
  mineScreenshot: 'スクリーンショット',
  resolutionNote: '運営からのコメント',
  loadFailed: '異議申し立ての状況を取得できませんでした',
  // The dispute dialog
  modalTitle: '試合結果への異議',
  modalDescription: (matchId: string) => `試合 #${matchId}`,
  modalLead: '運営が報告と証拠を確認し、結果の維持・訂正・無効試合のいずれかで対応します。結果はお知らせします。',
  reasonLegend: '異議の理由',
  submit: '異議を申し立てる',
  submitting: '送信しています…',
  failed: '異議を申し立てられませんでした',
  filed: '異議を受け付けました。運営の対応をお待ちください。',
  // Warnings
  warningsTitle: '運営からの警告',
  warningsLead: '運営から次の警告が届いています。ルールを確認し、同じことを繰り返さないようにしてください。',
  warningMatch: (matchId: string) => `試合 #${matchId}`,
  warningAt: '日時',
  acknowledge: '確認しました',
  acknowledging: '送信しています…',
  acknowledgeFailed: '確認を送信できませんでした。もう一度お試しください。',
  // What came of the player's reports and disputes (my page)
  outcomesTitle: '通報・異議申し立ての結果',
  outcomesLead: (days: number) => `最近${days}日間に運営が対応した、あなたの通報・異議申し立てです。`,
  outcomeMatch: (matchId: string) => `試合 #${matchId}`,
} as const;
