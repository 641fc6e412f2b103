import type { MatchSummary } from '@rankmatch/shared';
import MatchSummaryRoute from '../../../features/players/components/match-summary-page.tsx';
import { MatchTrustPanel } from '../../../features/trust/components/match-trust-panel.tsx';

// The match page composed: the players feature's public summary (the same for everyone, cached) and, for a signed-in
// player of the match, the trust feature's disputes (a call of its own). The file keeps the summary page's name: it
// is the page's chunk the server preloads (PUBLIC_PAGES.match.chunk).

const playerIdsOf = (summary: MatchSummary) => [...summary.team_a, ...summary.team_b].map((p) => p.user_id);

export default function MatchPage() {
  return (
    <MatchSummaryRoute
      extra={(summary) => <MatchTrustPanel matchId={summary.match_id} playerIds={playerIdsOf(summary)} />}
    />
  );
}
