import type { AdminSeason } from '@rankmatch/shared';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useActivateSeason } from '../../api/activate-season.ts';
import { useDeleteSeason } from '../../api/delete-season.ts';
import { useEndSeason } from '../../api/end-season.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.seasons;

export type SeasonOutcome = { tone: 'info' | 'success' | 'danger'; text: string } | null;

/**
 * The list's irreversible steps, each behind a confirm: activate (which ends the running season first; the confirm
 * names it), end and delete. Each reports through setOutcome; dialog is the confirm to render.
 */
export function useSeasonActions(seasons: AdminSeason[] | undefined, setOutcome: (outcome: SeasonOutcome) => void) {
  const activate = useActivateSeason();
  const activateOnce = useSingleFlight(activate);
  const end = useEndSeason();
  const endOnce = useSingleFlight(end);
  const remove = useDeleteSeason();
  const removeOnce = useSingleFlight(remove);
  const confirm = useConfirm();
  const fail = (error: Error) => setOutcome({ tone: 'danger', text: error.message });

  const onActivate = async (season: AdminSeason) => {
    const running = seasons?.find((s) => s.is_active && s.id !== season.id);
    // A season whose start is still to come is not open once active: the confirm says so before the running one ends.
    const future = season.start_date > Date.now() / 1000;
    const yes = await confirm.ask({
      title: T.activateConfirmTitle,
      message: T.activateConfirm(season.name, running?.name ?? null, future ? formatDateTime(season.start_date) : null),
      confirmLabel: T.activateConfirmButton,
      tone: running ? 'danger' : 'primary',
    });
    if (!yes) return;
    setOutcome(null);
    activateOnce(season.id, {
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
    endOnce(season.id, {
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
    removeOnce(season.id, {
      onSuccess: () => setOutcome({ tone: 'success', text: T.deleted(season.name) }),
      onError: fail,
    });
  };

  const busy = activate.isPending || end.isPending || remove.isPending;
  return { onActivate, onEnd, onDelete, busy, dialog: confirm.dialog };
}
