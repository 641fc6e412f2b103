import { ACCOUNT_DELETION_CHANGES_PER_HOUR, deletionRequestSchema, myDeletionSchema } from '@rankmatch/shared';
import { PerUserLimit } from '../http/per-user-limit.ts';
import { type RouteDef, route } from '../http/route.ts';
import { cancelDeletion, myDeletion, requestDeletion } from './request.ts';

/** My page's アカウントの削除: the request, its state and its cancellation (each change limited per hour). */
export function deletionRoutes(): RouteDef[] {
  const changes = new PerUserLimit(ACCOUNT_DELETION_CHANGES_PER_HOUR, 3600, 'ACCOUNT_DELETION_TOO_OFTEN');
  return [
    route(
      {
        method: 'GET',
        url: '/api/users/me/deletion',
        summary: "My account's deletion request",
        description: 'requested_at and due_at are null when no deletion is pending.',
        tag: 'users',
        access: 'user',
        reply: myDeletionSchema,
      },
      ({ user }) => myDeletion(user),
    ),
    route(
      {
        method: 'POST',
        url: '/api/users/me/deletion',
        summary: 'Asks for my account to be deleted',
        description:
          'The account is deleted (anonymised) when the grace period ends, unless cancelled. Asking again keeps the ' +
          'first request. Leaves the queue. Requests and cancellations together are limited per hour.',
        errors: ['ACCOUNT_DELETION_TOO_OFTEN'],
        tag: 'users',
        access: 'user',
        body: deletionRequestSchema,
        reply: myDeletionSchema,
        writes: true,
      },
      ({ work, user, now }) => {
        changes.take(user.id, now);
        return requestDeletion(work, user.id, now);
      },
    ),
    route(
      {
        method: 'DELETE',
        url: '/api/users/me/deletion',
        summary: "Cancels my account's deletion",
        description: 'Within the grace period. With nothing pending, nothing changes.',
        errors: ['ACCOUNT_DELETION_TOO_OFTEN'],
        tag: 'users',
        access: 'user',
        reply: myDeletionSchema,
        writes: true,
      },
      ({ work, user, now }) => {
        changes.take(user.id, now);
        return cancelDeletion(work, user.id, now);
      },
    ),
  ];
}
