import type { ServerMessage } from '@rankmatch/shared';
import WebSocket from 'ws';

/** A small WebSocket test client that records messages and can wait for one of a type. */
export class TestSocket {
  readonly messages: ServerMessage[] = [];
  private waiters: { type: string; resolve: (m: ServerMessage) => void }[] = [];
  /** Messages not yet handed out by next(). */
  private unread: ServerMessage[] = [];
  closeCode: number | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as ServerMessage;
      this.messages.push(message);
      const waiter = this.waiters.find((w) => w.type === message.type);
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(message);
      } else {
        this.unread.push(message);
      }
    });
    socket.on('close', (code) => {
      this.closeCode = code;
    });
  }

  static open(url: string): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      const client = new TestSocket(socket);
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  /** The first message of a type not handed out yet (already received, or the next to come). */
  next<T extends ServerMessage['type']>(type: T, timeoutMs = 5000): Promise<Extract<ServerMessage, { type: T }>> {
    const index = this.unread.findIndex((m) => m.type === type);
    if (index >= 0) {
      const [message] = this.unread.splice(index, 1);
      return Promise.resolve(message as Extract<ServerMessage, { type: T }>);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} message within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        type,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Extract<ServerMessage, { type: T }>);
        },
      });
    });
  }

  closed(timeoutMs = 5000): Promise<number> {
    if (this.closeCode !== null) return Promise.resolve(this.closeCode);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket not closed')), timeoutMs);
      this.socket.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  close(): void {
    this.socket.close();
  }
}
