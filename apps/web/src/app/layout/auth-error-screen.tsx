import { Icon } from '../../components/icon.tsx';
import { browser } from '../../lib/browser.ts';
import { COMMON_TEXTS } from '../../lib/texts.ts';

/** 401/403 or an expired session (spec §8): title 認証エラー, the message and a reload button. */
export function AuthErrorScreen() {
  return (
    <div
      className="auth-error"
      role="alertdialog"
      aria-labelledby="auth-error-title"
      aria-describedby="auth-error-text"
    >
      <div className="auth-error__card card">
        <Icon name="lock" size={40} className="auth-error__icon" />
        <h1 id="auth-error-title">{COMMON_TEXTS.authErrorTitle}</h1>
        <p id="auth-error-text">{COMMON_TEXTS.authErrorText}</p>
        <button type="button" className="button button--primary" onClick={() => browser.reload()}>
          {COMMON_TEXTS.reload}
        </button>
      </div>
    </div>
  );
}
