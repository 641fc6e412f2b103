import { loginReplySchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { completeSignIn } from '../../../lib/auth/sign-in.ts';
import { AUTH_TEXTS } from '../texts.ts';

export interface DummyLoginInput {
  user_id: string;
  password?: string | undefined;
}

/** POST /api/auth/dummy/login { user_id, password? } → { access_token, user }. */
export async function dummyLogin(input: DummyLoginInput) {
  const body = input.password ? input : { user_id: input.user_id };
  const result = await apiRequest('/api/auth/dummy/login', {
    method: 'POST',
    body,
    schema: loginReplySchema,
    token: null,
    authErrorScreen: false,
  });
  if (result.error !== null) throw new ApiError(result.error, result.status, result.code);
  return result.data;
}

export function useDummyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DummyLoginInput) => {
      const reply = await dummyLogin(input);
      if (!completeSignIn(queryClient, reply.access_token, reply.user)) throw new ApiError(AUTH_TEXTS.tokenExpired, 0);
      return reply;
    },
  });
}
