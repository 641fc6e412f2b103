import type { debugQueueFillReplySchema, z } from '@rankmatch/shared';
import { ADMIN_TEXTS } from '../texts.ts';

const T = ADMIN_TEXTS.overview;

/** How many test accounts joined the queue, and why the others were skipped. */
export function FillResult({ reply }: { reply: z.infer<typeof debugQueueFillReplySchema> }) {
  return (
    <>
      <p>{T.filled(reply.enqueued.length, reply.skipped.length)}</p>
      {reply.skipped.length > 0 && (
        <ul className="admin-tool__skipped">
          {reply.skipped.map((s) => (
            <li key={s.user_id}>{T.skippedLine(s.user_id, s.reason)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
