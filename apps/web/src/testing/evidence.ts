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
