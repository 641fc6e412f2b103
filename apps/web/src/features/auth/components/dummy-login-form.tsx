import { type FormEvent, useId, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useDummyUsers } from '../../../lib/auth/dummy-users.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useDummyLogin } from '../api/dummy-login.ts';
import { AUTH_TEXTS as T } from '../texts.ts';

/** The test-account login: a dropdown of GET /api/auth/dummy/users, a password when required, a login button. */
export function DummyLoginForm({ passwordRequired }: { passwordRequired: boolean }) {
  const users = useDummyUsers(true);
  const login = useDummyLogin();
  const loginOnce = useSingleFlight(login);
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const selectId = useId();
  const passwordId = useId();

  if (users.isPending) return <Skeleton lines={2} label={T.dummyLoading} />;
  if (users.isError) return <Notice tone="warning">{T.dummyLoadFailed}</Notice>;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId) return;
    loginOnce({ user_id: userId, password: passwordRequired ? password : undefined });
  };

  return (
    <form className="form dummy-login" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={selectId} className="field__label">
          {T.dummySelect}
        </label>
        <select id={selectId} className="input" value={userId} onChange={(e) => setUserId(e.target.value)} required>
          <option value="">{T.dummyPlaceholder}</option>
          {users.data.dummy_users.map((u) => (
            <option key={u.user_id} value={u.user_id}>
              {T.dummyOption(u.trainer_name, u.user_id, u.rate)}
            </option>
          ))}
        </select>
      </div>
      {passwordRequired && (
        <div className="field">
          <label htmlFor={passwordId} className="field__label">
            {T.dummyPassword}
          </label>
          <input
            id={passwordId}
            className="input"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </div>
      )}
      {login.isError && (
        <Notice tone="danger" live>
          {login.error.message ? T.loginFailed(login.error.message) : T.loginFailedPlain}
        </Notice>
      )}
      <div>
        <button type="submit" className="button button--secondary" disabled={!userId || login.isPending}>
          {login.isPending ? T.signingIn : T.dummyButton}
        </button>
      </div>
    </form>
  );
}
