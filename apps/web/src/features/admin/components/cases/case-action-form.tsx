import {
  CASE_ACTIONS,
  type CaseAction,
  type CaseDetail,
  type CaseKind,
  ERRORS,
  hasVisibleCharacter,
  VALIDATION_MESSAGES as M,
  SUSPENSION_DURATION_KEYS,
  SUSPENSION_DURATION_LABELS,
  type SuspensionDuration,
  TRUST_NOTE_MAX,
  visibleLength,
} from '@rankmatch/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { NoteField } from '../../../../components/trust-fields.tsx';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useActOnCase } from '../../api/act-on-case.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import type { NameOf } from './case-detail.tsx';

const T = ADMIN_TEXTS.cases;

// The server's rules of which action fits which case (trust/actions.ts), so that only those are offered.
const MATCH_KINDS: readonly CaseKind[] = ['dispute', 'contradicted', 'held'];
const MATCH_ACTIONS: readonly CaseAction[] = ['uphold', 'correct', 'void'];
const PLAYER_ACTIONS: readonly CaseAction[] = ['warn', 'suspend', 'penalty_add', 'penalty_remove'];

function actionsFor(detail: CaseDetail): CaseAction[] {
  const onMatch = detail.match !== null && MATCH_KINDS.includes(detail.case.kind);
  const refundable = refundChoices(detail).length > 0;
  return CASE_ACTIONS.filter(
    (a) =>
      (!MATCH_ACTIONS.includes(a) || onMatch) &&
      (!PLAYER_ACTIONS.includes(a) || detail.players.length > 0) &&
      (a !== 'refund' || refundable),
  );
}

/** 途中離脱・放置を認め返還: the named players (and matches) not confirmed yet. */
const refundChoices = (detail: CaseDetail) => detail.refund_options.filter((o) => !o.confirmed);
const refundKey = (o: { match_id: string; user_id: string }) => `${o.match_id}:${o.user_id}`;

interface Draft {
  action: CaseAction | '';
  winner: 'A' | 'B' | '';
  userId: string;
  /** suspend: for how long (the note is the reason the player reads). */
  duration: SuspensionDuration | '';
  /** refund: the chosen option (match:user). */
  refund: string;
  note: string;
}

type Problem = { field: 'action' | 'winner' | 'user' | 'duration' | 'refund' | 'note'; message: string } | null;

/** What keeps the action from being sent (the catalogue's and the schema's messages). */
function problemOf(draft: Draft): Problem {
  if (draft.action === '') return { field: 'action', message: M.CASE_ACTION_INVALID };
  if (draft.action === 'correct' && draft.winner === '') {
    return { field: 'winner', message: ERRORS.CASE_WINNER_REQUIRED.message };
  }
  if (PLAYER_ACTIONS.includes(draft.action) && draft.userId === '') {
    return { field: 'user', message: ERRORS.CASE_USER_REQUIRED.message };
  }
  if (draft.action === 'suspend' && draft.duration === '') {
    return { field: 'duration', message: M.SUSPENSION_DURATION_INVALID };
  }
  if (draft.action === 'suspend' && !hasVisibleCharacter(draft.note)) {
    return { field: 'note', message: M.SANCTION_REASON_REQUIRED };
  }
  if (draft.action === 'refund' && draft.refund === '') {
    return { field: 'refund', message: ERRORS.REFUND_NO_LEAVE_REPORT.message };
  }
  if (visibleLength(draft.note) > TRUST_NOTE_MAX) return { field: 'note', message: M.TRUST_NOTE_TOO_LONG };
  return null;
}

