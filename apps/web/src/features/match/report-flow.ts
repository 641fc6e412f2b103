import {
  type CurrentMatch,
  VALIDATION_MESSAGES as M,
  type MatchPlayer,
  type MatchReportPayload,
  matchReportSchema,
  movesOf,
  reportResultFor,
  TRUST_NOTE_MAX,
  type ViolationReason,
  validationErrorOf,
  visibleLength,
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
  /** Why the named player (violator, or the invalid match's culprit) is reported; '' = not chosen. */
  reason: ViolationReason | '';
  note: string;
  /** The screenshot chosen (uploaded when the report is sent). */
  evidence: File | null;
  error: string | null;
  /** The field the error is about, so that it is marked there (null: the step as a whole). */
  errorField: 'reason' | 'note' | null;
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
  reason: '',
  note: '',
  evidence: null,
  error: null,
  errorField: null,
};

export type ReportAction =
  | { type: 'ban'; id: string }
  | { type: 'pick'; id: string }
  | { type: 'move'; slot: 1 | 2; name: string }
  | { type: 'outcome'; outcome: 'win' | 'lose'; team: 'A' | 'B' | null }
  | { type: 'violation'; userId: string }
  | { type: 'invalidPlayer'; userId: string }
  | { type: 'reason'; reason: ViolationReason }
  | { type: 'note'; note: string }
  | { type: 'evidence'; file: File | null }
  | { type: 'invalid' }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'error'; message: string | null }
  | { type: 'reset' };

export const stepsOf = (draft: Pick<ReportDraft, 'invalid'>) => (draft.invalid ? INVALID_STEPS : NORMAL_STEPS);

function sameId(a: string, b: string): boolean {
  return a !== '' && a.toUpperCase() === b.toUpperCase();
}

/** The player the report names: the violator, or on the invalid path the culprit ('' = nobody). */
export const namedPlayer = (draft: Pick<ReportDraft, 'invalid' | 'violation' | 'invalidPlayer'>): string =>
  draft.invalid ? (draft.invalidPlayer ?? '') : draft.violation;

type StepProblem = { message: string; field: ReportDraft['errorField'] };

/** A named player needs a reason; the note has its limit (the shared schema's messages). */
function detailsProblem(draft: ReportDraft): StepProblem | null {
  if (namedPlayer(draft) === '') return null;
  if (draft.reason === '') return { message: M.VIOLATION_REASON_REQUIRED, field: 'reason' };
  if (visibleLength(draft.note) > TRUST_NOTE_MAX) return { message: M.TRUST_NOTE_TOO_LONG, field: 'note' };
  return null;
}

/** The first problem that keeps the current step from moving on, or null. */
export function stepProblem(draft: ReportDraft): StepProblem | null {
  const step = (message: string | null): StepProblem | null => (message ? { message, field: null } : null);
  switch (draft.step) {
    case 'picked':
      if (!draft.picked) return step(M.REPORT_PICKED_REQUIRED);
      if (sameId(draft.banned, draft.picked)) return step(M.REPORT_PICKED_SAME_AS_BANNED);
      return null;
    case 'moves':
      return step(draft.move1 && draft.move2 ? null : T.movesRequired);
    case 'result':
      return step(draft.outcome ? null : T.resultRequired);
    case 'violation':
      return detailsProblem(draft);
    case 'invalid_player':
      return draft.invalidPlayer !== null ? detailsProblem(draft) : step(M.REPORT_INVALID_PLAYER_REQUIRED);
    default:
      return null;
  }
}

export function reportReducer(draft: ReportDraft, action: ReportAction): ReportDraft {
  switch (action.type) {
    case 'ban':
      return { ...draft, banned: action.id, error: null, errorField: null };
    case 'pick': {
      if (action.id === draft.picked) return { ...draft, error: null, errorField: null };
      // A new character: its moves start over; a slot with a single choice is chosen already.
      const moves = movesOf(action.id);
      return {
        ...draft,
        picked: action.id,
        move1: moves.slot1.length === 1 ? (moves.slot1[0] ?? '') : '',
        move2: moves.slot2.length === 1 ? (moves.slot2[0] ?? '') : '',
        error: null,
        errorField: null,
      };
    }
    case 'move':
      return { ...draft, [action.slot === 1 ? 'move1' : 'move2']: action.name, error: null, errorField: null };
    case 'outcome':
      if (!action.team) return { ...draft, error: T.teamUnknown, errorField: null };
      return { ...draft, outcome: action.outcome, error: null, errorField: null };
    case 'violation':
      return { ...draft, violation: action.userId, error: null, errorField: null };
    case 'invalidPlayer':
      return { ...draft, invalidPlayer: action.userId, error: null, errorField: null };
    case 'reason':
      return { ...draft, reason: action.reason, error: null, errorField: null };
    case 'note':
      // A note back within its limit clears the error it raised; typing does not clear another field's.
      return draft.errorField === 'note'
        ? { ...draft, note: action.note, error: null, errorField: null }
        : { ...draft, note: action.note };
    case 'evidence':
      return { ...draft, evidence: action.file };
    case 'invalid':
      return { ...draft, invalid: true, step: 'invalid_player', error: null, errorField: null };
    case 'next': {
      const problem = stepProblem(draft);
      if (problem) return { ...draft, error: problem.message, errorField: problem.field };
      const steps = stepsOf(draft);
      const step = steps[steps.indexOf(draft.step) + 1];
      return step ? { ...draft, step, error: null, errorField: null } : draft;
    }
    case 'back': {
      const steps = stepsOf(draft);
      const step = steps[steps.indexOf(draft.step) - 1];
      // Back from the invalid path's question returns to the normal path.
      return step
        ? { ...draft, step, invalid: draft.invalid && step !== 'banned', error: null, errorField: null }
        : draft;
    }
    case 'error':
      return { ...draft, error: action.message, errorField: null };
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

/**
 * The payload to send, checked with the shared schema, or the message to show. The reason and note go only with a
 * named player (the server refuses them otherwise); the screenshot's evidence_id is added once it is uploaded.
 */
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
    violation_report: namedPlayer(draft),
    violation_reason: namedPlayer(draft) ? draft.reason : '',
    violation_note: namedPlayer(draft) ? draft.note : '',
  });
  if (!parsed.success) return { ok: false, error: validationErrorOf(parsed.error.issues[0]).message };
  return { ok: true, report: parsed.data };
}
