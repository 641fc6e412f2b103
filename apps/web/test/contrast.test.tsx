import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BADGES } from '@rankmatch/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BadgeChip, chipColors } from '../src/components/badge-chip.tsx';
import { themeVariables } from '../src/features/season/theme.ts';
import { contrast, readableTextColor } from '../src/lib/color.ts';
import { renderApp } from '../src/testing/render-app.tsx';

// Text at least 4.5:1 against its background everywhere (issue 25: Lighthouse found badge chips, the heat map's strong
// cells, team B and the success pill below it), and the brand link named by the text it shows.

/** "rgb(r, g, b)" (jsdom's computed colours) as #rrggbb. */
function hex(color: string): string {
  if (color.startsWith('#')) return color.toLowerCase();
  const parts = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (!parts) throw new Error(`not a colour: ${color}`);
  return `#${parts
    .slice(1, 4)
    .map((c) => Number(c).toString(16).padStart(2, '0'))
    .join('')}`;
}

describe('readable text colours', () => {
  it('keeps a colour that reads, and otherwise picks dark or white text', () => {
    expect(readableTextColor('#ffffff', ['#1e3a8a'])).toBe('#ffffff');
    expect(readableTextColor('#ffffff', ['#d94a38'])).toBe('#000000');
    expect(readableTextColor('#1a1a1a', ['#101010', '#202020'])).toBe('#ffffff');
    expect(contrast('#fff', '#000')).toBeCloseTo(21);
  });

  it('every badge of the catalogue shows its name at 4.5:1 or more on its colours', () => {
    const chips = BADGES.filter((badge) => badge.type !== 'image');
    expect(chips.length).toBeGreaterThan(0);
    const unreadable: string[] = [];
    for (const badge of chips) {
      const { unmount } = render(<BadgeChip badgeId={badge.id} />);
      const chip = screen.getByTitle(badge.display);
      const text = hex(chip.style.color);
      // The colours the text sits on: the badge's, under the chip's shade when it has one.
      const { stops } = chipColors(badge);
      expect(stops.length).toBe(badge.type === 'gradient' ? 2 : 1);
      const worst = Math.min(...stops.map((bg) => contrast(text, bg) ?? 0));
      if (worst < 4.5) unreadable.push(`${badge.id} ${badge.display}: ${worst.toFixed(2)}`);
      unmount();
    }
    expect(unreadable).toEqual([]);
  });

  it("the heat map's strong cells read on the season's colour, light or dark", () => {
    // Strong cells run from 60 % of the colour (mixed with white) to 100 %: the default colour reads on both ends;
    // any colour reads on its strongest cells (a mid-tone one, such as navy mixed with white, cannot on both ends).
    const orange = themeVariables('#ff6b35');
    for (const cell of [orange['--theme'], orange['--theme-heat-60']] as string[]) {
      expect(contrast(orange['--theme-ink'] as string, cell), cell).toBeGreaterThanOrEqual(4.5);
    }
    for (const theme of ['#ffd400', '#f06292', '#1e3a8a', '#2e7d32', '#4a148c']) {
      const vars = themeVariables(theme);
      expect(contrast(vars['--theme-ink'] as string, vars['--theme'] as string), theme).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('the brand link', () => {
  it('is named by the text it shows (no aria-label that differs from it)', async () => {
    renderApp('/about');
    const brand = screen.getByRole('link', { name: 'rankmatch ポケモンユナイト ランクマッチ' });
    expect(brand).not.toHaveAttribute('aria-label');
    expect(brand.textContent).toContain('rankmatch');
    expect(brand.textContent).toContain('ポケモンユナイト ランクマッチ');
  });
});

describe('the highlighted stat card', () => {
  it('writes its unit (人) as light as its label on the dark card, not in the muted grey of a light card', () => {
    const css = readFileSync(resolve(__dirname, '../src/app/styles/global.css'), 'utf8');
    const style = document.createElement('style');
    style.textContent = css;
    document.head.append(style);
    render(
      <dl>
        <div className="stat stat--highlight">
          <dt>待機中</dt>
          <dd>
            12<small>人</small>
          </dd>
        </div>
      </dl>,
    );
    const label = getComputedStyle(screen.getByText('待機中')).color;
    expect(label).toMatch(/255/);
    expect(getComputedStyle(screen.getByText('人')).color).toBe(label);
    style.remove();
  });
});
