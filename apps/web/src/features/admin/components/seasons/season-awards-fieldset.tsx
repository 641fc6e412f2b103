import { AWARD_TIER_LABELS, MATCH_THRESHOLDS, type SeasonAwardMap } from '@rankmatch/shared';
import { ErrorState } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { useMaster } from '../../../../lib/master.ts';
import { SLOT_TIERS, withSlot, withThreshold } from '../../season-awards.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { AwardSelect } from './award-select.tsx';

const T = ADMIN_TEXTS.seasons.awards;

/**
 * The form's 報酬 section: the rewards in force (the season's own, or the catalogue's defaults for its number), one
 * select per tier and per match threshold, and a way back to the defaults. Locked once the season's end began.
 */
export function SeasonAwardsFieldset({
  adminId,
  awards,
  custom,
  seasonNumber,
  locked,
  error,
  onChange,
}: {
  adminId: string;
  /** The map in force. */
  awards: SeasonAwardMap;
  /** The season has its own map (false: the defaults). */
  custom: boolean;
  seasonNumber: number | null;
  locked: boolean;
  error: string | undefined;
  /** A new map of its own, or null for the defaults. */
  onChange: (awards: SeasonAwardMap | null) => void;
}) {
  const master = useMaster(adminId);
  return (
    <fieldset className="admin-awards" disabled={locked} data-field="awards">
      <legend className="admin-awards__legend">{T.legend}</legend>
      <p className="field__hint">{custom ? T.custom : T.defaults(seasonNumber)}</p>
      <p className="field__hint">{locked ? T.locked : T.note}</p>
      {master.isPending ? (
        <Skeleton lines={3} />
      ) : master.isError ? (
        <ErrorState message={T.catalogueFailed} onRetry={() => master.refetch()} />
      ) : (
        <>
          <h4 className="section-label">{T.slots}</h4>
          <div className="admin-form-grid">
            {SLOT_TIERS.map((tier) => (
              <AwardSelect
                key={tier}
                label={AWARD_TIER_LABELS[tier]}
                value={awards[tier]}
                catalogue={master.data.badges}
                onChange={(badgeId) => onChange(withSlot(awards, tier, badgeId))}
              />
            ))}
          </div>
          <h4 className="section-label">{T.matches}</h4>
          <div className="admin-form-grid">
            {MATCH_THRESHOLDS.map((threshold) => (
              <AwardSelect
                key={threshold}
                label={T.threshold(threshold)}
                value={awards.matches[String(threshold)] ?? null}
                catalogue={master.data.badges}
                onChange={(badgeId) => onChange(withThreshold(awards, threshold, badgeId))}
              />
            ))}
          </div>
        </>
      )}
      {error && <p className="field__error">{error}</p>}
      <div className="admin-form-actions">
        <button type="button" className="button button--secondary" onClick={() => onChange(null)} disabled={!custom}>
          {T.reset}
        </button>
      </div>
    </fieldset>
  );
}
