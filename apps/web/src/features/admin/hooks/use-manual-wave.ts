import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { gatherMatches } from '../api/gather-matches.ts';
import { ADMIN_MATCHES_KEY } from '../api/get-matches.ts';
import { triggerMatchmaking } from '../api/trigger-matchmaking.ts';

export type WaveStep = 'gathering' | 'matching';

/**
 * The overview's manual wave (spec admin §2 overview): first gather (settle what can be settled, freeing its players),
 * then run matchmaking. `step` says which call is running, for the progress message.
 */
export function useManualWave() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<WaveStep | null>(null);
  const run = useMutation({
    mutationFn: async () => {
      setStep('gathering');
      const gathered = await gatherMatches();
      setStep('matching');
      const wave = await triggerMatchmaking();
      return { processed: gathered.processed_matches, wave };
    },
    onSettled: () => {
      setStep(null);
      void queryClient.invalidateQueries({ queryKey: ADMIN_MATCHES_KEY });
    },
  });
  return { run, step };
}
