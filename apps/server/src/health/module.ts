import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { healthRoutes } from './routes.ts';

export function healthModule(ctx: AppContext): Module {
  return { name: 'health', routes: healthRoutes(ctx) };
}
