import {
  type CurrentMatch,
  VALIDATION_MESSAGES as M,
  type MatchPlayer,
  type MatchReportPayload,
  matchReportSchema,
  movesOf,
  reportResultFor,
  validationErrorOf,
} from '@rankmatch/shared';
import { MATCH_TEXTS as T } from './texts.ts';

// The report wizard as a pure state machine (spec §4 Report wizard, §5 Match report):
// normal path banned → picked → moves → result → violation → confirm; invalid path banned → invalid_player → confirm.
// Only 次へ moves on (no step advances on a choice): a habitual tap on 次へ after a choice that had already moved on
// landed on the next step's 次へ (勝敗を選択してください) or sent the report unseen. The confirm step shows the
// answers, and its 報告する is in the step, not where 次へ was (issue 36).

export type ReportStep = 'banned' | 'picked' | 'moves' | 'result' | 'violation' | 'invalid_player' | 'confirm';
export const NORMAL_STEPS: readonly ReportStep[] = ['banned', 'picked', 'moves', 'result', 'violation', 'confirm'];
export const INVALID_STEPS: readonly ReportStep[] = ['banned', 'invalid_player', 'confirm'];

/** Progress shown for each step: 20/40/60/80/100 % for the normal path's questions; the invalid one and confirm 100 %. */
export const STEP_PROGRESS: Record<ReportStep, number> = {
  banned: 20,
  picked: 40,
  moves: 60,
  result: 80,
  violation: 100,
  invalid_player: 100,
  confirm: 100,
};

export interface ReportDraft {
  step: ReportStep;
  /** The invalid path was taken (the 無効試合 shortcut). */
  invalid: boolean;
  banned: string;
  picked: string;
  move1: string;
  move2: string;
  outcome: 'win' | 'lose' | null;
  /** '' = do not report anyone. */
  violation: string;
  /** null = not chosen yet; '' = 原因なし・わからない (nobody to blame: the game failed, a disconnect). */
  invalidPlayer: string | null;
  error: string | null;
}

export const EMPTY_DRAFT: ReportDraft = {
  step: 'banned',
  invalid: false,
  banned: '',
  picked: '',
  move1: '',
  move2: '',
  outcome: null,
  violation: '',
  invalidPlayer: null,
  error: null,
};

export type ReportAction =
  | { type: 'ban'; id: string }
  | { type: 'pick'; id: string }
  | { type: 'move'; slot: 1 | 2; name: string }
  | { type: 'outcome'; outcome: 'win' | 'lose'; team: 'A' | 'B' | null }
  | { type: 'violation'; userId: string }
  | { type: 'invalidPlayer'; userId: string }
  | { type: 'invalid' }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'error'; message: string | null }
  | { type: 'reset' };

export const stepsOf = (draft: Pick<ReportDraft, 'invalid'>) => (draft.invalid ? INVALID_STEPS : NORMAL_STEPS);

function sameId(a: string, b: string): boolean {
  return a !== '' && a.toUpperCase() === b.toUpperCase();
}

/** The first problem that keeps the current step from moving on, or null. */
export function stepError(draft: ReportDraft): string | null {
  switch (draft.step) {
    case 'picked':
      if (!draft.picked) return M.REPORT_PICKED_REQUIRED;
      if (sameId(draft.banned, draft.picked)) return M.REPORT_PICKED_SAME_AS_BANNED;
      return null;
    case 'moves':
      return draft.move1 && draft.move2 ? null : T.movesRequired;
    case 'result':
      return draft.outcome ? null : T.resultRequired;
    case 'invalid_player':
      return draft.invalidPlayer !== null ? null : M.REPORT_INVALID_PLAYER_REQUIRED;
    default:
      return null;
  }
}

export function reportReducer(draft: ReportDraft, action: ReportAction): ReportDraft {
  switch (action.type) {
    case 'ban':
      return { ...draft, banned: action.id, error: null };
    case 'pick': {
      if (action.id === draft.picked) return { ...draft, error: null };
      // A new character: its moves start over; a slot with a single choice is chosen already.
      const moves = movesOf(action.id);
      return {
        ...draft,
        picked: action.id,
        move1: moves.slot1.length === 1 ? (moves.slot1[0] ?? '') : '',
        move2: moves.slot2.length === 1 ? (moves.slot2[0] ?? '') : '',
        error: null,
      };
    }
    case 'move':
      return { ...draft, [action.slot === 1 ? 'move1' : 'move2']: action.name, error: null };
    case 'outcome':
      if (!action.team) return { ...draft, error: T.teamUnknown };
      return { ...draft, outcome: action.outcome, error: null };
    case 'violation':
      return { ...draft, violation: action.userId, error: null };
    case 'invalidPlayer':
      return { ...draft, invalidPlayer: action.userId, error: null };
    case 'invalid':
      return { ...draft, invalid: true, step: 'invalid_player', error: null };
    case 'next': {
      const error = stepError(draft);
      if (error) return { ...draft, error };
      const steps = stepsOf(draft);
      const step = steps[steps.indexOf(draft.step) + 1];
      return step ? { ...draft, step, error: null } : draft;
    }
    case 'back': {
      const steps = stepsOf(draft);
      const step = steps[steps.indexOf(draft.step) - 1];
      // Back from the invalid path's question returns to the normal path.
      return step ? { ...draft, step, invalid: draft.invalid && step !== 'banned', error: null } : draft;
    }
    case 'error':
      return { ...draft, error: action.message };
    case 'reset':
      return EMPTY_DRAFT;
  }
}

/** The reporter's team, or null when the user is in neither team. */
export function teamOf(match: CurrentMatch, userId: string): 'A' | 'B' | null {
  if (match.team_a.players.some((p) => p.user_id === userId)) return 'A';
  if (match.team_b.players.some((p) => p.user_id === userId)) return 'B';
  return null;
}

/** Every participant but the reporter, team A first (candidates for the violation and invalid-match steps). */
export function otherPlayers(match: CurrentMatch, userId: string): (MatchPlayer & { team: 'A' | 'B' })[] {
  return [
    ...match.team_a.players.map((p) => ({ ...p, team: 'A' as const })),
    ...match.team_b.players.map((p) => ({ ...p, team: 'B' as const })),
  ].filter((p) => p.user_id !== userId);
}

/** The payload to send, checked with the shared schema, or the message to show. */
export function buildReport(
  draft: ReportDraft,
  team: 'A' | 'B' | null,
): { ok: true; report: MatchReportPayload } | { ok: false; error: string } {
  const { invalid } = draft;
  if (invalid && draft.invalidPlayer === null) return { ok: false, error: M.REPORT_INVALID_PLAYER_REQUIRED };
  if (!team) return { ok: false, error: T.teamUnknown };
  if (!invalid && !draft.outcome) return { ok: false, error: T.resultRequired };
  const parsed = matchReportSchema.safeParse({
    result: reportResultFor(team, invalid ? 'invalid' : (draft.outcome ?? 'lose')),
    banned_pokemon: draft.banned,
    picked_pokemon: invalid ? '' : draft.picked,
    pokemon_move1: invalid ? '' : draft.move1,
    pokemon_move2: invalid ? '' : draft.move2,
    violation_report: invalid ? (draft.invalidPlayer ?? '') : draft.violation,
  });
  if (!parsed.success) return { ok: false, error: validationErrorOf(parsed.error.issues[0]).message };
  return { ok: true, report: parsed.data };
}
