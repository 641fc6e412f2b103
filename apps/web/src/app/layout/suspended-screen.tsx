import { ERRORS } from '@rankmatch/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/icon.tsx';
import { leaveSuspended } from '../../lib/auth/auth-error.ts';
import { useDocumentTitle } from '../../lib/page-meta.ts';
import { APP_TEXTS } from '../texts.ts';

const T = APP_TEXTS.suspended;

/**
 * The one state a banned player sees (the server's BANNED, over HTTP or the socket): what happened and the way back
 * to the site as a visitor. No retry: the answer would be the same. It replaces a page the player may have scrolled
 * far down (a phone then showed only the button): the page goes back to its top.
 */
export function SuspendedScreen() {
  useDocumentTitle(ERRORS.BANNED.message);
  useEffect(() => window.scrollTo(0, 0), []);
  return (
    <section className="auth-error" role="alert" aria-labelledby="suspended-title">
      <div className="auth-error__card card">
        <Icon name="lock" size={40} className="auth-error__icon" />
        <h1 id="suspended-title">{ERRORS.BANNED.message}</h1>
        <p>{T.text}</p>
        <p className="muted">{T.contact}</p>
        <Link className="button button--primary" to="/" onClick={leaveSuspended}>
          {T.home}
        </Link>
      </div>
    </section>
  );
}
