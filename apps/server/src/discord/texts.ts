import { MATCH_SIZE } from '@rankmatch/shared';

// What the community channel says, as pure functions of the facts (no I/O): the announcer gathers the facts and
// queues the text. Japanese, Japan time; every message fits Discord's 2,000 characters.

/** Discord refuses longer messages. */
export const DISCORD_MESSAGE_MAX = 2000;

const time = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
});
const dayTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const number = new Intl.NumberFormat('ja-JP');
const at = (unix: number) => new Date(unix * 1000);

/** A player's name as plain text: Discord's Markdown characters escaped (a name of `**` stays two stars). */
export const plain = (text: string) => text.replace(/[\\*_~`|>#[\]]/g, (c) => `\\${c}`);

/**
 * At most `max` UTF-16 units (the stricter count: an emoji is two), cut between characters, with an ellipsis where it
 * was cut.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const char of text) {
    if (kept.length + char.length > max - 1) break;
    kept += char;
  }
  return `${kept}…`;
}

const message = (lines: string[]) => clip(lines.join('\n'), DISCORD_MESSAGE_MAX);

/** 'マッチング待ち 7人 — あと3人で次のマッチングが成立します', the next wave's time and where to join. */
export function queueText(input: { waiting: number; nextWaveAt: number; siteUrl: string }): string {
  const missing = Math.max(0, MATCH_SIZE - input.waiting);
  return message([
    `📣 マッチング待ち ${input.waiting}人 — あと${missing}人で次のマッチングが成立します`,
    `次のマッチング: ${time.format(at(input.nextWaveAt))}（日本時間、以後2分ごと）`,
    `参加はこちら: ${input.siteUrl}/?tab=match`,
  ]);
}

/** A season became active: it starts now, or at its start date when that is still ahead. */
export function seasonStartText(input: {
  name: string;
  startDate: number;
  endDate: number;
  now: number;
  siteUrl: string;
}): string {
  const name = plain(input.name);
  const until = `${day.format(at(input.endDate))}まで`;
  const head =
    input.startDate > input.now
      ? `🏆 シーズン「${name}」は ${dayTime.format(at(input.startDate))} に始まります（${until}）`
      : `🏆 シーズン「${name}」が始まりました（${until}）`;
  return message([head, `マッチングに参加: ${input.siteUrl}/?tab=match`]);
}

export interface FinalStanding {
  rank: number;
  trainerName: string;
  maxRate: number;
  finalRate: number;
}

/** A season ended: its final ranking's top 10 (or that nobody was ranked). */
export function seasonEndText(input: { name: string; top: readonly FinalStanding[]; siteUrl: string }): string {
  const lines = [`🏁 シーズン「${plain(input.name)}」が終了しました。`];
  if (input.top.length === 0) {
    lines.push('ランキングに載ったプレイヤーはいませんでした。');
  } else {
    lines.push('最終ランキング 上位10人:');
    for (const s of input.top.slice(0, 10)) {
      const name = plain(clip(s.trainerName, 40));
      lines.push(`${s.rank}位 ${name} — 最高レート ${number.format(s.maxRate)}（最終 ${number.format(s.finalRate)}）`);
    }
  }
  lines.push(`ランキング: ${input.siteUrl}/?tab=ranking`);
  return message(lines);
}

/** The admin's announcement as it is on the site (Markdown, which Discord mostly shares), cut to fit. */
export function announcementText(input: { content: string; siteUrl: string }): string {
  const head = '📢 お知らせが更新されました';
  const foot = `サイト: ${input.siteUrl}/`;
  const room = DISCORD_MESSAGE_MAX - head.length - foot.length - 2;
  return message([head, clip(input.content.trim(), room), foot]);
}

/** The admin's テスト送信. */
export function testText(input: { now: number; siteUrl: string }): string {
  return message([
    `✅ rankmatch からのテスト送信です（${dayTime.format(at(input.now))}）`,
    `このチャンネルにお知らせが届きます: ${input.siteUrl}/`,
  ]);
}
