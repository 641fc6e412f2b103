import { ERRORS, EVIDENCE_MAX_BYTES, EVIDENCE_TYPES, type EvidenceReply, evidenceReplySchema } from '@rankmatch/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiBlob, apiData } from './api-client.ts';

// Screenshots of a violation report or a dispute (issue 34). The server re-encodes and keeps them; the browser checks
// type and size first only so that a player does not wait for an upload the server would refuse (its own words).

/** The catalogue's message for a file the server would refuse by its type or size, or null. */
export function evidenceFileError(file: File): string | null {
  if (!(EVIDENCE_TYPES as readonly string[]).includes(file.type)) return ERRORS.EVIDENCE_NOT_IMAGE.message;
  if (file.size > EVIDENCE_MAX_BYTES) return ERRORS.EVIDENCE_TOO_LARGE.message;
  return null;
}

/** POST /api/evidence?match_id=… with the image's bytes → the stored screenshot. */
export const uploadEvidence = (matchId: string, file: File): Promise<EvidenceReply> =>
  apiData(`/api/evidence?match_id=${encodeURIComponent(matchId)}`, {
    method: 'POST',
    body: file,
    schema: evidenceReplySchema,
    authErrorScreen: 'unauthorized',
  });

/**
 * Uploads a file once: a report or dispute that failed after its upload is sent again with the same evidence_id
 * (each upload counts toward the per-player and per-match limits).
 */
export function useEvidenceUploader(): (matchId: string, file: File) => Promise<number> {
  const uploaded = useRef(new WeakMap<File, number>());
  return async (matchId, file) => {
    const known = uploaded.current.get(file);
    if (known !== undefined) return known;
    const { evidence_id } = await uploadEvidence(matchId, file);
    uploaded.current.set(file, evidence_id);
    return evidence_id;
  };
}

/** An object URL of a Blob or File while the component shows it (revoked afterwards). */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** GET /api/evidence/{id} (its uploader or an admin) as a Blob; a screenshot never changes. */
export function useEvidenceImage(evidenceId: number, enabled = true) {
  return useQuery({
    queryKey: ['evidence', evidenceId],
    queryFn: ({ signal }) => apiBlob(`/api/evidence/${evidenceId}`, { authErrorScreen: 'unauthorized', signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
