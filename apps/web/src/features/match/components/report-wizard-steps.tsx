import {
  banAssignments,
  type CurrentMatch,
  getCharacter,
  movesOf,
  VIOLATION_REASON_LABELS,
  VIOLATION_REASONS,
} from '@rankmatch/shared';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/avatar.tsx';
import { Notice } from '../../../components/notice.tsx';
import { EvidencePicker, NoteField, ReasonChoices } from '../../../components/trust-fields.tsx';
import { COMMON_TEXTS, TRUST_FIELD_TEXTS } from '../../../lib/texts.ts';
import { namedPlayer, otherPlayers, type ReportAction, type ReportDraft } from '../report-flow.ts';
import { MATCH_TEXTS as T } from '../texts.ts';
import { CharacterChooser } from './character-chooser.tsx';

type Team = 'A' | 'B' | null;
type Dispatch = (action: ReportAction) => void;

interface StepProps {
  draft: ReportDraft;
  dispatch: Dispatch;
}

/** One step: its question (focused when the step opens, it labels the step) and its controls. */
function StepFrame({ question, children }: { question: ReactNode; children: ReactNode }) {
  return (
    <section className="wizard__step" aria-labelledby="wizard-q">
      <p id="wizard-q" className="wizard__question" tabIndex={-1}>
        {question}
      </p>
      {children}
    </section>
  );
}

/** The confirm step's send button: what it calls and whether the report is on its way. */
interface Submit {
  onSubmit: () => void;
  pending: boolean;
}

/** The wizard's current step. */
export function WizardStep({
  draft,
  dispatch,
  match,
  userId,
  team,
  submit,
}: StepProps & { match: CurrentMatch; userId: string; team: Team; submit: Submit }) {
  switch (draft.step) {
    case 'banned':
      return <BannedStep draft={draft} dispatch={dispatch} match={match} userId={userId} team={team} />;
    case 'picked':
      return (
        <StepFrame question={T.pickedQuestion}>
          <CharacterChooser
            value={draft.picked}
            exclude={draft.banned}
            onChange={(id) => dispatch({ type: 'pick', id })}
          />
        </StepFrame>
      );
    case 'moves':
      return <MovesStep draft={draft} dispatch={dispatch} />;
    case 'result':
      return <ResultStep draft={draft} dispatch={dispatch} match={match} team={team} />;
    case 'violation':
    case 'invalid_player':
      return <PlayerStep draft={draft} dispatch={dispatch} match={match} userId={userId} />;
    case 'confirm':
      return <ConfirmStep draft={draft} match={match} submit={submit} />;
  }
}

/** The character the player's team banned (with the ban they were assigned), or the shortcut to an invalid match. */
function BannedStep({
  draft,
  dispatch,
  match,
  userId,
  team,
}: StepProps & { match: CurrentMatch; userId: string; team: Team }) {
  const myTeam = team === 'A' ? match.team_a : team === 'B' ? match.team_b : null;
  const ban = myTeam ? banAssignments(myTeam.players).get(userId) : undefined;
  return (
    <StepFrame question={T.bannedQuestion}>
      <Notice tone={ban ? 'info' : 'success'}>
        <p>{ban ? T.banAssignment(ban) : T.banNotAssigned}</p>
      </Notice>
      <CharacterChooser value={draft.banned} onChange={(id) => dispatch({ type: 'ban', id })} allowClear />
      <div className="wizard__shortcut">
        <button type="button" className="button button--danger-ghost" onClick={() => dispatch({ type: 'invalid' })}>
          {T.invalidShortcut}
        </button>
        <span className="field__hint">{T.invalidShortcutHint}</span>
      </div>
    </StepFrame>
  );
}

