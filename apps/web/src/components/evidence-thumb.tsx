import { useState } from 'react';
import { useEvidenceImage, useObjectUrl } from '../lib/evidence.ts';
import { TRUST_FIELD_TEXTS as T } from '../lib/texts.ts';
import { Modal } from './modal.tsx';
import './trust-fields.css';

/**
 * A stored screenshot as a small thumbnail that opens full size in a dialog. The image is behind the session's token,
 * so it is read with the API client into a blob URL (an <img src> to the API would be refused).
 */
export function EvidenceThumb({ evidenceId, number }: { evidenceId: number; number: number }) {
  const image = useEvidenceImage(evidenceId);
  const url = useObjectUrl(image.data);
  const [open, setOpen] = useState(false);

  if (image.isError) return <span className="field__error">{T.evidenceLoadFailed}</span>;
  if (!url) {
    return (
      <span className="muted" role="status">
        {T.evidenceLoading}
      </span>
    );
  }
  return (
    <>
      <button
        type="button"
        className="evidence-thumb"
        onClick={() => setOpen(true)}
        aria-label={T.evidenceOpen(number)}
      >
        <img src={url} alt="" />
      </button>
      {open && (
        <Modal title={T.evidenceTitle(number)} onClose={() => setOpen(false)} size="lg">
          <img className="evidence-full" src={url} alt={T.evidenceTitle(number)} />
        </Modal>
      )}
    </>
  );
}
