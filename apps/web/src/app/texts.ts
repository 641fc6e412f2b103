// Texts of the shell and the top page.
export const APP_TEXTS = {
  nav: {
    label: 'サイト',
    home: 'トップ',
    statsPage: '統計',
    shop: 'ショップ',
    about: 'このサイトについて',
    terms: '利用規約',
    privacy: 'プライバシー',
    commercial: '特定商取引法に基づく表記',
    stats: '統計ダッシュボード',
    admin: '管理画面',
    scrollMore: 'ほかのリンクを表示',
    scrollBack: '前のリンクに戻る',
    footerLabel: 'フッター',
  },
  tabs: {
    label: 'メニュー',
    rules: 'ルール',
    mypage: 'マイページ',
    match: 'マッチング',
    ranking: 'ランキング',
  },
  match: {
    title: 'マッチング',
    loginRequired: 'ログインが必要です',
    loginHint: 'マイページからログインすると、マッチングに参加できるようになります。',
    toMypage: 'マイページでログイン',
  },
  footer: {
    copyright: 'rankmatch — ポケモンユナイト ランクマッチ（非公式コミュニティサイト）',
  },
  ad: '広告',
  authErrorReload: '再読み込み',
  suspended: {
    text: 'このアカウントではログイン・マッチング・プロフィールの編集ができません。',
    contact: '心当たりがない場合は、運営までお問い合わせください。',
    home: 'トップページへ',
  },
  notFound: {
    text: 'URLが間違っているか、ページが移動または削除された可能性があります。',
    home: 'トップページへ戻る',
  },
} as const;
