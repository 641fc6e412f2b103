import { preloadableLazy } from '../../../lib/preloadable-lazy.ts';

// My page (profile, badges, achievements, history, purchases) is a signed-in player's tab: its own chunk, loaded with
// the top page when the address opens on it (routes.ts), so it renders on the server and in the browser at once.
export const myPageTab = preloadableLazy(() => import('./mypage-tab.tsx').then((m) => m.MyPageTab));
