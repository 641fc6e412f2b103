import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../../lib/auth/session.ts';
import { useMyWarnings } from '../api/warnings.ts';

// The dialog's code is loaded only for a player who has a warning to read (rare): the shell stays small.
const WarningsModal = lazy(() => import('./warnings-modal.tsx'));

/**
 * A signed-in player's unseen warnings, shown once: 確認しました marks them seen. Closing the dialog otherwise (Escape,
 * the backdrop) hides it for this page only: the server still lists them, so the next page load shows them again.
 */
export function WarningsDialog() {
  const session = useSession();
  const userId = session?.user.user_id ?? null;
  const warnings = useMyWarnings(userId);
  const [hidden, setHidden] = useState(false);
  const list = warnings.data?.warnings ?? [];
  if (!userId || list.length === 0 || hidden) return null;
  return (
    <Suspense fallback={null}>
      <WarningsModal userId={userId} warnings={list} onClose={() => setHidden(true)} />
    </Suspense>
  );
}
