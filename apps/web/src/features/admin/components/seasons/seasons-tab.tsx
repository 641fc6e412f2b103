import type { AdminSeason } from '@rankmatch/shared';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { Icon } from '../../../../components/icon.tsx';
import { EmptyState, Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { useActivateSeason } from '../../api/activate-season.ts';
import { useDeleteSeason } from '../../api/delete-season.ts';
import { useEndSeason } from '../../api/end-season.ts';
import { useAdminSeasons } from '../../api/get-seasons.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { SeasonForm } from './season-form.tsx';
import { SeasonList } from './season-list.tsx';
import './seasons.css';

const T = ADMIN_TEXTS.seasons;

type OpenForm = { season: AdminSeason | null } | null;
type Outcome = { tone: 'info' | 'success' | 'danger'; text: string } | null;

/**
 * Seasons: the create/cancel toggle and form, and the list with edit, activate (which ends the running season first),
 * end and delete, each irreversible step behind a confirm.
 */
export function SeasonsTab({ adminId }: { adminId: string }) {
  const seasons = useAdminSeasons();
  const activate = useActivateSeason();
  const end = useEndSeason();
  const remove = useDeleteSeason();
  const [form, setForm] = useState<OpenForm>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const confirm = useConfirm();
  const fail = (error: Error) => setOutcome({ tone: 'danger', text: error.message });

  const onActivate = async (season: AdminSeason) => {
    const running = seasons.data?.find((s) => s.is_active && s.id !== season.id);
    const yes = await confirm.ask({
      title: T.activateConfirmTitle,
      message: T.activateConfirm(season.name, running?.name ?? null),
      confirmLabel: T.activateConfirmButton,
      tone: running ? 'danger' : 'primary',
    });
    if (!yes) return;
    setOutcome(null);
    activate.mutate(season.id, {
      onSuccess: () => setOutcome({ tone: 'success', text: T.activated(season.name) }),
      onError: fail,
    });
  };
  const onEnd = async (season: AdminSeason) => {
    const yes = await confirm.ask({
      title: T.endConfirmTitle,
      message: T.endConfirm(season.name),
      confirmLabel: T.endConfirmButton,
    });
    if (!yes) return;
    setOutcome({ tone: 'info', text: T.ending(season.name) });
    end.mutate(season.id, {
      onSuccess: () => setOutcome({ tone: 'success', text: T.ended(season.name) }),
      onError: fail,
    });
  };
  const onDelete = async (season: AdminSeason) => {
    const yes = await confirm.ask({
      title: T.deleteConfirmTitle,
      message: T.deleteConfirm(season.name),
      confirmLabel: T.deleteConfirmButton,
    });
    if (!yes) return;
    setOutcome(null);
    remove.mutate(season.id, {
      onSuccess: () => setOutcome({ tone: 'success', text: T.deleted(season.name) }),
      onError: fail,
    });
  };
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
          busy={activate.isPending || end.isPending || remove.isPending}
          onEdit={openForm}
          onActivate={onActivate}
          onEnd={onEnd}
          onDelete={onDelete}
        />
      )}
      {confirm.dialog}
    </section>
  );
}
