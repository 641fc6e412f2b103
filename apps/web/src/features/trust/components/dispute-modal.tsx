import {
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  type DisputeReason,
  VALIDATION_MESSAGES as M,
  TRUST_NOTE_MAX,
  visibleLength,
} from '@rankmatch/shared';
import { useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { EvidencePicker, NoteField, ReasonChoices } from '../../../components/trust-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useFileDispute } from '../api/match-trust.ts';
import { TRUST_TEXTS as T } from '../texts.ts';

type FieldError = { field: 'reason' | 'note'; message: string } | null;

/** What keeps the dispute from being sent (the shared schema's messages), or null. */
function disputeProblem(reason: DisputeReason | '', note: string): FieldError {
  if (reason === '') return { field: 'reason', message: M.DISPUTE_REASON_INVALID };
  if (visibleLength(note) > TRUST_NOTE_MAX) return { field: 'note', message: M.TRUST_NOTE_TOO_LONG };
  return null;
}

/** The dispute of a settled result: a reason, a note and a screenshot; closes once the server took it. */
export function DisputeModal({
  userId,
  matchId,
  onClose,
  onFiled,
}: {
  userId: string;
  matchId: string;
  onClose: () => void;
  onFiled: () => void;
}) {
  const [reason, setReason] = useState<DisputeReason | ''>('');
  const [note, setNote] = useState('');
  const [evidence, setEvidence] = useState<File | null>(null);
  const [problem, setProblem] = useState<FieldError>(null);
  const dispute = useFileDispute(userId, matchId);
  const disputeOnce = useSingleFlight(dispute);

  const submit = () => {
    const found = disputeProblem(reason, note);
    setProblem(found);
    if (found || reason === '') return;
    // No reset() first: a second click while the first is on its way would drop the first's onSuccess.
    disputeOnce({ input: { reason, note }, evidence }, { onSuccess: onFiled });
  };
  const serverError =
    dispute.error instanceof ApiError && dispute.error.code !== null
      ? dispute.error.message
      : dispute.error && T.failed;

  return (
    <Modal
      title={T.modalTitle}
      description={T.modalDescription(matchId)}
      onClose={onClose}
      footer={
        <>
          <span className="modal__footer-spacer" />
          <button type="button" className="button button--primary" onClick={submit} disabled={dispute.isPending}>
            {dispute.isPending ? T.submitting : T.submit}
          </button>
        </>
      }
    >
      <div className="form">
        <p className="field__hint">{T.modalLead}</p>
        <ReasonChoices
          legend={T.reasonLegend}
          reasons={DISPUTE_REASONS}
          labels={DISPUTE_REASON_LABELS}
          value={reason}
          onChange={(next) => {
            setReason(next);
            if (problem?.field === 'reason') setProblem(null);
          }}
          error={problem?.field === 'reason' ? problem.message : null}
        />
        <NoteField
          value={note}
          onChange={(next) => {
            setNote(next);
            if (problem?.field === 'note') setProblem(null);
          }}
          error={problem?.field === 'note' ? problem.message : null}
        />
        <EvidencePicker file={evidence} onChange={setEvidence} />
        {serverError && (
          <Notice tone="danger" live>
            <p>{serverError}</p>
          </Notice>
        )}
      </div>
    </Modal>
  );
}
