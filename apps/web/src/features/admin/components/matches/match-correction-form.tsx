import { type AdminMatchDetail, MATCH_CORRECTION_WINNERS, type MatchCorrection } from '@rankmatch/shared';
import { type FormEvent, useState } from 'react';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useCorrectMatch } from '../../api/correct-match.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.matches;

type Winner = MatchCorrection['winner'];

const currentWinner = (match: AdminMatchDetail): Winner => match.winner_team ?? 'invalid';

/** Correct or void a settled match, after a confirm; the players' ratings are recomputed for this match only. */
export function MatchCorrectionForm({ match }: { match: AdminMatchDetail }) {
  const [winner, setWinner] = useState<Winner>(() => currentWinner(match));
  const correct = useCorrectMatch();
  const correctOnce = useSingleFlight(correct);
  const unchanged = winner === currentWinner(match);
  const confirm = useConfirm();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return;
    const yes = await confirm.ask({
      title: T.correctionConfirmTitle(match.match_id),
      message: T.correctionConfirm(match.match_id, T.correctionOptions[winner]),
      confirmLabel: T.correctionConfirmButton,
    });
    if (!yes) return;
    correctOnce({ matchId: match.match_id, winner });
  };

  return (
    <section className="admin-correction" aria-labelledby="admin-correction-title">
      <h3 id="admin-correction-title" className="admin-match__heading">
        {T.correctionTitle}
      </h3>
      <p className="field__hint">{T.correctionText}</p>
      <form onSubmit={onSubmit} className="admin-correction__form">
        <fieldset className="admin-checks">
          <legend className="field__label">{T.correctionLabel}</legend>
          {MATCH_CORRECTION_WINNERS.map((w) => (
            <label key={w} className="admin-check">
              <input
                type="radio"
                name="correction-winner"
                value={w}
                checked={winner === w}
                onChange={() => setWinner(w)}
              />
              {T.correctionOptions[w]}
            </label>
          ))}
        </fieldset>
        <div>
          <button type="submit" className="button button--primary" disabled={unchanged || correct.isPending}>
            {correct.isPending ? T.correcting : T.correct}
          </button>
        </div>
      </form>
      {correct.isSuccess && (
        <Notice tone="success" live>
          <p>{T.corrected}</p>
        </Notice>
      )}
      {correct.isError && (
        <Notice tone="danger" title={T.correctionFailed} live>
          <p>{correct.error.message}</p>
        </Notice>
      )}
      {confirm.dialog}
    </section>
  );
}
