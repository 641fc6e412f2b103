import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { loadProfile } from './profile.ts';
import { profileRoutes } from './routes.ts';

export interface ProfilesModule extends Module {
  /** The signed-in player's profile, as sign-ins reply with it. */
  loadProfile: typeof loadProfile;
}

/** What players see of themselves (my page) and of each other (player pages, match summaries). */
export function profilesModule(ctx: AppContext): ProfilesModule {
  return { name: 'profiles', routes: profileRoutes(ctx), loadProfile };
}
