import type { ReadyCheck } from '@rankmatch/shared';
import { playChime } from '../../lib/attention/chime.ts';
import { notificationState, showNotification } from '../../lib/attention/notifications.ts';
import { markTitleUntilFocus, pageHasFocus } from '../../lib/attention/title-mark.ts';
import { createLocalSetting } from '../../lib/local-setting.ts';
import { MATCH_TEXTS } from './texts.ts';

// What tells a player waiting with the tab in the background that a match was found: players wait up to two minutes
// per wave, and the lobby timer starts at once.

const T = MATCH_TEXTS.alerts;

/** Browser notifications: off until the player turns them on from the queue panel (and the browser allows them). */
export const notifySetting = createLocalSetting('rankmatch.match_alert.notify', ['on', 'off'] as const, 'off');
/** The chime: on unless the player turns it off. */
export const soundSetting = createLocalSetting('rankmatch.match_alert.sound', ['on', 'off'] as const, 'on');

export function notificationsEnabled(): boolean {
  return notifySetting.get() === 'on' && notificationState() === 'granted';
}

/**
 * A match was found: the chime (when on); and while the player is away from the tab, a browser notification (when
 * on) and the 【マッチング成立】 title, both cleared when the tab gets the focus again.
 */
export function alertMatchFound(matchId: string): void {
  if (soundSetting.get() === 'on') playChime();
  if (pageHasFocus()) return;
  // The tag a push of the same match carries (server: notifications/messages.ts): one notification, not two.
  const notification = notificationsEnabled()
    ? showNotification(T.notificationTitle, { body: T.notificationBody(matchId), tag: `match-${matchId}` })
    : null;
  markTitleUntilFocus(T.titlePrefix, () => notification?.close());
}

/**
 * A ready check opened for the player (issue 35): the same alert as a found match (chime; away from the tab, the
 * notification and the 【準備確認】 title), with the seconds left to press 準備完了. Its tag is the one the server's
 * push of the same check carries.
 */
export function alertReadyCheck(check: ReadyCheck): void {
  if (soundSetting.get() === 'on') playChime();
  if (pageHasFocus()) return;
  const seconds = Math.max(0, check.deadline_at - Math.floor(Date.now() / 1000));
  const notification = notificationsEnabled()
    ? showNotification(T.readyNotificationTitle, {
        body: T.readyNotificationBody(seconds),
        tag: `ready-${check.ready_check_id}`,
      })
    : null;
  markTitleUntilFocus(T.readyTitlePrefix, () => notification?.close());
}
