// Full page navigations, behind one object so tests can observe them (jsdom cannot navigate).
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
