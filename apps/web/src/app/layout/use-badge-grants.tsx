import { useQueryClient } from '@tanstack/react-query';
import { BadgeGrantToast } from '../../features/badges/components/badge-grant-toast.tsx';
import { BADGE_TEXTS } from '../../features/badges/texts.ts';
import { useSession } from '../../lib/auth/session.ts';
import { useRealtimeMessages } from '../../lib/realtime/realtime-provider.tsx';
import { useToasts } from '../../lib/toast/toast-provider.tsx';
import { refreshPlayerProgress } from '../player-progress.ts';

/**
 * A badgeGranted push (sent only to the player's own sockets): the バッジを獲得しました toast, and the badges,
 * achievements and profile reloaded so the new badge can be equipped at once, without a reload.
 */
export function useBadgeGrants(): void {
  const queryClient = useQueryClient();
  const { show } = useToasts();
  const userId = useSession()?.user.user_id;
  useRealtimeMessages((message) => {
    if (message.type !== 'badgeGranted' || !userId) return;
    const grant = { badgeId: message.badge_id, source: message.source, achievementId: message.achievement_id };
    show({ title: BADGE_TEXTS.grantedTitle, content: <BadgeGrantToast grant={grant} /> });
    void refreshPlayerProgress(queryClient, userId);
  });
}
