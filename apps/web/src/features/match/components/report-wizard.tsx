import { banAssignments, type CurrentMatch, getCharacter, movesOf } from '@rankmatch/shared';
import { type ReactNode, useEffect, useReducer, useRef } from 'react';
import { Avatar } from '../../../components/avatar.tsx';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useReportMatch } from '../api/report-match.ts';
import {
  buildReport,
  EMPTY_DRAFT,
  isLastStep,
  otherPlayers,
  type ReportAction,
  type ReportDraft,
  reportReducer,
  STEP_PROGRESS,
  stepsOf,
  teamOf,
} from '../report-flow.ts';
import { MATCH_TEXTS as T } from '../texts.ts';
import { CharacterChooser } from './character-chooser.tsx';

/** The match report wizard (spec §4 Report wizard), a modal loaded on demand. */
export default function ReportWizard({
  match,
  userId,
  onClose,
}: {
  match: CurrentMatch;
  userId: string;
  onClose: () => void;
}) {
  const [draft, dispatch] = useReducer(reportReducer, EMPTY_DRAFT);
  const report = useReportMatch(userId);
  const team = teamOf(match, userId);
  const steps = stepsOf(draft.step);
  const index = steps.indexOf(draft.step);
  const progress = STEP_PROGRESS[draft.step];

  // A new step replaces the buttons that had focus: move focus to its question, so keyboard and screen-reader
  // users continue from there (and Escape still reaches the dialog).
  const body = useRef<HTMLDivElement>(null);
  const shownStep = useRef(draft.step);
  useEffect(() => {
    if (shownStep.current === draft.step) return;
    shownStep.current = draft.step;
    body.current?.querySelector<HTMLElement>('.wizard__question')?.focus();
  }, [draft.step]);

  const submit = () => {
    const built = buildReport(draft, team);
    if (!built.ok) {
      dispatch({ type: 'error', message: built.error });
      return;
    }
    report.reset();
    report.mutate(
      { matchId: match.match_id, report: built.report },
      {
        onSuccess: () => {
          dispatch({ type: 'reset' });
          onClose();
        },
      },
    );
  };

  const serverError =
    report.error instanceof ApiError && report.error.code !== null
      ? report.error.message
      : report.error && T.reportFailed;
  const last = isLastStep(draft.step);

  return (
    <Modal
      title={T.wizardTitle}
      description={T.wizardDescription(match.match_id)}
      size="lg"
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="button"
            onClick={() => dispatch({ type: 'back' })}
            disabled={index === 0 || report.isPending}
          >
            {T.back}
          </button>
          <span className="modal__footer-spacer" />
          {last ? (
            <button type="button" className="button button--primary" onClick={submit} disabled={report.isPending}>
              {report.isPending ? T.submitting : draft.step === 'invalid_player' ? T.submitInvalid : T.submit}
            </button>
          ) : (
            <button type="button" className="button button--primary" onClick={() => dispatch({ type: 'next' })}>
              {T.next}
            </button>
          )}
        </>
      }
    >
      <div className="wizard" ref={body}>
        <div className="wizard__progress">
          <div className="wizard__progress-text">
            <span>{T.stepCounter(index + 1, steps.length)}</span>
            <strong>{T.stepLabels[draft.step]}</strong>
            <span className="wizard__percent">{progress}%</span>
          </div>
          <div
            className="wizard__bar"
            role="progressbar"
            aria-label={T.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <span style={{ width: `${progress}%` }} />
          </div>
        </div>

        <WizardStep draft={draft} dispatch={dispatch} match={match} userId={userId} team={team} />

        {draft.error && (
          <p className="field__error wizard__error" role="alert">
            {draft.error}
          </p>
        )}
        {serverError && (
          <Notice tone="danger" live>
            <p>{serverError}</p>
          </Notice>
        )}
      </div>
    </Modal>
  );
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

function WizardStep({
  draft,
  dispatch,
  match,
  userId,
  team,
}: {
  draft: ReportDraft;
  dispatch: (action: ReportAction) => void;
  match: CurrentMatch;
  userId: string;
  team: 'A' | 'B' | null;
}) {
  switch (draft.step) {
    case 'banned': {
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
    case 'moves': {
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
    case 'result':
      return (
        <StepFrame question={T.resultQuestion}>
          {team && (
            <p className="muted">{T.yourTeam(team === 'A' ? match.team_a.team_name : match.team_b.team_name)}</p>
          )}
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
    case 'violation':
    case 'invalid_player': {
      const violation = draft.step === 'violation';
      const value = violation ? draft.violation : draft.invalidPlayer;
      const choose = (id: string) =>
        dispatch(violation ? { type: 'violation', userId: id } : { type: 'invalidPlayer', userId: id });
      return (
        <StepFrame question={violation ? T.violationQuestion : T.invalidQuestion}>
          <fieldset className="choice-group choice-group--players" aria-labelledby="wizard-q">
            {violation && (
              <label className="choice">
                <input type="radio" name="player" checked={value === ''} onChange={() => choose('')} />
                <span>{T.noViolation}</span>
              </label>
            )}
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
        </StepFrame>
      );
    }
  }
}
