import { discordLoginReplySchema } from '@rankmatch/shared';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export interface DiscordCallbackInput {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/** POST /api/auth/discord/callback { code, state, error } → { access_token, user, return_to }. */
export async function discordCallback(input: DiscordCallbackInput) {
  const result = await apiRequest('/api/auth/discord/callback', {
    method: 'POST',
    body: input,
    schema: discordLoginReplySchema,
    token: null,
    authErrorScreen: false,
  });
  if (result.error !== null) throw new ApiError(result.error, result.status, result.code);
  return result.data;
}
