import type { AppContext } from '../context.ts';
import type { Module } from '../module.ts';
import { auditAdminRoutes } from './admin-routes.ts';

export function auditModule(ctx: AppContext): Module {
  return { name: 'audit', routes: auditAdminRoutes(ctx) };
}
