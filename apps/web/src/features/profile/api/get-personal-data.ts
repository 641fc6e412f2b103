import { personalDataSchema } from '@rankmatch/shared';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/** GET /api/users/me/data: everything the site holds about the player (a mutation: asked for by a button, not cached). */
export const usePersonalData = () =>
  useMutation({ mutationFn: () => apiData('/api/users/me/data', { schema: personalDataSchema }) });