/** The picked character's two moves, one radio group per slot. */
function MovesStep({ draft, dispatch }: StepProps) {
  const moves = movesOf(draft.picked);
  const name = getCharacter(draft.picked)?.name_ja ?? draft.picked;
  return (
    <StepFrame question={T.movesQuestion(name)}>
      <div className="wizard__moves">
        {([1, 2] as const).map((slot) => (
          <fieldset key={slot} className="choice-group">
            <legend>{slot === 1 ? T.move1 : T.move2}</legend>
            {(slot === 1 ? moves.slot1 : moves.slot2).map((move) => (
              <label key={move} className="choice">
                <input
                  type="radio"
                  name={`move${slot}`}
                  value={move}
                  checked={(slot === 1 ? draft.move1 : draft.move2) === move}
                  onChange={() => dispatch({ type: 'move', slot, name: move })}
                />
                <span>{move}</span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </StepFrame>
  );
}

/** Win or lose, with the player's team named. */
function ResultStep({ draft, dispatch, match, team }: StepProps & { match: CurrentMatch; team: Team }) {
  return (
    <StepFrame question={T.resultQuestion}>
      {team && <p className="muted">{T.yourTeam(team === 'A' ? match.team_a.team_name : match.team_b.team_name)}</p>}
      <div className="wizard__outcomes">
        {(['win', 'lose'] as const).map((outcome) => (
          <button
            key={outcome}
            type="button"
            className={`outcome outcome--${outcome}`}
            aria-pressed={draft.outcome === outcome}
            onClick={() => dispatch({ type: 'outcome', outcome, team })}
          >
            {outcome === 'win' ? T.win : T.lose}
          </button>
        ))}
      </div>
    </StepFrame>
  );
}

/** One of the other players: who broke the rules (or nobody), or who made the match invalid. */
function PlayerStep({ draft, dispatch, match, userId }: StepProps & { match: CurrentMatch; userId: string }) {
  const violation = draft.step === 'violation';
  const value = violation ? draft.violation : draft.invalidPlayer;
  const choose = (id: string) =>
    dispatch(violation ? { type: 'violation', userId: id } : { type: 'invalidPlayer', userId: id });
  return (
    <StepFrame question={violation ? T.violationQuestion : T.invalidQuestion}>
      <fieldset className="choice-group choice-group--players" aria-labelledby="wizard-q">
        {/* Nobody: no violation to report, or an invalid match nobody caused (the game failed, a disconnect). */}
        <label className="choice">
          <input type="radio" name="player" checked={value === ''} onChange={() => choose('')} />
          <span>{violation ? T.noViolation : COMMON_TEXTS.noCulprit}</span>
        </label>
        {otherPlayers(match, userId).map((p) => {
          const name = p.trainer_name || p.discord_username || p.user_id;
          return (
            <label key={p.user_id} className="choice choice--player">
              <input
                type="radio"
                name="player"
                value={p.user_id}
                checked={value === p.user_id}
                onChange={() => choose(p.user_id)}
              />
              <Avatar url={p.discord_avatar_url} name={name} size={28} />
              <span className="choice__name">{name}</span>
              <small className={`team-tag team-tag--${p.team.toLowerCase()}`}>
                {p.team === 'A' ? match.team_a.team_name : match.team_b.team_name}
              </small>
            </label>
          );
        })}
      </fieldset>
      {namedPlayer(draft) !== '' && <ViolationDetails draft={draft} dispatch={dispatch} />}
    </StepFrame>
  );
}

/** Why the named player is reported (required), a note and a screenshot (optional). */
function ViolationDetails({ draft, dispatch }: StepProps) {
  return (
    <div className="wizard__details">
      <ReasonChoices
        legend={T.reasonLegend}
        reasons={VIOLATION_REASONS}
        labels={VIOLATION_REASON_LABELS}
        value={draft.reason}
        onChange={(reason) => dispatch({ type: 'reason', reason })}
        error={draft.errorField === 'reason' ? draft.error : null}
      />
      <NoteField
        value={draft.note}
        onChange={(note) => dispatch({ type: 'note', note })}
        error={draft.errorField === 'note' ? draft.error : null}
      />
      <EvidencePicker file={draft.evidence} onChange={(file) => dispatch({ type: 'evidence', file })} />
    </div>
  );
}

/** The confirm step's rows of a named player's reason, note and screenshot. */
function detailRows(draft: ReportDraft): [string, string][] {
  return [
    [T.confirmReason, draft.reason ? VIOLATION_REASON_LABELS[draft.reason] : COMMON_TEXTS.none],
    [T.confirmNote, draft.note.trim() || COMMON_TEXTS.none],
    [
      T.confirmEvidence,
      draft.evidence ? `${TRUST_FIELD_TEXTS.evidenceAttached}（${draft.evidence.name}）` : COMMON_TEXTS.none,
    ],
  ];
}

/** The answers to check before sending, and 報告する (in the step, away from where 次へ was). */
function ConfirmStep({ draft, match, submit }: { draft: ReportDraft; match: CurrentMatch; submit: Submit }) {
  const nameOf = (userId: string) => {
    const p = [...match.team_a.players, ...match.team_b.players].find((q) => q.user_id === userId);
    return p?.trainer_name || p?.discord_username || userId;
  };
  const character = (id: string) => (id ? (getCharacter(id)?.name_ja ?? id) : COMMON_TEXTS.none);
  const rows: [string, string][] = draft.invalid
    ? [
        [T.stepLabels.banned, character(draft.banned)],
        [T.stepLabels.result, T.outcomes.invalid],
        [T.stepLabels.invalid_player, draft.invalidPlayer ? nameOf(draft.invalidPlayer) : COMMON_TEXTS.noCulprit],
      ]
    : [
        [T.stepLabels.banned, character(draft.banned)],
        [T.stepLabels.picked, character(draft.picked)],
        [T.stepLabels.moves, `${draft.move1}・${draft.move2}`],
        [T.stepLabels.result, draft.outcome === 'win' ? T.win : T.lose],
        [T.stepLabels.violation, draft.violation ? nameOf(draft.violation) : T.noViolation],
      ];
  if (namedPlayer(draft) !== '') rows.push(...detailRows(draft));
  return (
    <StepFrame question={T.confirmQuestion}>
      <dl className="wizard__summary">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        className="button button--primary wizard__submit"
        onClick={submit.onSubmit}
        disabled={submit.pending}
      >
        {submit.pending ? T.submitting : draft.invalid ? T.submitInvalid : T.submit}
      </button>
    </StepFrame>
  );
}
