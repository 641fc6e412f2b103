import { Link } from 'react-router';
import { useSession } from '../../../lib/auth/session.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useAddAvoid, useAvoidList, useRemoveAvoid } from '../api/avoids.ts';
import { AVOID_TEXTS as T } from '../texts.ts';
import './avoid-list.css';

/**
 * The player page's このプレイヤーを避ける (or 避けるのをやめる when listed), for a signed-in player on another player's
 * page. Nothing until the list is in: a visitor's page, and the server's render of it, show nothing here.
 */
export function AvoidButton({ playerId, playerName }: { playerId: string; playerName: string }) {
  const session = useSession();
  const viewer = session?.user.user_id ?? null;
  const own = viewer === playerId;
  const list = useAvoidList(own ? null : viewer);
  if (viewer === null || own || !list.data) return null;
  return (
    <AvoidToggle
      viewer={viewer}
      playerId={playerId}
      playerName={playerName}
      listed={list.data.players.some((p) => p.user_id === playerId)}
    />
  );
}

function AvoidToggle({
  viewer,
  playerId,
  playerName,
  listed,
}: {
  viewer: string;
  playerId: string;
  playerName: string;
  listed: boolean;
}) {
  const add = useAddAvoid(viewer);
  const remove = useRemoveAvoid(viewer);
  const addOnce = useSingleFlight(add);
  const removeOnce = useSingleFlight(remove);
  const busy = add.isPending || remove.isPending;
  const error = listed ? remove.error : add.error;
  return (
    <section className="card avoid-toggle" aria-label={T.title}>
      <p className="avoid-list__lead">{listed ? T.pageAdded : T.pageHint}</p>
      <div className="avoid-toggle__actions">
        {listed ? (
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={busy}
            onClick={() => removeOnce(playerId)}
          >
            {T.pageRemove}
          </button>
        ) : (
          <button
            type="button"
            className="button button--small button--danger-ghost"
            disabled={busy}
            aria-label={T.addLabel(playerName)}
            onClick={() => addOnce(playerId)}
          >
            {T.pageAdd}
          </button>
        )}
        <Link className="avoid-toggle__manage" to="/?tab=mypage">
          {T.pageManage}
        </Link>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error.message}
        </p>
      )}
    </section>
  );
}
