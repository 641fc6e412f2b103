import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { queueRoutes } from './routes.ts';

/** The queue: who waits (joins and leaves; the waves take from it, waves/). */
export function queueModule(ctx: AppContext): Module {
  return { name: 'queue', routes: queueRoutes(ctx) };
}
