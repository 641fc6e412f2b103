import { hasControlCharacters, plainText } from '../text.ts';
import { VALIDATION_CODES as V, z } from '../validation.ts';
import { userIdSchema } from './common.ts';
import { trainerNameSchema, userProfileSchema } from './users.ts';

/** A path inside the site to come back to after sign-in: starts with one /, no scheme or host. */
/**
 * A path inside the site to come back to after sign-in: one leading /, then no / or \\ right after it, and no white
 * space or control characters anywhere (a browser drops tabs and line breaks, so "/\t/evil" would become "//evil").
 */
export const returnToSchema = z
  .string()
  .max(512)
  .refine((v) => /^\/(?![/\\])[^\s\\]*$/.test(v) && !hasControlCharacters(v), V.RETURN_TO_INVALID);

export const discordAuthorizeQuerySchema = z.object({ return_to: returnToSchema.optional() });

/** What the web app posts after Discord sends the browser back (code + state, or error). */
export const discordCallbackSchema = z
  .object({
    code: z
      .string()
      .regex(/^[\x21-\x7E]{1,512}$/, V.OAUTH_PARAMETER_INVALID)
      .optional(),
    state: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, V.OAUTH_PARAMETER_INVALID),
    error: plainText(256).optional(),
    error_description: plainText(1024).optional(),
  })
  .refine((b) => b.code !== undefined || b.error !== undefined, {
    message: 'code または error が必要です',
    path: ['code'],
  });

export const RATE_MIN = 0;
export const RATE_MAX = 5000;
export const rateSchema = z
  .number(V.RATE_OUT_OF_RANGE)
  .int(V.RATE_OUT_OF_RANGE)
  .min(RATE_MIN, V.RATE_OUT_OF_RANGE)
  .max(RATE_MAX, V.RATE_OUT_OF_RANGE);

/** Test-account ids start with dummy_ so a test login can never take a Discord user's id. */
export const dummyUserIdSchema = z.string(V.DUMMY_ID_INVALID).regex(/^dummy_[A-Za-z0-9_-]{1,58}$/, V.DUMMY_ID_INVALID);

export const dummyLoginSchema = z.object({
  user_id: dummyUserIdSchema,
  password: plainText(256).optional(),
  trainer_name: trainerNameSchema.optional(),
  rate: rateSchema.optional(),
});

export const loginReplySchema = z.object({
  access_token: z.string(),
  user: userProfileSchema,
});
export type LoginReply = z.infer<typeof loginReplySchema>;

export const discordLoginReplySchema = loginReplySchema.extend({ return_to: z.string() });

/** Claims of our access tokens (HS256 JWT). */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
  exp: number;
  iat: number;
  /** Present on test-account tokens. */
  dummy?: true;
  /** For test accounts: the plain user id (spec §4 "original_user_id for dummy users"). */
  original_user_id?: string;
}

export { userIdSchema };
