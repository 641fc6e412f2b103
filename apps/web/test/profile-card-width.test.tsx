import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileCard } from '../src/features/profile/components/profile-card.tsx';
import { ProfilePreview } from '../src/features/shop/components/profile-preview.tsx';
import { buildProfile } from '../src/testing/data.ts';

// The profile card's width clamps between 120 and 300 px (spec 000 §9): the my page's card and the shop's preview.
// jsdom lays nothing out, but it applies the stylesheets' declared widths, which is what the spec fixes.

const src = join(__dirname, '..', 'src');
const styles = ['app/routes/home/home.css', 'features/shop/components/shop.css'].map((file) =>
  readFileSync(join(src, file), 'utf8'),
);

function withStyles() {
  const style = document.createElement('style');
  style.textContent = styles.join('\n');
  document.head.append(style);
}

afterEach(() => {
  for (const style of document.head.querySelectorAll('style')) style.remove();
});

const noop = () => {};

describe('profile card width', () => {
  it('clamps the my page card between 120 and 300 px', () => {
    withStyles();
    const { container } = render(
      <ProfileCard profile={buildProfile()} onEdit={noop} onLogout={noop} onEditBadge={noop} />,
    );
    const card = container.querySelector('.profile-card')!;
    expect(getComputedStyle(card).minWidth).toBe('120px');
    expect(getComputedStyle(card).maxWidth).toBe('300px');
  });

  it("clamps the shop's profile card between 120 and 300 px", () => {
    withStyles();
    const { container } = render(<ProfilePreview profile={buildProfile()} label="あなたのプロフィール" />);
    const card = container.querySelector('.profile-preview')!;
    expect(getComputedStyle(card).minWidth).toBe('120px');
    expect(getComputedStyle(card).maxWidth).toBe('300px');
  });
});
