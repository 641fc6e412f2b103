// Browser notifications (the Notification API), for news that should reach a player whose tab is in the background.
// Permission is only ever asked from a click (browsers ignore or penalise prompts on page load); every call degrades
// to nothing where the API is missing (older mobile browsers, jsdom).

export type NotificationState = NotificationPermission | 'unsupported';

function api(): typeof Notification | undefined {
  return (globalThis as { Notification?: typeof Notification }).Notification;
}

/** 'granted', 'denied', 'default' (not asked yet, or the prompt was dismissed) or 'unsupported'. */
export function notificationState(): NotificationState {
  return api()?.permission ?? 'unsupported';
}

/** Shows the browser's permission prompt; call it from a click. Resolves to the new state. */
export async function requestNotificationPermission(): Promise<NotificationState> {
  const Api = api();
  if (!Api) return 'unsupported';
  try {
    return await Api.requestPermission();
  } catch {
    return Api.permission;
  }
}

/** A notification that brings the tab to the front when clicked; null when not allowed or not possible. */
export function showNotification(title: string, options: NotificationOptions): Notification | null {
  const Api = api();
  if (Api?.permission !== 'granted') return null;
  try {
    const notification = new Api(title, options);
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
    return notification;
  } catch {
    // Chrome on Android allows notifications only from a service worker: the title and the sound still tell.
    return null;
  }
}
