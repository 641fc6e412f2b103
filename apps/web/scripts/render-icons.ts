// Renders the home-screen icons of the web app manifest and iOS once, from the SVG below, with Debian's Chromium:
//   npx tsx apps/web/scripts/render-icons.ts
// The PNGs are committed (apps/web/public); run this again only when the design changes. CHROMIUM_PATH overrides
// /usr/bin/chromium. The design is the favicon's (public/favicon.svg): the theme gradient (#ff6b35 → #7c2d12) and a
// white "R" drawn as a path (GLYPH, also the favicon's), so it depends on no font: neither here nor in the browser,
// where an SVG <text> icon cost a font lookup and a layout of 20–60 ms on the page's main thread.
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/chromium-flags.ts';

const publicDir = resolve(dirname(fileURLToPath(import.meta.url)), '../public');

const GRADIENT =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff6b35"/>' +
  '<stop offset="1" stop-color="#7c2d12"/></linearGradient></defs>';
const GLYPH = 'M23 47V17h11.5a8.5 8.5 0 0 1 0 17H23 M33.5 34L44 47';

/**
 * `rounded`: the "any" icon, a rounded square on transparent corners. `full`: the background to every edge (iOS
 * masks the apple-touch-icon itself and shows transparency as black; a maskable icon is cut by the launcher), with
 * the glyph scaled into the central safe zone (a circle of 80 % of the size) when `safe` is set.
 */
function iconSvg(size: number, shape: 'rounded' | 'full', safe = false): string {
  const scale = safe ? 0.78 : 1;
  const offset = 32 - 32 * scale;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">`,
    GRADIENT,
    `<rect width="64" height="64" rx="${shape === 'rounded' ? 14 : 0}" fill="url(#g)"/>`,
    `<g transform="translate(${offset} ${offset}) scale(${scale})">`,
    `<path d="${GLYPH}" fill="none" stroke="#fff" stroke-width="6.5" stroke-linecap="round" stroke-linejoin="round"/>`,
    '</g></svg>',
  ].join('');
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: iconSvg(192, 'rounded') },
  { file: 'icon-512.png', size: 512, svg: iconSvg(512, 'rounded') },
  { file: 'icon-maskable-512.png', size: 512, svg: iconSvg(512, 'full', true) },
  { file: 'apple-touch-icon.png', size: 180, svg: iconSvg(180, 'full') },
  // The small monochrome image Android shows in the status bar (only its alpha counts).
  {
    file: 'badge-96.png',
    size: 96,
    svg:
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="96" height="96">' +
      `<path d="${GLYPH}" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(`<html><body style="margin:0;background:transparent">${icon.svg}</body></html>`);
    const png = await page.locator('svg').screenshot({ omitBackground: true, type: 'png' });
    writeFileSync(join(publicDir, icon.file), png);
    console.log(`${icon.file} ${icon.size}×${icon.size} (${png.length} bytes)`);
    await page.close();
  }
} finally {
  await browser.close();
}
