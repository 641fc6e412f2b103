import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { authRoutes, type ProfileLoader } from './routes.ts';
import { defineSessionPrune } from './sessions.ts';

/** Sign-in, sessions and sign-out (the routes' authentication itself is guard.ts, used by app.ts). */
export function authModule(ctx: AppContext, needs: { loadProfile: ProfileLoader }): Module {
  defineSessionPrune(ctx);
  return { name: 'auth', routes: authRoutes(ctx, needs.loadProfile) };
}
