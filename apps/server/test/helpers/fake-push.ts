import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local push service: the receiving side of the Web Push protocol, as a browser vendor's push service and the
// browser together would see it. It checks the VAPID authorization (RFC 8292: an ES256 JWT for this origin, signed
// by the key in k=) and decrypts the payload with the subscription's own keys (RFC 8291 + RFC 8188 aes128gcm), so
// the server's encryption and signature are really checked, not assumed.

export interface FakeDevice {
  id: string;
  /** What the browser's PushSubscription.toJSON() gives the page. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ReturnType<typeof createECDH>;
  authSecret: Buffer;
}

export interface ReceivedPush {
  deviceId: string;
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  claims: { aud: string; exp: number; sub: string };
  vapidKey: string;
}

type Mode = { status: number; headers?: Record<string, string>; times?: number } | { delayMs: number };

const b64u = (buf: Buffer) => buf.toString('base64url');

export class FakePushService {
  readonly received: ReceivedPush[] = [];
  /** Requests refused, with why (a broken signature or encryption shows here). */
  readonly refused: { deviceId: string; status: number; reason: string }[] = [];
  private readonly devices = new Map<string, FakeDevice>();
  private readonly modes = new Map<string, Mode>();
  private server!: Server;
  origin = '';

  /** `now` (unix seconds) judges the VAPID token's expiry: a rehearsal's server signs on its simulated clock. */
  constructor(private readonly now: () => number = () => Date.now() / 1000) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void this.handle(req, Buffer.concat(chunks)).then(({ status, headers }) => {
          res.writeHead(status, headers ?? {});
          res.end();
        });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A browser's subscription on this service: its own P-256 key pair and auth secret. */
  device(): FakeDevice {
    const id = randomBytes(8).toString('hex');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const device: FakeDevice = {
      id,
      ecdh,
      authSecret,
      subscription: {
        endpoint: `${this.origin}/push/${id}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(authSecret) },
      },
    };
    this.devices.set(id, device);
    return device;
  }

  /** The next requests to this device get this answer (410 gone, 429 with Retry-After…) or are held this long. */
  answer(deviceId: string, mode: Mode): void {
    this.modes.set(deviceId, mode);
  }

  messagesOf(deviceId: string): unknown[] {
    return this.received.filter((r) => r.deviceId === deviceId).map((r) => r.payload);
  }

  private async handle(
    req: IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; headers?: Record<string, string> }> {
    const id = /^\/push\/([0-9a-f]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const device = this.devices.get(id);
    const refuse = (status: number, reason: string) => {
      this.refused.push({ deviceId: id, status, reason });
      return { status };
    };
    if (req.method !== 'POST') return refuse(405, 'method');
    if (!device) return refuse(404, 'unknown subscription');
    const mode = this.modes.get(id);
    if (mode && 'delayMs' in mode) await new Promise((r) => setTimeout(r, mode.delayMs));
    if (mode && 'status' in mode) {
      if (mode.times !== undefined && --mode.times <= 0) this.modes.delete(id);
      return { status: mode.status, ...(mode.headers && { headers: mode.headers }) };
    }
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL header missing');
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'content-encoding is not aes128gcm');
    const vapid = checkVapid(String(req.headers.authorization ?? ''), this.origin, this.now());
    if ('error' in vapid) return refuse(403, vapid.error);
    let payload: unknown;
    try {
      payload = JSON.parse(decrypt(body, device).toString('utf8'));
    } catch (err) {
      return refuse(400, `payload: ${(err as Error).message}`);
    }
    const urgency = req.headers.urgency as string | undefined;
    this.received.push({ deviceId: id, payload, ttl, urgency, claims: vapid.claims, vapidKey: vapid.key });
    return { status: 201 };
  }
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256-signed by k, for this origin, not expired. */
function checkVapid(
  authorization: string,
  origin: string,
  now: number,
): { claims: ReceivedPush['claims']; key: string } | { error: string } {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization);
  if (!m) return { error: 'no vapid authorization' };
  const [token, key] = [m[1] as string, m[2] as string];
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return { error: 'k is not an uncompressed P-256 key' };
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return { error: 'vapid signature does not verify' };
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  if (head.alg !== 'ES256') return { error: 'vapid alg is not ES256' };
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as ReceivedPush['claims'];
  if (c.aud !== origin) return { error: `vapid aud ${c.aud} is not ${origin}` };
  if (!(c.exp > now && c.exp <= now + 86_400)) return { error: 'vapid exp outside the next 24 hours' };
  if (!/^(mailto:|https:\/\/)/.test(c.sub ?? '')) return { error: 'vapid sub is not mailto: or https:' };
  return { claims: c, key };
}

/** RFC 8291 key derivation and RFC 8188 aes128gcm, one record (what Web Push payloads are). */
function decrypt(body: Buffer, device: FakeDevice): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] as number;
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('keyid is not the server key');
  if (record.length > recordSize) throw new Error('more than one record');
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}
