import {
  type AvoidedPlayer,
  type PlayerSearchResult,
  playerSearchQuerySchema,
  validationErrorOf,
} from '@rankmatch/shared';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ErrorState, Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { playerPath } from '../../players/components/page-parts.tsx';
import { useAddAvoid, useAvoidList, usePlayerSearch, useRemoveAvoid } from '../api/avoids.ts';
import { AVOID_TEXTS as T } from '../texts.ts';
import './avoid-list.css';

/**
 * マッチングを避けるプレイヤー (my page): who is on the list (x/10), each with 外す; a search by trainer name whose
 * results are added with 避ける. The rule (either team, never told, yields after 3 missed waves) is said above.
 */
export function AvoidList({ userId }: { userId: string }) {
  const list = useAvoidList(userId);
  const add = useAddAvoid(userId);
  const remove = useRemoveAvoid(userId);
  const addOnce = useSingleFlight(add);
  const removeOnce = useSingleFlight(remove);
  // The last change's refusal (a later change that goes through clears it).
  const [error, setError] = useState<string | null>(null);
  const outcome = { onError: (e: Error) => setError(e.message), onSuccess: () => setError(null) };
  const players = list.data?.players ?? [];
  const max = list.data?.max ?? 0;
  const full = list.data !== undefined && players.length >= max;
  return (
    <section className="card avoid-list" aria-labelledby="avoid-list-title">
      <h2 id="avoid-list-title" className="card__title avoid-list__title">
        <Icon name="users" className="card__title-icon" />
        <span>{T.title}</span>
        {list.data && (
          <span className="avoid-list__count" role="status" aria-label={T.countLabel(players.length, max)}>
            {T.count(players.length, max)}
          </span>
        )}
      </h2>
      <p className="avoid-list__lead">{T.lead}</p>
      <p className="avoid-list__lead">{T.yieldNote}</p>
      {list.isPending ? (
        <Skeleton lines={2} label={T.loading} />
      ) : list.isError ? (
        <ErrorState message={T.loadFailed} onRetry={() => list.refetch()} />
      ) : players.length === 0 ? (
        <p className="avoid-list__empty muted">{T.empty}</p>
      ) : (
        <ul className="avoid-list__players">
          {players.map((p) => (
            <ListedPlayer
              key={p.user_id}
              player={p}
              busy={remove.isPending}
              onRemove={() => removeOnce(p.user_id, outcome)}
            />
          ))}
        </ul>
      )}
      {error && (
        <Notice tone="danger" live>
          <p>{error}</p>
        </Notice>
      )}
      {full && (
        <Notice tone="info">
          <p>{T.full(max)}</p>
        </Notice>
      )}
      <PlayerSearch
        userId={userId}
        listed={new Set(players.map((p) => p.user_id))}
        canAdd={list.data !== undefined && !full}
        busy={add.isPending}
        onAdd={(id) => addOnce(id, outcome)}
      />
    </section>
  );
}

function ListedPlayer({ player, busy, onRemove }: { player: AvoidedPlayer; busy: boolean; onRemove: () => void }) {
  return (
    <li className="avoid-list__row">
      <Avatar url={player.discord_avatar_url} name={player.trainer_name} size={32} />
      <span className="avoid-list__who">
        <Link className="avoid-list__name" to={playerPath(player.user_id)}>
          {player.trainer_name}
        </Link>
        <span className="avoid-list__meta muted">{T.addedAt(formatDate(player.created_at))}</span>
      </span>
      <button
        type="button"
        className="button button--small button--secondary avoid-list__action"
        disabled={busy}
        aria-label={T.removeLabel(player.trainer_name)}
        onClick={onRemove}
      >
        {T.remove}
      </button>
    </li>
  );
}

/** The search: words submitted (Enter or 検索; each submit is one request), results with 避ける or 登録済み. */
function PlayerSearch({
  userId,
  listed,
  canAdd,
  busy,
  onAdd,
}: {
  userId: string;
  listed: ReadonlySet<string>;
  canAdd: boolean;
  busy: boolean;
  onAdd: (id: string) => void;
}) {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const search = usePlayerSearch(userId, submitted);
  const inputId = useId();
  const errorId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = playerSearchQuerySchema.safeParse({ q: text });
    if (!parsed.success) {
      setInvalid(validationErrorOf(parsed.error.issues[0]).message);
      return;
    }
    setInvalid(null);
    setSubmitted(parsed.data.q);
    if (parsed.data.q === submitted) void search.refetch();
  };

  return (
    <div className="avoid-search">
      <form className="avoid-search__form" onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId} className="field__label avoid-search__label">
          {T.searchLabel}
        </label>
        <div className="avoid-search__row">
          <input
            id={inputId}
            className="input avoid-search__input"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={T.searchPlaceholder}
            enterKeyHint="search"
            aria-invalid={invalid !== null}
            aria-describedby={invalid ? errorId : undefined}
          />
          <button type="submit" className="button button--primary avoid-search__button" disabled={search.isFetching}>
            {search.isFetching ? T.searching : T.search}
          </button>
        </div>
        {invalid && (
          <p id={errorId} className="field__error" role="alert">
            {invalid}
          </p>
        )}
      </form>
      {submitted !== null && search.isError && (
        <Notice tone="danger" live>
          <p>{search.error.message}</p>
        </Notice>
      )}
      {submitted !== null && search.data && (
        <SearchResults
          q={submitted}
          players={search.data.players}
          listed={listed}
          canAdd={canAdd}
          busy={busy}
          onAdd={onAdd}
        />
      )}
    </div>
  );
}

function SearchResults({
  q,
  players,
  listed,
  canAdd,
  busy,
  onAdd,
}: {
  q: string;
  players: PlayerSearchResult[];
  listed: ReadonlySet<string>;
  canAdd: boolean;
  busy: boolean;
  onAdd: (id: string) => void;
}) {
  if (players.length === 0) return <p className="avoid-search__none muted">{T.noResults(q)}</p>;
  return (
    <ul className="avoid-list__players avoid-search__results" aria-label={T.resultsLabel}>
      {players.map((p) => (
        <li key={p.user_id} className="avoid-list__row">
          <Avatar url={p.discord_avatar_url} name={p.trainer_name} size={32} />
          <span className="avoid-list__who">
            <Link className="avoid-list__name" to={playerPath(p.user_id)}>
              {p.trainer_name}
            </Link>
            <span className="avoid-list__meta muted">{T.rate(p.rate)}</span>
          </span>
          {listed.has(p.user_id) ? (
            <span className="avoid-list__added">{T.added}</span>
          ) : (
            <button
              type="button"
              className="button button--small button--danger-ghost avoid-list__action"
              disabled={!canAdd || busy}
              aria-label={T.addLabel(p.trainer_name)}
              onClick={() => onAdd(p.user_id)}
            >
              {T.add}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
