import { type AdminSeason, seasonNumberOf } from '@rankmatch/shared';
import { useId } from 'react';
import { Notice } from '../../../../components/notice.tsx';
import { awardsInForce } from '../../season-draft.ts';
import { endBegan } from '../../season-status.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { SeasonAwardsFieldset } from './season-awards-fieldset.tsx';
import { SeasonDescriptionField, SeasonIdentityFields, SeasonLookFields } from './season-form-fields.tsx';
import { useSeasonFormState } from './use-season-form-state.ts';

const T = ADMIN_TEXTS.seasons;

/**
 * Create (season null) or edit a season, with its rewards; the id cannot change once created, the rewards once its end
 * began. The tab's toggle cancels.
 */
export function SeasonForm({
  season,
  adminId,
  onDone,
}: {
  season: AdminSeason | null;
  adminId: string;
  onDone: (message: string) => void;
}) {
  const { form, set, errors, formRef, onSubmit, save, errorCount, serverFieldError } = useSeasonFormState(
    season,
    onDone,
  );
  const titleId = useId();

  return (
    <form ref={formRef} className="admin-season-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} className="admin-season-form__title">
        {season ? T.editTitle(season.name) : T.createTitle}
      </h3>
      <div className="admin-form-grid">
        <SeasonIdentityFields form={form} errors={errors} set={set} idLocked={season !== null} />
        <SeasonLookFields form={form} errors={errors} set={set} />
      </div>
      <SeasonDescriptionField form={form} errors={errors} set={set} />
      <SeasonAwardsFieldset
        adminId={adminId}
        awards={awardsInForce(form)}
        custom={form.awards !== null}
        seasonNumber={seasonNumberOf({ id: form.id.trim(), name: form.name })}
        locked={season !== null && endBegan(season)}
        error={errors.awards}
        onChange={set('awards')}
      />
      {save.isError && !serverFieldError && (
        <Notice tone="danger" live>
          <p>{save.error.message}</p>
        </Notice>
      )}
      <div className="admin-form-actions">
        {errorCount > 0 && (
          <p className="field__error" role="alert">
            {T.fixFields(errorCount)}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? T.submitting : season ? T.submitUpdate : T.submitCreate}
        </button>
      </div>
    </form>
  );
}
