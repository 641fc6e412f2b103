import { BOOT_KEYS } from '@rankmatch/shared';
import { readBootData } from '../boot/read-boot-data.ts';

/**
 * Whether the server already answered this address 404 (index.html says so: a missing player or match). The page
 * shows its not-found message without asking the API again (a second 404, and an error in the console).
 */
export const answeredNotFound = (pathname: string, data: Record<string, unknown> = readBootData()): boolean =>
  data[BOOT_KEYS.notFound] === pathname;
