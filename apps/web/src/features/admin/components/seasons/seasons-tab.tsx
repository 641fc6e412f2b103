import type { AdminSeason } from '@rankmatch/shared';
import { useState } from 'react';
import { Icon } from '../../../../components/icon.tsx';
import { EmptyState, Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { useAdminSeasons } from '../../api/get-seasons.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { SeasonForm } from './season-form.tsx';
import { SeasonList } from './season-list.tsx';
import { type SeasonOutcome, useSeasonActions } from './use-season-actions.ts';
import './seasons.css';

const T = ADMIN_TEXTS.seasons;

type OpenForm = { season: AdminSeason | null } | null;

/**
 * Seasons: the create/cancel toggle and form, and the list with edit, activate (which ends the running season first),
 * end and delete, each irreversible step behind a confirm.
 */
export function SeasonsTab({ adminId }: { adminId: string }) {
  const seasons = useAdminSeasons();
  const [form, setForm] = useState<OpenForm>(null);
  const [outcome, setOutcome] = useState<SeasonOutcome>(null);
  const actions = useSeasonActions(seasons.data, setOutcome);
  const openForm = (season: AdminSeason | null) => {
    setOutcome(null);
    setForm({ season });
  };

  return (
    <section className="card" aria-labelledby="admin-seasons-title">
      <header className="admin-toolbar">
        <h2 id="admin-seasons-title" className="card__title">
          <Icon name="calendar" className="card__title-icon" />
          {T.title}
        </h2>
        <button
          type="button"
          className={`button ${form ? 'button--ghost' : 'button--primary'}`}
          onClick={() => (form ? setForm(null) : openForm(null))}
        >
          {form ? ADMIN_TEXTS.cancel : T.create}
        </button>
      </header>
      {form && (
        <SeasonForm
          key={form.season?.id ?? 'new'}
          season={form.season}
          adminId={adminId}
          onDone={(text) => {
            setForm(null);
            setOutcome({ tone: 'success', text });
          }}
        />
      )}
      {outcome && (
        <Notice tone={outcome.tone} live>
          <p>{outcome.text}</p>
        </Notice>
      )}
      {seasons.isPending ? (
        <Skeleton lines={4} />
      ) : seasons.isError ? (
        <Notice tone="danger" live>
          <p>{seasons.error.message}</p>
        </Notice>
      ) : seasons.data.length === 0 ? (
        <EmptyState icon={<Icon name="calendar" size={32} />}>{T.empty}</EmptyState>
      ) : (
        <SeasonList
          seasons={seasons.data}
          busy={actions.busy}
          onEdit={openForm}
          onActivate={actions.onActivate}
          onEnd={actions.onEnd}
          onDelete={actions.onDelete}
        />
      )}
      {actions.dialog}
    </section>
  );
}
