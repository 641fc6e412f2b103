import { describe, expect, it } from 'vitest';
import { readableLogLine } from '../src/log.ts';

describe('the development log', () => {
  it('prints a JSON line as a readable one: Japan time, level, message, fields', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 10, 28, 3, 4, 5),
      pid: 1,
      hostname: 'vm',
      reqId: 'req-1',
      msg: 'request',
      method: 'GET',
      path: '/api/queue',
      status: 200,
      ms: 1.5,
    });
    expect(readableLogLine(line)).toBe('12:04:05 INFO  request method=GET path=/api/queue status=200 ms=1.5');
  });

  it('keeps a line that is not JSON as it is, and nested values as JSON', () => {
    expect(readableLogLine('plain text')).toBe('plain text');
    const nested = JSON.stringify({ level: 50, time: 0, msg: 'oops', error: { code: 'X' } });
    expect(readableLogLine(nested)).toBe('09:00:00 ERROR oops error={"code":"X"}');
  });
});
