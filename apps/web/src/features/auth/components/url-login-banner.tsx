import { Notice } from '../../../components/notice.tsx';
import { useUrlLogin } from '../hooks/use-url-login.ts';
import { AUTH_TEXTS as T } from '../texts.ts';

/** Runs the address sign-ins once and shows their progress or the server's error. */
export function UrlLoginBanner() {
  const { state, dismiss } = useUrlLogin();
  if (state.status === 'pending') {
    return (
      <div className="page-banner">
        <Notice tone="info" live title={T.callbackPending} />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="page-banner">
        <Notice tone="danger" live title={T.callbackFailedTitle}>
          <p>{state.message}</p>
          <button type="button" className="button button--ghost button--small" onClick={dismiss}>
            {T.dismiss}
          </button>
        </Notice>
      </div>
    );
  }
  return null;
}
