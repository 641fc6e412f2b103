import { type AdminMatchDetail, getCharacter, type ReportResult } from '@rankmatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminMatchQueryOptions } from '../../api/get-match.ts';
import { useReportAs } from '../../api/report-as.ts';
import { statusErrorText } from '../../errors.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.matchTest;

export interface ReportRow {
  result: ReportResult;
  /** The player blamed when the result is invalid. */
  culprit: string;
  state: 'idle' | 'sending' | 'sent' | 'error';
  note: string;
}

/** Everyone reports a team A win by default; an invalid report blames the first other player unless changed. */
function initialRows(userIds: string[]): Record<string, ReportRow> {
  const rows: Record<string, ReportRow> = {};
  for (const id of userIds) {
    rows[id] = { result: 'A-win', culprit: userIds.find((other) => other !== id) ?? '', state: 'idle', note: '' };
  }
  return rows;
}

/**
 * The report step's rows, one per player (their result, culprit, and how sending went); send reports one player's
 * row, sendAll each player who has not reported yet in turn. The count and status shown are the match detail's
 * (refetched after each report and by 更新), so a report sent elsewhere (the player's own wizard) counts too.
 */
export function useReportRows(match: AdminMatchDetail, players: AdminMatchDetail['team_a']['players']) {
  const report = useReportAs();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(() => initialRows(players.map((p) => p.user_id)));
  const progress = { count: match.report_count, status: match.status };
  const [sendingAll, setSendingAll] = useState(false);

  const patch = (userId: string, change: Partial<ReportRow>) =>
    setRows((prev) => {
      const row = prev[userId];
      return row ? { ...prev, [userId]: { ...row, ...change } } : prev;
    });

  const send = async (userId: string, row: ReportRow) => {
    patch(userId, { state: 'sending', note: '' });
    try {
      const reply = await report.mutateAsync({
        matchId: match.match_id,
        userId,
        result: row.result,
        violationReport: row.result === 'invalid' ? row.culprit : '',
      });
      const pokemon = getCharacter(reply.report.picked_pokemon)?.name_ja ?? reply.report.picked_pokemon;
      patch(userId, { state: 'sent', note: T.sent(pokemon) });
    } catch (error) {
      patch(userId, { state: 'error', note: `${T.reportFailed}: ${statusErrorText(error as Error)}` });
    }
  };

  // A report the player already sent (through the wizard, or this row's 送信) is theirs to keep: sending the tool's
  // would replace their character and time, as the overview's 全試合の結果を報告 already avoids. Who reported is read
  // afresh: a player may have reported since the detail was last loaded.
  const sendAll = async () => {
    setSendingAll(true);
    const fresh = await queryClient.fetchQuery(adminMatchQueryOptions(match.match_id)).catch(() => match);
    const reported = new Set(fresh.user_reports.map((r) => r.user_id));
    for (const p of players) {
      const row = rows[p.user_id];
      if (row && row.state !== 'sent' && !reported.has(p.user_id)) await send(p.user_id, row);
    }
    setSendingAll(false);
  };

  return { rows, patch, send, sendAll, sendingAll, progress };
}
