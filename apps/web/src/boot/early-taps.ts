// Taps on a server-rendered page before the app has taken it over: a button does nothing yet (its handler is not
// attached), so the tap is kept, and clicked again once the app has taken the page over (the server's elements are
// the app's own after hydration). Links work by themselves (a page load) and are left alone. From the moment React
// takes the page over, taps are React's: it replays those on parts it has not taken over yet itself.

const CONTROLS = 'button, [role="button"], [role="tab"], summary, label, input, select';
const kept: Element[] = [];
let root: HTMLElement | null = null;

function keep(event: MouseEvent): void {
  const control = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
  if (!control || control.closest('a[href]')) return;
  event.preventDefault();
  event.stopPropagation();
  if (!kept.includes(control)) kept.push(control);
}

/** Starts keeping taps on the server's page (main.tsx, before anything else loads). */
export function keepEarlyTaps(container: HTMLElement): void {
  root = container;
  root.addEventListener('click', keep, true);
}

/** Stops keeping taps: called just before React takes the page over. */
export function stopKeepingTaps(): void {
  root?.removeEventListener('click', keep, true);
  root = null;
}

/** Clicks again what was tapped before the app took the page over (still on the page, once each, in order). */
export function replayEarlyTaps(): void {
  for (const control of kept.splice(0)) {
    if (control.isConnected && control instanceof HTMLElement) control.click();
  }
}
