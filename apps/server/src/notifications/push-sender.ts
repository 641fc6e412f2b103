import webPush from 'web-push';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import type { Delivery, Sender, SendResult } from './outbox.ts';
import { markDevicesLost } from './prefs.ts';
import { findSubscription, markSent, removeGoneDevice } from './subscriptions.ts';

/** Seconds a push service keeps a message for a device that is offline: a match alert is stale after 10 minutes. */
const PUSH_TTL_SECONDS = 600;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Delivers push rows: web-push encrypts the payload (JSON) for the device (aes128gcm, RFC 8291) and signs the request
 * with our VAPID key (RFC 8292); the request goes out through the app's fetch, with a timeout. A subscription the
 * push service says is gone (404/410) is removed.
 */
export class PushSender implements Sender {
  readonly channel = 'push' as const;

  constructor(
    private readonly db: Executor,
    private readonly vapid: NonNullable<Config['push']>,
    private readonly now: () => number,
    private readonly fetch: typeof globalThis.fetch,
  ) {}

  async send(delivery: Delivery): Promise<SendResult> {
    const device = await findSubscription(this.db, Number(delivery.target));
    if (!device) return { ok: false, gone: true, error: 'subscription removed' };
    const request = webPush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(delivery.payload),
      {
        vapidDetails: {
          subject: this.vapid.subject,
          publicKey: this.vapid.publicKey,
          privateKey: this.vapid.privateKey,
        },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'high',
      },
    );
    const res = await this.fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: request.body ?? null,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.ok) {
      await markSent(this.db, device.id, this.now());
      return { ok: true };
    }
    return this.failure(device.id, res);
  }

  private async failure(deviceId: number, res: Response): Promise<SendResult> {
    const error = `push service: ${res.status}`;
    if (res.status === 404 || res.status === 410) {
      const removed = await removeGoneDevice(this.db, deviceId);
      if (removed?.lastOne) await markDevicesLost(this.db, removed.userId, this.now());
      return { ok: false, gone: true, error };
    }
    const retryAfter = Number(res.headers.get('retry-after'));
    return {
      ok: false,
      error,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 && { retryAfterSeconds: retryAfter }),
      // A request the push service refuses as such (400, 401, 403, 413) will not succeed later.
      ...(res.status >= 400 && res.status < 500 && res.status !== 429 && { gone: true }),
    };
  }
}