/** The action that closes the case, after a confirmation; the list reloads once it is done. */
export function CaseActionForm({ detail, nameOf }: { detail: CaseDetail; nameOf: NameOf }) {
  const [draft, setDraft] = useState<Draft>({ action: '', winner: '', userId: '', duration: '', refund: '', note: '' });
  const [problem, setProblem] = useState<Problem>(null);
  const act = useActOnCase();
  const actOnce = useSingleFlight(act);
  const confirm = useConfirm();
  const caseId = detail.case.case_id;
  const update = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblem(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(draft);
    setProblem(found);
    if (found || draft.action === '') return;
    const action = draft.action;
    const refund = detail.refund_options.find((o) => refundKey(o) === draft.refund);
    const target =
      action === 'correct'
        ? T.winnerOption(draft.winner as 'A' | 'B')
        : action === 'suspend' && draft.duration !== ''
          ? `${nameOf(draft.userId)}・${SUSPENSION_DURATION_LABELS[draft.duration]}`
          : PLAYER_ACTIONS.includes(action)
            ? nameOf(draft.userId)
            : action === 'refund' && refund
              ? T.refundOption(nameOf(refund.user_id), refund.match_id, refund.reports)
              : '';
    const yes = await confirm.ask({
      title: T.confirmTitle(caseId),
      message: T.confirmText(T.actionLabels[action], target ? `（${target}）` : ''),
      confirmLabel: T.confirmButton,
    });
    if (!yes) return;
    actOnce({
      caseId,
      input: {
        action,
        note: draft.note,
        ...(action === 'correct' && { winner: draft.winner as 'A' | 'B' }),
        ...(PLAYER_ACTIONS.includes(action) && { user_id: draft.userId }),
        ...(action === 'suspend' && draft.duration !== '' && { duration: draft.duration }),
        ...(action === 'refund' && refund && { user_id: refund.user_id, match_id: refund.match_id }),
      },
    });
  };

  return (
    <section className="admin-case-actions" aria-labelledby="admin-case-actions-title">
      <h3 id="admin-case-actions-title" className="admin-match__heading">
        {T.actionsTitle}
      </h3>
      <p className="field__hint">{T.actionsText}</p>
      <form onSubmit={onSubmit} className="form" noValidate>
        <ActionFields detail={detail} draft={draft} update={update} problem={problem} nameOf={nameOf} />
        <div>
          <button type="submit" className="button button--primary" disabled={act.isPending}>
            {act.isPending ? T.submitting : T.submit}
          </button>
        </div>
      </form>
      {act.isError && (
        <Notice tone="danger" title={T.failed} live>
          <p>{act.error.message}</p>
        </Notice>
      )}
      {confirm.dialog}
    </section>
  );
}

/** The action (only those that fit the case), the winning team or the player it needs, and the note. */
function ActionFields({
  detail,
  draft,
  update,
  problem,
  nameOf,
}: {
  detail: CaseDetail;
  draft: Draft;
  update: (patch: Partial<Draft>) => void;
  problem: Problem;
  nameOf: NameOf;
}) {
  const id = useId();
  const errorOf = (field: NonNullable<Problem>['field']) =>
    problem?.field === field ? (
      <p id={`${id}-${field}-error`} className="field__error" role="alert">
        {problem.message}
      </p>
    ) : null;
  const needsPlayer = draft.action !== '' && PLAYER_ACTIONS.includes(draft.action);
  return (
    <>
      <fieldset className="admin-checks">
        <legend className="field__label">{T.actionLabel}</legend>
        {actionsFor(detail).map((a) => (
          <label key={a} className="admin-check">
            <input
              type="radio"
              name={`${id}-action`}
              value={a}
              checked={draft.action === a}
              onChange={() => update({ action: a })}
            />
            {T.actionLabels[a]}
          </label>
        ))}
        {errorOf('action')}
      </fieldset>
      {draft.action === 'correct' && <WinnerChoice id={id} draft={draft} update={update} error={errorOf('winner')} />}
      {needsPlayer && (
        <PlayerChoice id={id} detail={detail} draft={draft} update={update} error={errorOf('user')} nameOf={nameOf} />
      )}
      {draft.action === 'suspend' && (
        <DurationChoice id={id} draft={draft} update={update} error={errorOf('duration')} />
      )}
      {draft.action === 'refund' && (
        <RefundChoice id={id} detail={detail} draft={draft} update={update} error={errorOf('refund')} nameOf={nameOf} />
      )}
      <NoteField
        label={T.actionNote}
        hint={T.actionNoteHint}
        value={draft.note}
        onChange={(note) => update({ note })}
        error={problem?.field === 'note' ? problem.message : null}
      />
    </>
  );
}

