import {
  type CurrentMatch,
  LOBBY_PHASES,
  LOBBY_TIMER_RED_SECONDS,
  type LobbyPhase,
  lobbyPhase,
} from '@rankmatch/shared';
import { Icon } from '../../../components/icon.tsx';
import { formatCountdown } from '../../../lib/format.ts';
import { MATCH_TEXTS as T } from '../texts.ts';

export function matchPhase(match: CurrentMatch, now: number): { phase: LobbyPhase; remaining: number } {
  return lobbyPhase({
    now,
    startedAt: match.started_at,
    hasLobby: Boolean(match.lobby_id),
    createTimeout: match.lobby_create_timeout,
    joinTimeout: match.lobby_join_timeout,
  });
}

/** The lobby timer (spec §4): the phase, its mm:ss countdown (red at 30 s or less) and what to do now. */
export function LobbyTimer({ match, now }: { match: CurrentMatch; now: number }) {
  const { phase, remaining } = matchPhase(match, now);
  const counting = phase === 'lobby_create' || phase === 'lobby_join';
  const red = phase === 'lobby_waiting' || (counting && remaining <= LOBBY_TIMER_RED_SECONDS);
  // lobby_waiting only happens when the host is late: the steps show it only then.
  const steps = LOBBY_PHASES.filter((p) => p !== 'lobby_waiting' || phase === 'lobby_waiting');
  const current = steps.indexOf(phase);
  return (
    <section className={`card lobby-timer lobby-timer--${phase}`} aria-labelledby="lobby-timer-title">
      <h3 id="lobby-timer-title" className="card__title">
        <Icon name="clock" className="card__title-icon" />
        {T.timerLabel}
      </h3>
      <ol className="phase-steps" aria-label={T.timerLabel}>
        {steps.map((p, i) => (
          <li
            key={p}
            className={`phase-steps__item${i < current ? ' phase-steps__item--done' : ''}${i === current ? ' phase-steps__item--current' : ''}`}
            aria-current={i === current ? 'step' : undefined}
          >
            {T.phases[p]}
          </li>
        ))}
      </ol>
      <div className="lobby-timer__body">
        <p className="lobby-timer__phase" data-testid="lobby-phase">
          {T.phases[phase]}
        </p>
        {phase !== 'match_ready' && (
          <p
            role="timer"
            aria-label={T.timerRemaining(formatCountdown(remaining))}
            className={`lobby-timer__clock${red ? ' lobby-timer__clock--red' : ''}`}
            data-testid="lobby-clock"
          >
            {formatCountdown(remaining)}
          </p>
        )}
      </div>
      <p className={`lobby-timer__advice${phase === 'lobby_waiting' ? ' lobby-timer__advice--alert' : ''}`}>
        {phase === 'lobby_waiting' && <Icon name="alert" size={18} />}
        {T.advice[phase]}
      </p>
    </section>
  );
}
