import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTitleMark } from '../src/lib/attention/title-mark.ts';
import { buildMatch, buildProfile, myMatchReply } from '../src/testing/data.ts';
import { installFakeAudio, installFakeNotification, setPageFocus } from '../src/testing/fake-attention.ts';
import { renderApp, signInAs } from '../src/testing/render-app.tsx';

// Match-found alerts: the 【マッチング成立】 tab title while the tab is in the background, a browser notification when the
// player turned them on, and a chime that can be switched off (features/match/match-alerts.ts).

const NOTIFY_KEY = 'rankmatch.match_alert.notify';
const SOUND_KEY = 'rankmatch.match_alert.sound';
const PREFIX = '【マッチング成立】';

afterEach(() => clearTitleMark());

/** Signed in on `url`; GET /api/matches/me names match 77 once `found()` says so. */
function open(url = '/?tab=match') {
  let found = false;
  signInAs(buildProfile(), { cacheProfile: true });
  const view = renderApp(url, {
    'GET /api/matches/me': () => myMatchReply(found ? buildMatch({ match_id: '77' }) : null),
  });
  const pushMatchFound = async () => {
    await vi.waitFor(() => expect(view.sockets.last.readyState).toBe(1));
    found = true;
    await act(async () => view.sockets.push({ type: 'matchFound', match_id: '77' }));
  };
  return { ...view, pushMatchFound };
}

const alertsCard = () => screen.findByRole('region', { name: 'マッチング成立のお知らせ' });

describe('match found: tab title', () => {
  it('marks the title while the tab is in the background (also after the switch to the match tab) until focus', async () => {
    const { pushMatchFound } = open('/?tab=ranking');
    await screen.findByRole('heading', { name: 'ランキング' });
    setPageFocus(false);
    await pushMatchFound();
    expect(await screen.findByRole('heading', { name: '試合 #77' })).toBeInTheDocument();
    // The match tab set its own title; the mark is put back in front of it.
    await vi.waitFor(() => expect(document.title).toMatch(/^【マッチング成立】マッチング \| /));

    setPageFocus(true);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(document.title).toMatch(/^マッチング \| /);
    // Titles set later stay as they are.
    document.title = 'other';
    await Promise.resolve();
    expect(document.title).toBe('other');
  });

  it('leaves the title alone when the player is looking at the tab', async () => {
    const { pushMatchFound } = open();
    await alertsCard();
    setPageFocus(true);
    await pushMatchFound();
    expect(await screen.findByRole('heading', { name: '試合 #77' })).toBeInTheDocument();
    expect(document.title.startsWith(PREFIX)).toBe(false);
  });
});

describe('match found: browser notification', () => {
  it('shows one when the player turned them on and the browser allows them; focus closes it', async () => {
    localStorage.setItem(NOTIFY_KEY, 'on');
    const notifications = installFakeNotification('granted');
    const { pushMatchFound } = open();
    await alertsCard();
    setPageFocus(false);
    await pushMatchFound();
    expect(notifications.shown).toHaveLength(1);
    expect(notifications.shown[0]?.title).toBe('マッチングが成立しました');
    expect(notifications.shown[0]?.options?.body).toContain('試合 #77');
    expect(notifications.prompts).toBe(0);

    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(notifications.shown[0]?.closed).toBe(true);
  });

  it('shows none while they are off, even when the browser allows them', async () => {
    const notifications = installFakeNotification('granted');
    const { pushMatchFound } = open();
    await alertsCard();
    setPageFocus(false);
    await pushMatchFound();
    await screen.findByRole('heading', { name: '試合 #77' });
    expect(notifications.shown).toEqual([]);
  });

  it('asks for the permission only from the button, once, and remembers the choice', async () => {
    const notifications = installFakeNotification('default', 'granted');
    const { user } = open();
    const card = await alertsCard();
    expect(notifications.prompts).toBe(0);

    await user.click(within(card).getByRole('button', { name: '通知を受け取る' }));
    expect(notifications.prompts).toBe(1);
    expect(localStorage.getItem(NOTIFY_KEY)).toBe('on');
    expect(within(card).getByText('オン')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: '通知を止める' }));
    expect(localStorage.getItem(NOTIFY_KEY)).toBe('off');
    // Allowed already: turning them on again does not prompt again.
    await user.click(within(card).getByRole('button', { name: '通知を受け取る' }));
    expect(notifications.prompts).toBe(1);
    expect(localStorage.getItem(NOTIFY_KEY)).toBe('on');
  });

  it('says so when the browser blocks them', async () => {
    const notifications = installFakeNotification('default', 'denied');
    const { user } = open();
    const card = await alertsCard();
    await user.click(within(card).getByRole('button', { name: '通知を受け取る' }));
    expect(notifications.prompts).toBe(1);
    expect(await within(card).findByText(/ブラウザで通知がブロックされています/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: '通知を受け取る' })).not.toBeInTheDocument();
    expect(localStorage.getItem(NOTIFY_KEY)).toBe('off');
  });
});

describe('match found: chime', () => {
  it('plays on matchFound while on; the switch is remembered across visits and plays a sample when turned on', async () => {
    const audio = installFakeAudio();
    const first = open();
    const card = await alertsCard();
    const toggle = within(card).getByRole('checkbox', { name: '効果音を鳴らす' });
    expect(toggle).toBeChecked();
    await first.user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(localStorage.getItem(SOUND_KEY)).toBe('off');
    await first.pushMatchFound();
    await screen.findByRole('heading', { name: '試合 #77' });
    expect(audio.tones).toEqual([]);
    cleanup();

    // A new visit: still off.
    const second = open();
    const again = within(await alertsCard()).getByRole('checkbox', { name: '効果音を鳴らす' });
    expect(again).not.toBeChecked();
    await second.user.click(again);
    expect(localStorage.getItem(SOUND_KEY)).toBe('on');
    expect(audio.tones).toEqual([880, 1318.5]);
    await second.pushMatchFound();
    await screen.findByRole('heading', { name: '試合 #77' });
    expect(audio.tones).toEqual([880, 1318.5, 880, 1318.5]);
  });
});

describe('match found alerts without the browser APIs (jsdom has neither)', () => {
  it('says notifications are unsupported, offers no sound switch, and still marks the title', async () => {
    const { pushMatchFound } = open();
    const card = await alertsCard();
    expect(within(card).getByText('このブラウザは通知に対応していません。')).toBeInTheDocument();
    expect(within(card).queryByRole('checkbox')).not.toBeInTheDocument();
    setPageFocus(false);
    await pushMatchFound();
    expect(await screen.findByRole('heading', { name: '試合 #77' })).toBeInTheDocument();
    await vi.waitFor(() => expect(document.title.startsWith(PREFIX)).toBe(true));
  });
});