type ChoiceProps = { id: string; draft: Draft; update: (patch: Partial<Draft>) => void; error: ReactNode };

/** 結果を訂正: the team that should have won. */
function WinnerChoice({ id, draft, update, error }: ChoiceProps) {
  return (
    <fieldset className="admin-checks">
      <legend className="field__label">{T.winnerLabel}</legend>
      {(['A', 'B'] as const).map((team) => (
        <label key={team} className="admin-check">
          <input
            type="radio"
            name={`${id}-winner`}
            value={team}
            checked={draft.winner === team}
            onChange={() => update({ winner: team })}
          />
          {T.winnerOption(team)}
        </label>
      ))}
      {error}
    </fieldset>
  );
}

/** マッチング停止: for how long. */
function DurationChoice({ id, draft, update, error }: ChoiceProps) {
  return (
    <div className="field">
      <label htmlFor={`${id}-duration`} className="field__label">
        {T.durationLabel}
      </label>
      <select
        id={`${id}-duration`}
        className="input"
        value={draft.duration}
        onChange={(e) => update({ duration: SUSPENSION_DURATION_KEYS.find((d) => d === e.target.value) ?? '' })}
        aria-invalid={error ? true : undefined}
      >
        <option value="">{T.durationPlaceholder}</option>
        {SUSPENSION_DURATION_KEYS.map((d) => (
          <option key={d} value={d}>
            {SUSPENSION_DURATION_LABELS[d]}
          </option>
        ))}
      </select>
      {error}
    </div>
  );
}

/** 警告, マッチング停止 and ペナルティ ±1: one of the case's players. */
function PlayerChoice({
  id,
  detail,
  draft,
  update,
  error,
  nameOf,
}: ChoiceProps & { detail: CaseDetail; nameOf: NameOf }) {
  return (
    <div className="field">
      <label htmlFor={`${id}-user`} className="field__label">
        {T.userLabel}
      </label>
      <select
        id={`${id}-user`}
        className="input"
        value={draft.userId}
        onChange={(e) => update({ userId: e.target.value })}
        aria-invalid={error ? true : undefined}
      >
        <option value="">{T.userPlaceholder}</option>
        {detail.players.map((p) => (
          <option key={p.user_id} value={p.user_id}>
            {nameOf(p.user_id)}（{p.user_id}）
          </option>
        ))}
      </select>
      {error}
    </div>
  );
}

/** 途中離脱・放置を認め返還: which named player, in which of the case's matches. */
function RefundChoice({
  id,
  detail,
  draft,
  update,
  error,
  nameOf,
}: ChoiceProps & { detail: CaseDetail; nameOf: NameOf }) {
  return (
    <div className="field">
      <label htmlFor={`${id}-refund`} className="field__label">
        {T.refundLabel}
      </label>
      <select
        id={`${id}-refund`}
        className="input"
        value={draft.refund}
        onChange={(e) => update({ refund: e.target.value })}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-refund-hint`}
      >
        <option value="">{T.refundPlaceholder}</option>
        {refundChoices(detail).map((o) => (
          <option key={refundKey(o)} value={refundKey(o)}>
            {T.refundOption(nameOf(o.user_id), o.match_id, o.reports)}
          </option>
        ))}
      </select>
      <p id={`${id}-refund-hint`} className="field__hint">
        {T.refundHint}
      </p>
      {error}
    </div>
  );
}
