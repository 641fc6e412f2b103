import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { type LeaveHook, queueRoutes } from './routes.ts';

/**
 * The queue: who waits (joins and leaves; the waves take from it, waves/). A player's leave first lets the ready
 * check that holds their entry fail (ready/ sits above the queue, so it comes as a need).
 */
export function queueModule(ctx: AppContext, needs: { beforeLeave: LeaveHook }): Module {
  return { name: 'queue', routes: queueRoutes(ctx, needs.beforeLeave) };
}
