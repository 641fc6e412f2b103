import type { CurrentMatch } from '@rankmatch/shared';
import { useEffect, useReducer, useRef } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useReportMatch } from '../api/report-match.ts';
import {
  buildReport,
  EMPTY_DRAFT,
  namedPlayer,
  type ReportAction,
  type ReportDraft,
  type ReportStep,
  reportReducer,
  STEP_PROGRESS,
  stepsOf,
  teamOf,
} from '../report-flow.ts';
import { MATCH_TEXTS as T } from '../texts.ts';
import { WizardStep } from './report-wizard-steps.tsx';

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
  const team = teamOf(match, userId);
  const { submit, report, serverError } = useReportSubmit(match, userId, draft, dispatch, onClose);
  const steps = stepsOf(draft);
  const index = steps.indexOf(draft.step);
  const body = useStepFocus(draft.step);

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
          {/* On the confirm step 報告する is in the step, under the answers: a tap meant for 次へ lands on nothing. */}
          {draft.step !== 'confirm' && (
            <button type="button" className="button button--primary" onClick={() => dispatch({ type: 'next' })}>
              {T.next}
            </button>
          )}
        </>
      }
    >
      <div className="wizard" ref={body}>
        <WizardProgress step={draft.step} index={index} total={steps.length} />
        <WizardStep
          draft={draft}
          dispatch={dispatch}
          match={match}
          userId={userId}
          team={team}
          submit={{ onSubmit: submit, pending: report.isPending }}
        />
        {/* A field's own error is shown under it (the step marks the field); this is the step's. */}
        {draft.error && !draft.errorField && (
          <p className="field__error wizard__error" role="alert">
            {draft.error}
          </p>
        )}
        {report.isPending && draft.evidence && namedPlayer(draft) && (
          <p className="muted" role="status">
            {T.uploading}
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

/**
 * A new step replaces the buttons that had focus: move focus to its question, so keyboard and screen-reader users
 * continue from there (and Escape still reaches the dialog). Returns the ref of the element holding the steps.
 */
function useStepFocus(step: ReportStep) {
  const body = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    body.current?.querySelector<HTMLElement>('.wizard__question')?.focus();
  }, [step]);
  return body;
}

/**
 * Sends the finished draft (a draft the server would refuse shows its error on the step instead) and closes on
 * success; serverError is the server's own message, or a general one when the request failed without a code.
 */
function useReportSubmit(
  match: CurrentMatch,
  userId: string,
  draft: ReportDraft,
  dispatch: (action: ReportAction) => void,
  onClose: () => void,
) {
  const report = useReportMatch(userId);
  const reportOnce = useSingleFlight(report);
  const submit = () => {
    const built = buildReport(draft, teamOf(match, userId));
    if (!built.ok) {
      dispatch({ type: 'error', message: built.error });
      return;
    }
    // No reset() first: mutate clears the last error itself, and a reset during a second click of a double click
    // dropped the first call's onSuccess (the wizard stayed open over a sent report).
    reportOnce(
      // The screenshot goes only with a named player (as the reason and the note).
      { matchId: match.match_id, report: built.report, evidence: namedPlayer(draft) ? draft.evidence : null },
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
  return { submit, report, serverError };
}

/** Step n of m, the step's name and the share done, as text and as a bar. */
function WizardProgress({ step, index, total }: { step: ReportStep; index: number; total: number }) {
  const progress = STEP_PROGRESS[step];
  return (
    <div className="wizard__progress">
      <div className="wizard__progress-text">
        <span>{T.stepCounter(index + 1, total)}</span>
        <strong>{T.stepLabels[step]}</strong>
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
  );
}
