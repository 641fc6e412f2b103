import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import type { WavesModule } from '../waves/module.ts';
import { debugAdminRoutes } from './admin-routes.ts';

/** The admin's debug and test tools (the overview's buttons and /match_test). */
export function debugModule(ctx: AppContext, needs: { waves: WavesModule }): Module {
  return { name: 'debug', routes: debugAdminRoutes(ctx, needs.waves) };
}
