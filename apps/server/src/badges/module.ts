import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { badgeAdminRoutes } from './admin-routes.ts';
import { badgeRoutes } from './routes.ts';

/** Badges: owned and worn, and the admin's award (every grant goes through grantBadges). */
export function badgesModule(ctx: AppContext): Module {
  return { name: 'badges', routes: [...badgeRoutes(ctx), ...badgeAdminRoutes()] };
}
