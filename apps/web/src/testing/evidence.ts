import type { Dispute, MatchTrust } from '@rankmatch/shared';

// Screenshot files for the tests of reports and disputes (issue 34).

/** A file of the given type and size (its bytes are zeros: the fake server does not decode them). */
export function imageFile(name = 'shot.png', type = 'image/png', size = 2048): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** The reply of POST /api/evidence. */
export const evidenceReply = (evidenceId = 7) => ({ evidence_id: evidenceId, width: 1280, height: 720, bytes: 51_200 });

/** A stored screenshot as GET /api/evidence/:id answers it. */
export const evidenceImage = () =>
  new Response(new Uint8Array([82, 73, 70, 70]), { status: 200, headers: { 'content-type': 'image/webp' } });

/** A player's trust view of match 42 (GET /api/matches/42/trust): may still dispute until the given time. */
export function buildMatchTrust(overrides: Partial<MatchTrust> = {}): MatchTrust {
  return { match_id: '42', disputed: false, dispute_until: 1_717_287_600, mine: null, ...overrides };
}

/** dummy_02's dispute of match 42. */
export function buildDispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    dispute_id: 3,
    match_id: '42',
    user_id: 'dummy_02',
    reason: 'wrong_result',
    note: '',
    evidence_id: null,
    status: 'open',
    created_at: 1_717_202_000,
    resolved_at: null,
    resolution_note: '',
    ...overrides,
  };
}
