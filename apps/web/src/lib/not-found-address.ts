import { BOOT_KEYS } from '@rankmatch/shared';
import { readBootData } from '../boot/read-boot-data.ts';

/**
 * Whether the server already answered this address 404 (index.html says so: a missing player or match). The page
 * shows its not-found message without asking the API again (a second 404, and an error in the console). The server's
 * own render has no index.html to read (and renders only pages that exist).
 */
export function answeredNotFound(pathname: string): boolean {
  if (typeof document === 'undefined') return false;
  return readBootData()[BOOT_KEYS.notFound] === pathname;
}
