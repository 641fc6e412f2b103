import {
  type NotifyKind,
  type PushPayload,
  REFUND_TEXTS,
  REPORT_OUTCOME_TITLES,
  type ReportOutcome,
  type ReportSubject,
  reportOutcomeText,
} from '@rankmatch/shared';

// What each notification says (Japanese), apart from who receives it and how. Pure.

export interface Message {
  kind: NotifyKind;
  /** Unique per event: the same event never reaches one device (or one player's DMs) twice. */
  eventKey: string;
  push: PushPayload;
  /** The Discord direct message's text, for the kinds a DM can carry. */
  dm: string | null;
}

const MATCH_SCREEN = '/?tab=match';
const MY_PAGE = '/?tab=mypage';

const hhmm = (unix: number) =>
  new Date(unix * 1000).toLocaleTimeString('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' });

export function matchFound(matchId: string, siteUrl: string): Message {
  const title = 'マッチングが成立しました';
  const body = `試合 #${matchId}：マッチ画面でチームとホストを確認し、ロビー番号を待ってください`;
  return {
    kind: 'match_found',
    eventKey: `match.found:${matchId}`,
    push: { kind: 'match_found', title, body, url: MATCH_SCREEN, tag: `match-${matchId}` },
    dm: `【rankmatch】${title}（試合 #${matchId}）。ロビー番号が決まったらお知らせします。\n${siteUrl}${MATCH_SCREEN}`,
  };
}

/** The match-found alert of a ready check: the player has until the deadline to press 準備完了. */
export function readyCheckOpened(readyCheckId: string, seconds: number, siteUrl: string): Message {
  const title = 'マッチングが成立しました';
  const body = `${seconds}秒以内にマッチ画面で「準備完了」を押してください。全員がそろうと試合が始まります`;
  return {
    kind: 'match_found',
    eventKey: `ready.opened:${readyCheckId}`,
    push: { kind: 'match_found', title, body, url: MATCH_SCREEN, tag: `ready-${readyCheckId}` },
    dm: `【rankmatch】${title}。${seconds}秒以内に「準備完了」を押してください。\n${siteUrl}${MATCH_SCREEN}`,
  };
}

export function lobbySet(matchId: string, lobbyId: string, siteUrl: string): Message {
  const title = `ロビー番号 ${lobbyId}`;
  const body = `試合 #${matchId} のロビーができました。ゲームでロビー番号 ${lobbyId} に参加してください`;
  return {
    kind: 'lobby_set',
    eventKey: `match.lobby:${matchId}:${lobbyId}`,
    push: { kind: 'lobby_set', title, body, url: MATCH_SCREEN, tag: `match-${matchId}` },
    dm: `【rankmatch】試合 #${matchId} のロビー番号: **${lobbyId}**\n${siteUrl}${MATCH_SCREEN}`,
  };
}

export function reportReminder(matchId: number, deadline: number, minutes: number): Message {
  const title = `結果報告の締め切りまであと${minutes}分`;
  const body = `試合 #${matchId} の結果を ${hhmm(deadline)} までに報告してください`;
  return {
    kind: 'report_reminder',
    eventKey: `match.reminder:${matchId}`,
    push: { kind: 'report_reminder', title, body, url: MATCH_SCREEN, tag: `report-${matchId}` },
    dm: null,
  };
}

export function penaltyApplied(matchId: string): Message {
  const title = 'ペナルティが付きました';
  const body = `試合 #${matchId} の違反報告によりペナルティが付きました。マイページで内容とマッチング停止の時間を確認できます`;
  return {
    kind: 'penalty',
    eventKey: `penalty:${matchId}`,
    push: { kind: 'penalty', title, body, url: MY_PAGE, tag: `penalty-${matchId}` },
    dm: null,
  };
}

/**
 * What came of a player's report or dispute, once per case: action taken or reviewed, never which (kind `dispute`:
 * the settings' 通報・異議申し立ての結果). A dispute links its match page, which shows the result it stands on.
 */
export function reportAnswered(input: {
  caseId: number;
  subject: ReportSubject;
  matchId: string | null;
  outcome: ReportOutcome;
  siteUrl: string;
}): Message {
  const title = REPORT_OUTCOME_TITLES[input.subject];
  const body = reportOutcomeText(input.subject, input.outcome);
  const url = input.subject === 'dispute' && input.matchId !== null ? `/matches/${input.matchId}` : MY_PAGE;
  return {
    kind: 'dispute',
    eventKey: `case.told:${input.caseId}`,
    push: { kind: 'dispute', title, body, url, tag: `case-${input.caseId}` },
    dm: `【rankmatch】${title}: ${body}\n${input.siteUrl}${url}`,
  };
}

/** A team-mate's leaving was confirmed: the match's rate change was given back (kind `dispute`, as an admin's answer). */
export function rateRefunded(matchId: string, siteUrl: string): Message {
  const body = REFUND_TEXTS.body(matchId);
  return {
    kind: 'dispute',
    eventKey: `refund:${matchId}`,
    push: { kind: 'dispute', title: REFUND_TEXTS.title, body, url: MY_PAGE, tag: `refund-${matchId}` },
    dm: `【rankmatch】${REFUND_TEXTS.title}: ${body}\n${siteUrl}${MY_PAGE}`,
  };
}

/** The queue alert; `day` names the matching day (one alert per player and day). */
export function queueNear(input: {
  day: string;
  waiting: number;
  nextWaveAt: number | null;
  siteUrl: string;
}): Message {
  const title = 'レートの近いプレイヤーがマッチング待ちです';
  const next = input.nextWaveAt === null ? '' : `次のマッチングは ${hhmm(input.nextWaveAt)}。`;
  const body = `あなたのレートに近いプレイヤーが ${input.waiting}人 待っています。${next}`;
  return {
    kind: 'queue_near',
    eventKey: `queue.near:${input.day}`,
    push: { kind: 'queue_near', title, body, url: MATCH_SCREEN, tag: 'queue-near' },
    dm: `【rankmatch】${title}（${input.waiting}人）。${next}\n${input.siteUrl}${MATCH_SCREEN}`,
  };
}
