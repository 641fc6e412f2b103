import { type CurrentMatch, lobbyUpdateSchema, type MatchPlayer, nextHost, validationErrorOf } from '@rankmatch/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatCountdown } from '../../../lib/format.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useTransferHost } from '../api/transfer-host.ts';
import { useUpdateLobby } from '../api/update-lobby.ts';
import { MATCH_TEXTS as T } from '../texts.ts';
import { matchPhase } from './lobby-timer.tsx';

export const playerName = (p: Pick<MatchPlayer, 'trainer_name' | 'discord_username' | 'user_id'>) =>
  p.trainer_name || p.discord_username || p.user_id;

/** Host hand-over order: team A's players, then team B's. */
export const hostOrder = (match: CurrentMatch) => [
  ...match.team_a.players.map((p) => p.user_id),
  ...match.team_b.players.map((p) => p.user_id),
];

/** The lobby number (form for the host, copy button for the others) and the host hand-over / take-over. */
export function LobbyPanel({ match, userId, now }: { match: CurrentMatch; userId: string; now: number }) {
  const players = [...match.team_a.players, ...match.team_b.players];
  const host = players.find((p) => p.user_id === match.host_user_id);
  const isHost = match.host_user_id === userId;
  const transfer = useTransferHost(userId);

  return (
    <section className="card lobby-panel" aria-labelledby="lobby-title">
      <h3 id="lobby-title" className="card__title">
        <Icon name="key" className="card__title-icon" />
        {T.lobbyTitle}
      </h3>
      <p className="lobby-panel__host">
        <Icon name="crown" size={16} className="host-icon" />
        {T.currentHost}: <strong>{host ? playerName(host) : T.noHost}</strong>
        {isHost && <span className="me-chip">{T.you}</span>}
      </p>

      {isHost ? (
        <LobbyForm key={match.lobby_id ?? 'none'} match={match} userId={userId} />
      ) : match.lobby_id ? (
        <LobbyNumber lobbyId={match.lobby_id} />
      ) : (
        <p className="lobby-panel__waiting">{T.lobbyWaitingHost(host ? playerName(host) : T.noHost)}</p>
      )}
      {isHost && match.lobby_id && <LobbyNumber lobbyId={match.lobby_id} />}

      <HostTransfer match={match} userId={userId} now={now} players={players} transfer={transfer} />
      {transfer.error && (
        <Notice tone="danger" live>
          <p>{transfer.error.message}</p>
        </Notice>
      )}
    </section>
  );
}

function LobbyNumber({ lobbyId }: { lobbyId: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(lobbyId);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="lobby-number">
      <span className="lobby-number__label">{T.lobbyNumber}</span>
      <span className="lobby-number__value" data-testid="lobby-number">
        {lobbyId}
      </span>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={copy}
        aria-label={T.copyLabel(lobbyId)}
      >
        <Icon name={copied ? 'check' : 'copy'} size={16} />
        {copied ? T.copied : T.copy}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? T.copied : ''}
      </span>
    </div>
  );
}

function LobbyForm({ match, userId }: { match: CurrentMatch; userId: string }) {
  const [value, setValue] = useState(match.lobby_id ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateLobby(userId);
  const updateOnce = useSingleFlight(update);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = lobbyUpdateSchema.safeParse({ lobby_id: value });
    if (!parsed.success) {
      setError(validationErrorOf(parsed.error.issues[0]).message);
      return;
    }
    setError(null);
    updateOnce({ lobby_id: parsed.data.lobby_id });
  };

  return (
    <form className="lobby-form" onSubmit={submit} noValidate>
      {!match.lobby_id && <p className="field__hint">{T.lobbyHostHint}</p>}
      <div className="field">
        <label className="field__label" htmlFor="lobby-id">
          {T.lobbyInput}
        </label>
        <div className="lobby-form__row">
          <input
            id="lobby-id"
            className="input lobby-form__input"
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            placeholder={T.lobbyPlaceholder}
            value={value}
            onChange={(e) => setValue(e.target.value.normalize('NFKC').replace(/\D/g, ''))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'lobby-id-error' : undefined}
          />
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {update.isPending ? T.lobbySaving : match.lobby_id ? T.lobbyUpdate : T.lobbySave}
          </button>
        </div>
        {error && (
          <p id="lobby-id-error" className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      {update.error && (
        <Notice tone="danger" live>
          <p>{update.error.message}</p>
        </Notice>
      )}
    </form>
  );
}

function HostTransfer({
  match,
  userId,
  now,
  players,
  transfer,
}: {
  match: CurrentMatch;
  userId: string;
  now: number;
  players: MatchPlayer[];
  transfer: ReturnType<typeof useTransferHost>;
}) {
  const transferOnce = useSingleFlight(transfer);
  const isHost = match.host_user_id === userId;
  const participant = players.some((p) => p.user_id === userId);
  if (!participant) return null;

  if (isHost) {
    const next = players.find((p) => p.user_id === nextHost(hostOrder(match), match.host_user_id));
    if (!next || next.user_id === userId) return null;
    return (
      <div className="host-transfer">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => transferOnce()}
          disabled={transfer.isPending}
        >
          <Icon name="crown" size={16} />
          {transfer.isPending ? T.transferring : T.transfer(playerName(next))}
        </button>
      </div>
    );
  }

  // Anyone may take over when there is still no lobby after lobby_create_timeout (the lobby_waiting phase).
  const { phase, remaining } = matchPhase(match, now);
  const allowed = phase === 'lobby_waiting';
  const hint = match.lobby_id ? T.takeOverLocked : allowed ? null : T.takeOverHint(formatCountdown(remaining));
  return (
    <div className="host-transfer">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => transferOnce()}
        disabled={!allowed || transfer.isPending}
        title={hint ?? undefined}
        aria-describedby={hint ? 'take-over-hint' : undefined}
      >
        <Icon name="crown" size={16} />
        {transfer.isPending ? T.transferring : T.takeOver}
      </button>
      {hint && (
        <p id="take-over-hint" className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
