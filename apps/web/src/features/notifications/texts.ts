import { NOTIFY_KIND_LABELS, REPORT_REMINDER_MINUTES } from '@rankmatch/shared';

export const NOTIFICATION_TEXTS = {
  title: '通知',
  lead: 'マッチング成立やロビー番号の決定を、この端末のプッシュ通知で受け取れます。サイトを閉じていても届きます。',
  loading: '通知の設定を読み込み中',
  loadFailed: '通知の設定を読み込めませんでした',
  // This device
  device: 'この端末',
  checking: '確認しています…',
  on: '通知を受け取っています',
  off: '通知を受け取っていません',
  turnOn: 'この端末で通知を受け取る',
  turningOn: '登録しています…',
  turnOff: 'この端末の通知をオフにする',
  turningOff: '解除しています…',
  unsupported: 'このブラウザは対応していません',
  unsupportedHelp: 'プッシュ通知は Chrome・Edge・Firefox・Safari（16.4 以降）の最新版で受け取れます。',
  blocked: '通知がブロックされています',
  blockedHelp:
    'アドレスバーの鍵アイコン（サイトの情報）から「通知」を「許可」に変えて、このページを再読み込みしてください。Android の Chrome では「⋮」→「設定」→「サイトの設定」→「通知」からも変更できます。',
  blockedHelpIos: 'iPhone・iPad の「設定」→「通知」→「rankmatch」で通知を許可してください。',
  iosInstall: 'ホーム画面に追加すると受け取れます',
  iosInstallHelp:
    'iPhone・iPad（iOS 16.4 以降）では、ホーム画面に追加した rankmatch で通知を受け取れます。Safari の共有ボタン（□に↑）→「ホーム画面に追加」で追加し、ホーム画面のアイコンから開いて、このマイページで通知をオンにしてください。',
  serverOff: '現在、プッシュ通知は停止しています',
  serverOffHelp: 'サーバーでプッシュ通知が設定されていません。Discord のダイレクトメッセージは下で選べます。',
  noWorker: 'この環境ではプッシュ通知を使えません',
  noWorkerHelp: 'サービスワーカーが登録されていません（開発用サーバーでは無効です）。',
  permissionDismissed: '通知が許可されませんでした。もう一度押して「許可」を選んでください。',
  subscribeFailed: (detail: string) =>
    `この端末を通知に登録できませんでした（${detail}）。時間をおいてお試しください。`,
  // Other devices
  devicesTitle: '通知を受け取る端末',
  thisDevice: 'この端末',
  deviceAdded: (date: string) => `${date} 登録`,
  removeDevice: '解除',
  removeDeviceLabel: (label: string) => `${label} の通知を解除`,
  // Preferences
  pushKinds: 'プッシュ通知で受け取るお知らせ',
  kindLabels: NOTIFY_KIND_LABELS,
  kindHints: {
    match_found: '試合画面が開きます',
    lobby_set: 'ホストがロビー番号を入力したとき',
    report_reminder: `報告の締め切り${REPORT_REMINDER_MINUTES}分前に、まだ報告していないとき`,
    penalty: 'ペナルティの加算や利用停止があったとき',
    dispute: '自分の通報・異議申し立てに運営が対応したとき、味方の途中離脱などでレートが返還されたとき',
    queue_near: '',
  },
  discordDm: 'Discord のダイレクトメッセージ',
  discordDmHint: 'Discord でログインしたアカウントに、サイトのボットから届きます。',
  // The queue alert
  nearTitle: 'レートの近いプレイヤーがマッチング待ちのとき',
  nearEnabled: 'お知らせを受け取る',
  nearHint: (n: number) =>
    `あなたがマッチング待ちでないときに、レートの近いプレイヤーが${n}人以上待っていたらお知らせします（日本時間・1晩に1回まで）。`,
  nearMin: 'お知らせする人数',
  nearMinOption: (n: number) => `${n}人以上`,
  nearHours: '時間帯',
  nearFrom: '開始',
  nearTo: '終了',
  hourOption: (h: number) => (h === 24 ? '24時（深夜0時）' : `${h}時`),
  hoursBetween: '〜',
  nearVia: 'お知らせの方法',
  viaPush: 'プッシュ通知',
  viaDiscord: 'Discord の DM',
  nearNoChannel: 'お知らせの方法を1つ以上選んでください。',
  save: '通知設定を保存',
  saving: '保存しています…',
  saved: '通知設定を保存しました',
  savedNoChannel:
    '保存しました。ただし、いまはお知らせを受け取れる端末がありません。上の「この端末で通知を受け取る」を押すか、Discord のダイレクトメッセージを選んでください。',
  devicesLost: (date: string) =>
    `${date} に、登録していた端末の通知が無効になりました（ブラウザのデータ削除や通知の取り消しなど）。通知を受け取るには、もう一度「この端末で通知を受け取る」を押してください。`,
} as const;
