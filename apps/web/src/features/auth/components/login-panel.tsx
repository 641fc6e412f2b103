import { Link, useLocation } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { browser } from '../../../lib/browser.ts';
import { useProviders } from '../api/get-providers.ts';
import { AUTH_TEXTS as T } from '../texts.ts';
import { DummyLoginForm } from './dummy-login-form.tsx';
import './login-panel.css';

/** Where the Discord button sends the browser (a full page navigation); Discord comes back to /auth/callback. */
export function discordAuthorizeUrl(returnTo: string): string {
  return `/api/auth/discord/authorize?return_to=${encodeURIComponent(returnTo)}`;
}

/** The logged-out my page: Discord login, the test-account dropdown and the privacy link. */
export function LoginPanel() {
  const providers = useProviders();
  const location = useLocation();
  const discordEnabled = providers.data?.discord === true;

  return (
    <div className="login-panel">
      <section className="card login-card" aria-labelledby="login-title">
        <h2 id="login-title" className="card__title">
          {T.loginTitle}
        </h2>
        <p className="login-card__lead">{T.loginLead}</p>
        {providers.isPending ? (
          <Skeleton lines={1} />
        ) : (
          <>
            <button
              type="button"
              className="button button--discord button--large"
              disabled={!discordEnabled}
              aria-describedby={discordEnabled ? undefined : 'discord-unavailable'}
              onClick={() => browser.assign(discordAuthorizeUrl(`${location.pathname}${location.search}`))}
            >
              <DiscordMark />
              {T.discordButton}
            </button>
            {!discordEnabled && (
              <p id="discord-unavailable" className="field__hint login-card__note">
                {T.discordUnavailable}
              </p>
            )}
          </>
        )}
        <p className="login-card__privacy">
          {T.privacyNote}
          <Link to="/privacy">{T.privacyLink}</Link>
          {T.privacyNoteEnd}
        </p>
      </section>
      {providers.data?.dummy && (
        <section className="card" aria-labelledby="dummy-title">
          <h2 id="dummy-title" className="card__title">
            {T.dummyTitle}
          </h2>
          <p className="muted">{T.dummyLead}</p>
          <DummyLoginForm passwordRequired={providers.data.dummy_password_required} />
        </section>
      )}
      {providers.isError && <Notice tone="warning">{providers.error.message}</Notice>}
    </div>
  );
}

function DiscordMark() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="currentColor">
      <path d="M20.3 4.4A19.6 19.6 0 0 0 15.4 3l-.6 1.3a18.2 18.2 0 0 0-5.6 0L8.6 3a19.5 19.5 0 0 0-4.9 1.5C.6 9.1-.3 13.7.1 18.2A19.8 19.8 0 0 0 6.1 21l1.3-2.1a12.8 12.8 0 0 1-2-1l.5-.4a14 14 0 0 0 12.2 0l.5.4c-.6.4-1.3.7-2 1l1.3 2.1a19.7 19.7 0 0 0 6-2.8c.5-5.3-.8-9.8-3.6-13.8ZM8 15.4c-1.2 0-2.2-1.1-2.2-2.4S6.8 10.6 8 10.6s2.2 1.1 2.2 2.4-1 2.4-2.2 2.4Zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4Z" />
    </svg>
  );
}
