import { formatDateTime, type MmrParams, REFIT_REASON_JA, type RefitReportView } from '@rankmatch/shared';
import { Icon } from '../../../../components/icon.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useApplyRefit, usePreviewRefit, useRatingParams } from '../../api/rating-refit.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { ActionStatus } from '../action-status.tsx';

const T = ADMIN_TEXTS.rating;
const KEYS = ['beta', 'initialSigma', 'tau', 'seasonSigma'] as const;
const loss = (x: number | null) => (x === null ? '—' : x.toFixed(4));

function ParamsTable({ params, candidate }: { params: MmrParams; candidate?: MmrParams }) {
  return (
    <table className="admin-table rating-params">
      <thead>
        <tr>
          <th scope="col">{T.param}</th>
          <th scope="col">{T.now}</th>
          {candidate && <th scope="col">{T.candidate}</th>}
        </tr>
      </thead>
      <tbody>
        {KEYS.map((k) => (
          <tr key={k}>
            <th scope="row">{T.names[k]}</th>
            <td>{params[k]}</td>
            {candidate && <td>{candidate[k]}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Preview({ report }: { report: RefitReportView }) {
  // Below the minimum nothing was fitted: no losses or candidate to show.
  const fitted = report.reason !== 'too_few_matches';
  return (
    <div className="rating-preview">
      <p>{T.matchesUsed(report.matches, report.fitted, report.held_out)}</p>
      {fitted && (
        <p>
          {T.heldOut}: {loss(report.held_out_logloss.current)} → {loss(report.held_out_logloss.candidate)}（
          {T.z(report.z)}）
        </p>
      )}
      <p>{REFIT_REASON_JA[report.reason]}</p>
      {fitted && <ParamsTable params={report.current} candidate={report.candidate} />}
    </div>
  );
}

/**
 * The MMR's parameters: those in force, a refit's preview (log-loss before and after on the held-out later matches)
 * and its apply, enabled once a preview says the new parameters predict better; the refits made so far.
 */
export function RatingCard() {
  const params = useRatingParams();
  const preview = usePreviewRefit();
  const apply = useApplyRefit();
  const previewOnce = useSingleFlight(preview);
  const applyOnce = useSingleFlight(apply);
  return (
    <section className="card" aria-labelledby="admin-rating-title">
      <h2 id="admin-rating-title" className="card__title">
        <Icon name="chart" className="card__title-icon" />
        {T.title}
      </h2>
      <p className="field__hint">{T.lead}</p>
      {params.isPending ? (
        <Skeleton lines={4} />
      ) : params.isError ? (
        <Notice tone="danger" live>
          <p>{params.error.message}</p>
        </Notice>
      ) : (
        <>
          <p>{params.data.current_refit_id === null ? T.fromConfig : T.fromRefit(params.data.current_refit_id)}</p>
          <ParamsTable params={params.data.current} />
          <div className="admin-form-actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={preview.isPending || apply.isPending}
              onClick={() => {
                apply.reset();
                previewOnce();
              }}
            >
              {T.preview}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={!preview.data?.apply || apply.isPending || apply.isSuccess}
              onClick={() => applyOnce()}
            >
              {T.apply}
            </button>
          </div>
          <ActionStatus action={preview} pending={T.computing}>
            {preview.data && <Preview report={preview.data} />}
          </ActionStatus>
          <ActionStatus action={apply} pending={T.computing}>
            {apply.data && <p>{T.applied(formatDateTime(apply.data.effective_from ?? apply.data.created_at))}</p>}
          </ActionStatus>
          <h3 className="card__subtitle">{T.history}</h3>
          {params.data.refits.length === 0 ? (
            <p>{T.noRefits}</p>
          ) : (
            <ul className="admin-notes">
              {params.data.refits.slice(0, 5).map((r) => (
                <li key={r.id}>
                  {formatDateTime(r.created_at)} {T.trigger[r.trigger]}
                  {r.season_id && `（${r.season_id}）`}：{r.applied ? T.appliedMark : T.keptMark}（
                  {REFIT_REASON_JA[r.report.reason]}）
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
