import {
  disputeInputSchema,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_TYPES,
  evidenceParamsSchema,
  evidenceQuerySchema,
  evidenceReplySchema,
  matchIdParamsSchema,
  matchTrustSchema,
  myReportOutcomesSchema,
  myWarningsSchema,
  okReplySchema,
  warningParamsSchema,
} from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { type RouteDef, route } from '../http/route.ts';
import { fileDispute, matchTrustFor } from './disputes.ts';
import { checkUploadLimits, readEvidence, storeEvidence, uploadTarget } from './evidence.ts';
import { reencode } from './image.ts';
import { myReportOutcomes } from './outcomes.ts';
import { markWarningSeen, unseenWarnings } from './warnings.ts';

/** A player's side of trust: screenshots, disputes, warnings, what came of their reports. */
export function trustRoutes(ctx: AppContext): RouteDef[] {
  return [...evidenceRoutes(ctx), ...disputeRoutes(ctx), ...warningRoutes(ctx)];
}

/** The bytes of an upload as the client sent them, when its declared type is one we take. */
function imageBytes(contentType: string | undefined, body: unknown): Buffer {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(EVIDENCE_TYPES as readonly string[]).includes(type) || !Buffer.isBuffer(body) || body.length === 0) {
    throw new AppError('EVIDENCE_NOT_IMAGE');
  }
  if (body.length > EVIDENCE_MAX_BYTES) throw new AppError('EVIDENCE_TOO_LARGE');
  return body;
}

function evidenceRoutes(ctx: AppContext): RouteDef[] {
  const { rules } = ctx.config;
  return [
    route(
      {
        method: 'POST',
        url: '/api/evidence',
        summary: 'Uploads a screenshot for a report or a dispute of a match the caller played',
        description:
          'The body is the image itself (JPEG, PNG or WebP, at most 5 MB). It is decoded and re-encoded as WebP ' +
          'within 1920 px, metadata stripped; a report or dispute then names it by evidence_id.',
        tag: 'trust',
        access: 'user',
        query: evidenceQuerySchema,
        rawBody: {
          contentType: '*',
          description: 'image/jpeg, image/png or image/webp bytes',
          tooLarge: 'EVIDENCE_TOO_LARGE',
        },
        bodyLimit: EVIDENCE_MAX_BYTES,
        reply: evidenceReplySchema,
        errors: [
          'ADMIN_MATCH_NOT_FOUND',
          'MATCH_NOT_PARTICIPANT',
          'DISPUTE_WINDOW_CLOSED',
          'EVIDENCE_NOT_IMAGE',
          'EVIDENCE_UNREADABLE',
          'EVIDENCE_TOO_LARGE',
          'EVIDENCE_MATCH_LIMIT',
          'EVIDENCE_DAILY_LIMIT',
        ],
      },
      async ({ request, user, query, now }) => {
        const bytes = imageBytes(request.headers['content-type'], request.body);
        const target = { matchId: Number(query.match_id), userId: user.id, now };
        await uploadTarget(ctx.db, { ...target, rules });
        // The limits are read before the costly decode, and again under the match's lock before storing.
        await checkUploadLimits(ctx.db, target);
        const image = await reencode(bytes);
        if (!image) throw new AppError('EVIDENCE_UNREADABLE');
        return ctx.write(({ tx }) => storeEvidence(tx, { ...target, image }));
      },
    ),
    route(
      {
        method: 'GET',
        url: '/api/evidence/:id',
        summary: 'A screenshot, for its uploader and admins',
        tag: 'trust',
        access: 'user',
        params: evidenceParamsSchema,
        replies: { 200: { description: 'The re-encoded image', contentType: 'image/webp' } },
        errors: ['EVIDENCE_NOT_FOUND'],
      },
      async ({ user, params, reply }) => {
        const image = await readEvidence(ctx.db, Number(params.id), { id: user.id, isAdmin: user.isAdmin });
        // Private to the viewer: never kept by a shared cache, nor sniffed as anything but an image.
        return reply.type(image.contentType).header('cache-control', 'private, max-age=3600').send(image.data);
      },
    ),
  ];
}

function disputeRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/matches/:id/trust',
        summary: "A player's view of their match's disputes",
        tag: 'trust',
        access: 'user',
        params: matchIdParamsSchema,
        reply: matchTrustSchema,
        errors: ['ADMIN_MATCH_NOT_FOUND', 'MATCH_NOT_PARTICIPANT'],
      },
      ({ user, params, now }) => matchTrustFor(ctx.db, Number(params.id), user.id, now),
    ),
    route(
      {
        method: 'POST',
        url: '/api/matches/:id/dispute',
        summary: 'Contests the settled result (once, within 24 hours)',
        tag: 'trust',
        access: 'user',
        params: matchIdParamsSchema,
        body: disputeInputSchema,
        reply: matchTrustSchema,
        writes: true,
        errors: [
          'ADMIN_MATCH_NOT_FOUND',
          'MATCH_NOT_PARTICIPANT',
          'DISPUTE_NOT_SETTLED',
          'DISPUTE_WINDOW_CLOSED',
          'DISPUTE_ALREADY_FILED',
          'EVIDENCE_NOT_USABLE',
        ],
      },
      ({ work, user, params, body, now }) =>
        fileDispute(work, { matchId: Number(params.id), userId: user.id, dispute: body, now }),
    ),
  ];
}

function warningRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/users/me/warnings',
        summary: "The caller's warnings not yet seen",
        tag: 'trust',
        access: 'user',
        reply: myWarningsSchema,
      },
      async ({ user }) => ({ warnings: await unseenWarnings(ctx.db, user.id) }),
    ),
    route(
      {
        method: 'POST',
        url: '/api/users/me/warnings/:id/seen',
        summary: 'Marks a warning as read',
        tag: 'trust',
        access: 'user',
        params: warningParamsSchema,
        noBody: 'None is read (the web app sends {})',
        reply: okReplySchema,
        writes: true,
        errors: ['WARNING_NOT_FOUND'],
      },
      async ({ work, user, params, now }) => {
        await markWarningSeen(work.tx, { id: Number(params.id), userId: user.id, now });
        return { ok: true as const };
      },
    ),
    route(
      {
        method: 'GET',
        url: '/api/users/me/report-outcomes',
        summary: "What came of the caller's reports and disputes (the last 30 days)",
        tag: 'trust',
        access: 'user',
        reply: myReportOutcomesSchema,
      },
      async ({ user, now }) => ({ outcomes: await myReportOutcomes(ctx.db, user.id, now) }),
    ),
  ];
}
