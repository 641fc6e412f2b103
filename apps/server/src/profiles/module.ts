import type { UserProfile } from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import type { Module } from '../module.ts';
import { loadProfile } from './profile.ts';
import { profileRoutes } from './routes.ts';

export interface ProfilesModule extends Module {
  /** The signed-in player's profile, as sign-ins reply with it (at the clock's time: its suspension in force). */
  loadProfile: (db: Executor, userId: string) => Promise<UserProfile | null>;
}

/** What players see of themselves (my page) and of each other (player pages, match summaries). */
export function profilesModule(ctx: AppContext): ProfilesModule {
  return {
    name: 'profiles',
    routes: profileRoutes(ctx),
    loadProfile: (db, userId) => loadProfile(db, userId, ctx.now()),
  };
}
