import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { matchAdminRoutes } from './admin-routes.ts';
import { ReportQueue } from './report-queue.ts';
import { matchRoutes } from './routes.ts';

/** Matches: the players' match screen and reports, settlement, and the admin's match tab and correction. */
export function matchesModule(ctx: AppContext): Module {
  const reports = new ReportQueue(ctx.write);
  return { name: 'matches', routes: [...matchRoutes(ctx, reports), ...matchAdminRoutes(ctx)] };
}
