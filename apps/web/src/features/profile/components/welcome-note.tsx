import { Notice } from '../../../components/notice.tsx';
import { PROFILE_TEXTS as T } from '../texts.ts';

/** Asks for a trainer name while it is missing. */
export function WelcomeNote({ onSetName }: { onSetName: () => void }) {
  return (
    <Notice tone="info" title={T.welcomeTitle}>
      <p>{T.welcomeText}</p>
      <button type="button" className="button button--primary button--small" onClick={onSetName}>
        {T.welcomeButton}
      </button>
    </Notice>
  );
}

/** Shown when the user record could not be created. */
export function UserCreationPrompt({ error, onRetry, busy }: { error: string; onRetry: () => void; busy: boolean }) {
  return (
    <section className="card" aria-labelledby="creation-title">
      <h2 id="creation-title" className="card__title">
        {T.creationTitle}
      </h2>
      <p>{T.creationText}</p>
      <p className="text-danger">{error}</p>
      <button type="button" className="button button--primary" onClick={onRetry} disabled={busy}>
        {T.creationButton}
      </button>
    </section>
  );
}
