import {
  type AdminUserDetail,
  type AdminUserUpdate,
  adminUserUpdateSchema,
  validationErrorOf,
} from '@rankmatch/shared';
import { parseInteger } from './parse-integer.ts';

// The user edit form (spec admin §2 user management, §5 "User update"): numbers typed as text and parsed as integers,
// only changed fields sent, nothing sent when nothing changed.

export interface UserEditState {
  rate: string;
  penalty_count: string;
  penalty_correction: string;
  is_banned: boolean;
  is_admin: boolean;
  /** The whole new list of owned badge ids. */
  owned_badges: string[];
}

export type UserEditField = keyof UserEditState;

export type UserEditOutcome =
  | { kind: 'unchanged' }
  | { kind: 'invalid'; errors: Partial<Record<UserEditField, string>> }
  | { kind: 'changed'; changes: AdminUserUpdate };

const NUMBER_FIELDS = ['rate', 'penalty_count', 'penalty_correction'] as const;

export function editStateOf(user: AdminUserDetail): UserEditState {
  return {
    rate: String(user.rate),
    penalty_count: String(user.penalty_count),
    penalty_correction: String(user.penalty_correction),
    is_banned: user.is_banned,
    is_admin: user.is_admin,
    owned_badges: [...user.owned_badges],
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** What saving the form would send: nothing, field errors (the shared schema's Japanese messages), or the changes. */
export function userUpdateOf(user: AdminUserDetail, state: UserEditState): UserEditOutcome {
  const changes: Record<string, unknown> = {};
  for (const field of NUMBER_FIELDS) {
    const value = parseInteger(state[field]);
    if (value !== user[field]) changes[field] = value;
  }
  if (state.is_banned !== user.is_banned) changes.is_banned = state.is_banned;
  if (state.is_admin !== user.is_admin) changes.is_admin = state.is_admin;
  if (!sameSet(state.owned_badges, user.owned_badges)) changes.owned_badges = state.owned_badges;
  if (Object.keys(changes).length === 0) return { kind: 'unchanged' };

  const parsed = adminUserUpdateSchema.safeParse(changes);
  if (parsed.success) return { kind: 'changed', changes: parsed.data };
  const errors: Partial<Record<UserEditField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as UserEditField;
    errors[field] ??= validationErrorOf(issue).message;
  }
  return { kind: 'invalid', errors };
}
