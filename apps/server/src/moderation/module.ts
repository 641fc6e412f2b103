import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { moderationAdminRoutes } from './admin-routes.ts';

/** What admins do about players: the user tab's search, detail and edit (rate, penalties, ban, badges). */
export function moderationModule(ctx: AppContext): Module {
  return { name: 'moderation', routes: moderationAdminRoutes(ctx) };
}
