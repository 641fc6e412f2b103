import { DISPUTE_REASON_LABELS, DISPUTE_STATUS_LABELS, type Dispute, formatDateTime } from '@rankmatch/shared';
import { useState } from 'react';
import { EvidenceThumb } from '../../../components/evidence-thumb.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { useMatchTrust } from '../api/match-trust.ts';
import { TRUST_TEXTS as T } from '../texts.ts';
import { DisputeModal } from './dispute-modal.tsx';
import './trust.css';

/**
 * A settled match's disputes as its signed-in players see them: 異議申し立て中 while one is open, the button to file
 * one while the caller still may (until when), and the caller's own dispute with its outcome. Nothing for visitors
 * and other players (the public match page is the same for everyone; this is a call of its own).
 */
export function MatchTrustPanel({ matchId, playerIds }: { matchId: string; playerIds: readonly string[] }) {
  const session = useSession();
  const userId = session && playerIds.includes(session.user.user_id) ? session.user.user_id : null;
  const trust = useMatchTrust(userId, matchId);
  const [filing, setFiling] = useState(false);
  const [filed, setFiled] = useState(false);

  if (!userId || trust.isPending) return null;
  if (trust.isError) {
    return (
      <Notice tone="danger" title={T.loadFailed}>
        <p>{trust.error.message}</p>
      </Notice>
    );
  }
  const { disputed, dispute_until, mine } = trust.data;
  if (!disputed && dispute_until === null && mine === null) return null;
  return (
    <section className="card trust-panel" aria-label={T.panelLabel}>
      {disputed && (
        <p className="trust-panel__disputed">
          <strong className="trust-mark">{DISPUTE_STATUS_LABELS.open}</strong> {T.disputedNote}
        </p>
      )}
      {filed && (
        <Notice tone="success" live>
          <p>{T.filed}</p>
        </Notice>
      )}
      {mine && <MyDispute dispute={mine} />}
      {dispute_until !== null && (
        <div className="trust-panel__file">
          <p className="field__hint">{T.disputeUntil(formatDateTime(dispute_until))}</p>
          <button type="button" className="button button--secondary" onClick={() => setFiling(true)}>
            {T.disputeOpen}
          </button>
        </div>
      )}
      {filing && (
        <DisputeModal
          userId={userId}
          matchId={matchId}
          onClose={() => setFiling(false)}
          onFiled={() => {
            setFiling(false);
            setFiled(true);
          }}
        />
      )}
    </section>
  );
}

/** The caller's dispute: reason, note, screenshot, and once resolved the outcome with the admin's comment. */
function MyDispute({ dispute }: { dispute: Dispute }) {
  return (
    <div className="trust-panel__mine">
      <h2 className="trust-panel__title">{T.mineTitle}</h2>
      <dl className="trust-facts">
        <div>
          <dt>{T.mineStatus}</dt>
          <dd>
            <span className={`trust-mark trust-mark--${dispute.status}`}>{DISPUTE_STATUS_LABELS[dispute.status]}</span>
          </dd>
        </div>
        <div>
          <dt>{T.mineReason}</dt>
          <dd>{DISPUTE_REASON_LABELS[dispute.reason]}</dd>
        </div>
        {dispute.note && (
          <div>
            <dt>{T.mineNote}</dt>
            <dd>{dispute.note}</dd>
          </div>
        )}
        <div>
          <dt>{T.mineFiled}</dt>
          <dd>{formatDateTime(dispute.created_at)}</dd>
        </div>
        {dispute.resolved_at !== null && (
          <div>
            <dt>{T.mineResolved}</dt>
            <dd>{formatDateTime(dispute.resolved_at)}</dd>
          </div>
        )}
        {dispute.resolution_note && (
          <div>
            <dt>{T.resolutionNote}</dt>
            <dd>{dispute.resolution_note}</dd>
          </div>
        )}
        {dispute.evidence_id !== null && (
          <div>
            <dt>{T.mineScreenshot}</dt>
            <dd>
              <EvidenceThumb evidenceId={dispute.evidence_id} number={1} />
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
