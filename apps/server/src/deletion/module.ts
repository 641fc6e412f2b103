import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { defineAccountDeletion } from './delete.ts';
import { deletionRoutes } from './routes.ts';

/** Account deletion (issue 38): the player's request and cancellation, and the job that deletes when it is due. */
export function deletionModule(ctx: AppContext): Module {
  defineAccountDeletion(ctx);
  return { name: 'deletion', routes: deletionRoutes() };
}
