import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { avoidRoutes } from './routes.ts';

/**
 * マッチングを避けるプレイヤー: each player's avoid list, managed from my page (and the queue join's `blocking`), read
 * by the waves (waves/) and removed with the account (deletion/).
 */
export function avoidsModule(ctx: AppContext): Module {
  return { name: 'avoids', routes: avoidRoutes(ctx) };
}
