import { getCharacter, isPlayableCharacterId } from '../characters.ts';
import { ROLES } from '../constants.ts';
import { VALIDATION_CODES as V, z } from '../validation.ts';
import { roleSchema, unixSecondsSchema, userIdSchema } from './common.ts';
import { violationDetailsSchema } from './violation.ts';

// A match as players and admins see it, the result report, lobby and host calls (spec 000 §3–§5, §7;
// spec 001 §2 match management, §3 admin match).

export const MATCH_STATUSES = ['matched', 'done'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const MATCH_STATUS_LABELS: Record<MatchStatus, string> = { matched: '進行中', done: '集計済み' };

export const REPORT_RESULTS = ['A-win', 'B-win', 'invalid'] as const;
export type ReportResult = (typeof REPORT_RESULTS)[number];

/** Match ids travel as strings of digits; '0' never names a match (spec §4). */
export const matchIdSchema = z.string().regex(/^[1-9]\d{0,17}$/, V.MATCH_ID_INVALID);
export const matchIdParamsSchema = z.object({ id: matchIdSchema });

export const matchPlayerSchema = z.object({
  user_id: userIdSchema,
  trainer_name: z.string().nullable(),
  discord_username: z.string().nullable(),
  discord_avatar_url: z.string().nullable(),
  twitter_id: z.string().nullable(),
  /** The player's rate when the match was made. */
  rate: z.number().int(),
  max_rate: z.number().int(),
  current_badge: z.string().nullable(),
  current_badge_2: z.string().nullable(),
  role: roleSchema.nullable(),
});
export type MatchPlayer = z.infer<typeof matchPlayerSchema>;

/**
 * Team A's chance of winning as the hidden rating saw it when the match was made (each player's estimate and its
 * uncertainty); null for matches made before it was kept, or imported.
 */
export const predictedChanceSchema = z.number().min(0).max(1).nullable();

/** 予想勝率 as whole percentages of team A and team B that add up to 100. */
export function predictedPercents(predictedA: number): { a: number; b: number } {
  const a = Math.round(predictedA * 100);
  return { a, b: 100 - a };
}

export const PREDICTED_CHANCE_TEXTS = {
  label: '予想勝率',
  value: (predictedA: number) => {
    const { a, b } = predictedPercents(predictedA);
    return `A ${a}% : B ${b}%`;
  },
  hint: 'マッチ成立時に、10人の内部レート（試合結果から推定した実力とその不確かさ）から予想したチームの勝率です。',
} as const;

export const matchTeamSchema = z.object({
  team_id: z.enum(['A', 'B']),
  team_name: z.string(),
  is_first_attack: z.boolean(),
  players: z.array(matchPlayerSchema),
});
export type MatchTeam = z.infer<typeof matchTeamSchema>;

/** GET /api/matches/current (404 when the caller has no open match). */
export const currentMatchSchema = z.object({
  match_id: z.string(),
  team_a: matchTeamSchema,
  team_b: matchTeamSchema,
  status: z.enum(MATCH_STATUSES),
  matched_unixtime: unixSecondsSchema,
  started_at: unixSecondsSchema,
  lobby_id: z.string().nullable(),
  host_user_id: z.string().nullable(),
  report_count: z.number().int(),
  has_reported: z.boolean(),
  /** Unix seconds when reporting closes (the deadline rule applies then). */
  report_deadline_unixtime: unixSecondsSchema,
  /** The lobby timer's settings, so the screen needs no second call. */
  lobby_create_timeout: z.number().int(),
  lobby_join_timeout: z.number().int(),
  predicted_a: predictedChanceSchema,
});
export type CurrentMatch = z.infer<typeof currentMatchSchema>;
/** GET /api/matches/me: the current match or null (200 either way). */
export const myMatchReplySchema = z.object({ match: currentMatchSchema.nullable() });

// The result report (spec §5 "Match report")

const optionalId = z.string().trim().max(64).default('');

/**
 * POST /api/matches/{id}/report. `banned_pokemon` may be empty. A win or loss needs the picked character
 * (not the banned one) and one move of each slot of that character; an invalid report names its culprit in
 * `violation_report`, or leaves it empty (原因なし・わからない: the game failed, a disconnect), and ignores picked
 * and moves. An empty culprit is reported by nobody, so it penalises nobody. Whether `violation_report` is another
 * participant of the match is checked by the server, which knows the roster.
 */
export const matchReportSchema = z
  .object({
    result: z.enum(REPORT_RESULTS, V.REPORT_RESULT_INVALID),
    banned_pokemon: optionalId.refine((id) => id === '' || isPlayableCharacterId(id), V.REPORT_POKEMON_UNKNOWN),
    picked_pokemon: optionalId,
    pokemon_move1: z.string().trim().max(64).default(''),
    pokemon_move2: z.string().trim().max(64).default(''),
    violation_report: optionalId.refine((id) => id === '' || userIdSchema.safeParse(id).success, V.USER_ID_INVALID),
    ...violationDetailsSchema,
  })
  .superRefine((report, ctx) => {
    if (report.violation_report !== '' && report.violation_reason === '') {
      ctx.addIssue({ code: 'custom', path: ['violation_reason'], message: V.VIOLATION_REASON_REQUIRED });
    }
    const details = report.violation_reason !== '' || report.violation_note !== '' || report.evidence_id !== null;
    if (report.violation_report === '' && details) {
      ctx.addIssue({ code: 'custom', path: ['violation_report'], message: V.VIOLATION_DETAILS_WITHOUT_PLAYER });
    }
    if (report.result === 'invalid') return;
    if (report.picked_pokemon === '') {
      ctx.addIssue({ code: 'custom', path: ['picked_pokemon'], message: V.REPORT_PICKED_REQUIRED });
      return;
    }
    if (!isPlayableCharacterId(report.picked_pokemon)) {
      ctx.addIssue({ code: 'custom', path: ['picked_pokemon'], message: V.REPORT_POKEMON_UNKNOWN });
      return;
    }
    if (report.banned_pokemon !== '' && sameCharacter(report.banned_pokemon, report.picked_pokemon)) {
      ctx.addIssue({ code: 'custom', path: ['picked_pokemon'], message: V.REPORT_PICKED_SAME_AS_BANNED });
      return;
    }
    const moves = movesOf(report.picked_pokemon);
    if (!moves.slot1.includes(report.pokemon_move1)) {
      ctx.addIssue({ code: 'custom', path: ['pokemon_move1'], message: V.REPORT_MOVE_INVALID });
    }
    if (!moves.slot2.includes(report.pokemon_move2)) {
      ctx.addIssue({ code: 'custom', path: ['pokemon_move2'], message: V.REPORT_MOVE_INVALID });
    }
  })
  .transform((report) => ({
    ...report,
    banned_pokemon: report.banned_pokemon.toUpperCase(),
    picked_pokemon: report.result === 'invalid' ? '' : report.picked_pokemon.toUpperCase(),
    pokemon_move1: report.result === 'invalid' ? '' : report.pokemon_move1,
    pokemon_move2: report.result === 'invalid' ? '' : report.pokemon_move2,
  }));
export type MatchReportInput = z.input<typeof matchReportSchema>;
export type MatchReportPayload = z.output<typeof matchReportSchema>;

function sameCharacter(a: string, b: string): boolean {
  return a.toUpperCase() === b.toUpperCase();
}

/**
 * The moves a player may report for a character: one of move_1a/move_1b and one of move_2a/move_2b
 * (Japanese names, as the roster has them). A slot the roster leaves blank ('-') accepts '-'.
 */
export function movesOf(pokemonId: string): { slot1: string[]; slot2: string[] } {
  const c = getCharacter(pokemonId);
  if (!c) return { slot1: [], slot2: [] };
  const slot = (a: string, b: string) => {
    const known = [a, b].filter((m) => m !== '-');
    return known.length > 0 ? [...new Set(known)] : ['-'];
  };
  return { slot1: slot(c.moves.move_1a, c.moves.move_1b), slot2: slot(c.moves.move_2a, c.moves.move_2b) };
}

/** The result a player reports: a win of their own team maps to that team's win (spec §5). */
export function reportResultFor(team: 'A' | 'B', outcome: 'win' | 'lose' | 'invalid'): ReportResult {
  if (outcome === 'invalid') return 'invalid';
  const winner = outcome === 'win' ? team : team === 'A' ? 'B' : 'A';
  return winner === 'A' ? 'A-win' : 'B-win';
}

export const reportReplySchema = z.object({
  ok: z.literal(true),
  report_count: z.number().int(),
  status: z.enum(MATCH_STATUSES),
});

// Lobby and host

/** The in-game room number: digits only. */
export const LOBBY_ID_PATTERN = /^\d{4,12}$/;
export const lobbyUpdateSchema = z.object({
  // Full-width digits (a Japanese keyboard's default) count as digits.
  lobby_id: z
    .string(V.LOBBY_ID_INVALID)
    .transform((id) => id.normalize('NFKC').trim())
    .pipe(z.string().regex(LOBBY_ID_PATTERN, V.LOBBY_ID_INVALID)),
  /** Optional; when sent it must be the caller (the current host). Hand the role over with host/transfer. */
  host_user_id: userIdSchema.optional(),
});

export const LOBBY_PHASES = ['lobby_create', 'lobby_waiting', 'lobby_join', 'match_ready'] as const;
export type LobbyPhase = (typeof LOBBY_PHASES)[number];
export const LOBBY_TIMER_RED_SECONDS = 30;

/**
 * The lobby timer (spec §4), counted from the match start: lobby_create until lobby_create_timeout;
 * then lobby_waiting while there is still no lobby number; with a number, lobby_join until
 * lobby_join_timeout; then match_ready. `remaining` is the phase's seconds left (0 for open-ended phases).
 */
export function lobbyPhase(input: {
  now: number;
  startedAt: number;
  hasLobby: boolean;
  createTimeout: number;
  joinTimeout: number;
}): { phase: LobbyPhase; remaining: number } {
  const elapsed = Math.max(0, input.now - input.startedAt);
  if (!input.hasLobby) {
    return elapsed < input.createTimeout
      ? { phase: 'lobby_create', remaining: input.createTimeout - elapsed }
      : { phase: 'lobby_waiting', remaining: 0 };
  }
  return elapsed < input.joinTimeout
    ? { phase: 'lobby_join', remaining: input.joinTimeout - elapsed }
    : { phase: 'match_ready', remaining: 0 };
}

/**
 * Ban report assignment (spec §6): within a team ordered by rate (highest first, ties by the team's order),
 * the 3rd, 4th and 5th players report the 1st, 2nd and 3rd banned character. Returns user_id → ban number.
 */
export function banAssignments(players: readonly Pick<MatchPlayer, 'user_id' | 'rate'>[]): Map<string, 1 | 2 | 3> {
  const ordered = players.map((p, i) => ({ p, i })).sort((a, b) => b.p.rate - a.p.rate || a.i - b.i);
  const result = new Map<string, 1 | 2 | 3>();
  ([1, 2, 3] as const).forEach((ban, k) => {
    const entry = ordered[k + 2];
    if (entry) result.set(entry.p.user_id, ban);
  });
  return result;
}

/** Fixed order of host hand-over: team A's players, then team B's, wrapping around. */
export function nextHost(order: readonly string[], current: string | null): string | null {
  if (order.length === 0) return null;
  const at = current === null ? -1 : order.indexOf(current);
  return order[(at + 1) % order.length] ?? null;
}

// Admin (spec 001 §2 match management, §3 match)

export const adminMatchFilterSchema = z.object({
  status: z.enum(['all', ...MATCH_STATUSES], V.MATCH_STATUS_FILTER_INVALID).default('all'),
});

export const adminMatchListItemSchema = z.object({
  match_id: z.string(),
  status: z.enum(MATCH_STATUSES),
  matched_unixtime: unixSecondsSchema,
  started_at: unixSecondsSchema,
  player_count: z.number().int(),
  report_count: z.number().int(),
  lobby_id: z.string().nullable(),
  host_user_id: z.string().nullable(),
  host_trainer_name: z.string().nullable(),
  winner_team: z.enum(['A', 'B']).nullable(),
});
export const adminMatchListSchema = z.object({ matches: z.array(adminMatchListItemSchema) });

const adminPlayerSchema = z.object({
  user_id: z.string(),
  trainer_name: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
  rate_before: z.number().int(),
  rate_after: z.number().int().nullable(),
  /** When an admin gave this player back what the match cost them (a team-mate left or stayed AFK), or null. */
  refunded_at: unixSecondsSchema.nullable(),
});

/**
 * A player whom reports of a match named as 途中離脱 or 放置・AFK: an admin who confirms it gives their team-mates back
 * the rate they lost (POST /api/admin/matches/{id}/refund, or the case action `refund`).
 */
export const refundOptionSchema = z.object({
  match_id: z.string(),
  user_id: z.string(),
  trainer_name: z.string().nullable(),
  /** Reports naming them with one of those reasons. */
  reports: z.number().int(),
  /** An admin has confirmed it already (a second refund is refused). */
  confirmed: z.boolean(),
});
export type RefundOption = z.infer<typeof refundOptionSchema>;

/** POST /api/admin/matches/{id}/refund: the player who left or stayed AFK (their team-mates get the rate back). */
export const matchRefundSchema = z.object({ user_id: userIdSchema }).strict();
export type MatchRefundInput = z.infer<typeof matchRefundSchema>;

export const adminMatchDetailSchema = adminMatchListItemSchema.extend({
  team_a: z.object({ players: z.array(adminPlayerSchema) }),
  team_b: z.object({ players: z.array(adminPlayerSchema) }),
  settle_reason: z.string().nullable(),
  settled_at: unixSecondsSchema.nullable(),
  /** When an admin last corrected the result (the audit log's entry), or null. */
  corrected_at: unixSecondsSchema.nullable(),
  report_deadline_unixtime: unixSecondsSchema,
  user_reports: z.array(
    z.object({
      user_id: z.string(),
      trainer_name: z.string().nullable(),
      team: z.enum(['A', 'B']),
      result: z.enum(REPORT_RESULTS),
      /** win / lose from the reporter's side, or invalid. */
      outcome: z.enum(['win', 'lose', 'invalid']),
      banned_pokemon: z.string(),
      picked_pokemon: z.string(),
      violation_report: z.string(),
      reported_at: unixSecondsSchema,
    }),
  ),
  /** Per reported player: who reported them (spec 001 "report totals per reported player"). */
  penalty_summary: z.array(
    z.object({
      user_id: z.string(),
      trainer_name: z.string().nullable(),
      team: z.enum(['A', 'B']),
      report_count: z.number().int(),
      reporters: z.array(z.string()),
      penalised: z.boolean(),
    }),
  ),
  penalty_status: z.object({ processed: z.boolean(), penalty_players: z.array(z.string()) }),
  /** Players named as leavers or AFK, whose team-mates' rate an admin may give back. */
  refund_options: z.array(refundOptionSchema),
});
export type AdminMatchDetail = z.infer<typeof adminMatchDetailSchema>;
