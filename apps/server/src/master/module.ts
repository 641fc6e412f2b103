import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { masterAdminRoutes } from './admin-routes.ts';
import { masterRoutes } from './routes.ts';

/** The spec's master data (settings, badges, roster) and the admin's settings write. */
export function masterModule(ctx: AppContext): Module {
  return { name: 'master', routes: [...masterRoutes(ctx), ...masterAdminRoutes()] };
}
