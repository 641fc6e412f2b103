import { vi } from 'vitest';

// Fakes of the browser's Notification and Web Audio APIs, which jsdom lacks: they record what the app asked for.

export interface ShownNotification {
  title: string;
  options: NotificationOptions | undefined;
  closed: boolean;
}

/**
 * Installs `window.Notification` with the given permission; requestPermission answers `answer` (and counts the
 * prompts).
 */
export function installFakeNotification(
  permission: NotificationPermission,
  answer: NotificationPermission = permission,
) {
  const record = { prompts: 0, shown: [] as ShownNotification[] };
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static async requestPermission(): Promise<NotificationPermission> {
      record.prompts += 1;
      FakeNotification.permission = answer;
      return answer;
    }
    onclick: (() => void) | null = null;
    private readonly entry: ShownNotification;
    constructor(title: string, options?: NotificationOptions) {
      this.entry = { title, options, closed: false };
      record.shown.push(this.entry);
    }
    close(): void {
      this.entry.closed = true;
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return record;
}

/** Installs `window.AudioContext`; `tones` lists the frequency of every tone started, `closed` the closed contexts. */
export function installFakeAudio() {
  const record = { tones: [] as number[], closed: 0 };
  class FakeAudioContext {
    state: AudioContextState = 'running';
    currentTime = 0;
    destination = {};
    createOscillator() {
      let frequency = 0;
      return {
        type: 'sine',
        frequency: {
          setValueAtTime: (value: number) => {
            frequency = value;
          },
        },
        onended: null as (() => void) | null,
        connect: () => undefined,
        start: () => {
          record.tones.push(frequency);
        },
        stop: () => undefined,
      };
    }
    createGain() {
      return {
        gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
        connect: () => undefined,
      };
    }
    resume(): Promise<void> {
      return Promise.resolve();
    }
    close(): Promise<void> {
      record.closed += 1;
      return Promise.resolve();
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return record;
}

/** Whether the page reports the focus (jsdom's answer depends on earlier clicks): the background is `false`. */
export function setPageFocus(focused: boolean): void {
  vi.spyOn(document, 'hasFocus').mockReturnValue(focused);
}
