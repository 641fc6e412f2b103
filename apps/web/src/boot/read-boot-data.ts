import { BOOT_DATA_ID } from '@rankmatch/shared';

// The JSON the server wrote into index.html (packages/shared/src/boot-data.ts names it), read by the entry (the page's
// JavaScript to preload) and by the app (the replies to seed): parsed once for both, again only if it changed.

let read: { text: string; data: Record<string, unknown> } | null = null;

export function readBootData(): Record<string, unknown> {
  const text = document.getElementById(BOOT_DATA_ID)?.textContent ?? '';
  if (read?.text === text) return read.data;
  let data: Record<string, unknown> = {};
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    if (value && typeof value === 'object') data = value as Record<string, unknown>;
  } catch {
    // Malformed: nothing seeded, everything requested as usual.
  }
  read = { text, data };
  return data;
}
