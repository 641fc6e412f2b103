import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  absoluteImageUrl,
  BADGE_BY_ID,
  BADGES,
  type Badge,
  badgeConditionKind,
  badgeMatchesSearch,
  badgeSchema,
  getBadge,
  isBadgeId,
  isShopBadge,
  isSoldOut,
} from '../src/badges.ts';
import { BADGE_CONDITION_NOT_PURCHASABLE, BADGE_CONDITION_SHOP, BADGE_PRICES } from '../src/constants.ts';
import raw from '../src/data/badges.json' with { type: 'json' };

const PUBLIC_DIR = fileURLToPath(new URL('../../../apps/web/public', import.meta.url));
const SEASONS = [0, 1, 2, 3, 5, 6];
const RANK_TIERS = ['1位', '2位', '3位', 'TOP10', 'TOP100'];

const byDisplay = (display: string) => BADGES.filter((b) => b.display === display);
const sample: Badge = {
  id: 'badge_999',
  display: 'テスト',
  condition: '',
  is_active: true,
  type: 'basic',
  start_color: '#112233',
  end_color: '#112233',
  char_color: '#ffffff',
  image_card: '',
  banner_image: '',
  price: 100,
  max_sales: 0,
  current_sales: 0,
};

/** Minimal well-formedness check: one <svg> root with the SVG namespace, every tag closed in order. */
function checkSvg(text: string): string | null {
  const body = text.trim();
  if (!body.startsWith('<svg')) return 'does not start with <svg';
  if (!/^<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(body)) return 'missing xmlns';
  if (!body.endsWith('</svg>')) return 'does not end with </svg>';
  const stack: string[] = [];
  for (const m of body.matchAll(/<(\/?)([A-Za-z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g)) {
    const [, closing, name, , selfClosing] = m;
    if (selfClosing) continue;
    if (closing) {
      const open = stack.pop();
      if (open !== name) return `</${name}> closes <${open}>`;
    } else stack.push(name!);
    if (stack.length === 0 && m.index! + m[0].length !== body.length) return 'content after the root element';
  }
  if (stack.length) return `unclosed <${stack.join('>, <')}>`;
  if (/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/.test(body)) return 'unescaped &';
  return null;
}

describe('badge catalogue data', () => {
  it('has exactly 147 unique ids badge_001 … badge_147 in order', () => {
    expect(BADGES).toHaveLength(147);
    expect(BADGES.map((b) => b.id)).toEqual(
      Array.from({ length: 147 }, (_, i) => `badge_${String(i + 1).padStart(3, '0')}`),
    );
    expect(new Set(BADGES.map((b) => b.id)).size).toBe(147);
  });

  it('the raw JSON passes the schema without relying on defaults', () => {
    expect(raw).toHaveLength(147);
    for (const entry of raw) {
      const parsed = badgeSchema.safeParse(entry);
      expect(parsed.success, `${entry.id}: ${parsed.error?.message}`).toBe(true);
      expect(Object.keys(entry).sort()).toEqual(Object.keys(sample).sort());
    }
  });

  it('uses only the allowed prices, and most badges cost 100', () => {
    for (const b of BADGES) expect(BADGE_PRICES, b.id).toContain(b.price);
    expect(BADGES.filter((b) => b.price === 100).length).toBeGreaterThan(BADGES.length / 2);
  });

  it('ships current_sales 0 and non-negative max_sales', () => {
    for (const b of BADGES) {
      expect(b.current_sales, b.id).toBe(0);
      expect(b.max_sales, b.id).toBeGreaterThanOrEqual(0);
    }
  });

  it('has short Japanese display texts and meaningful conditions', () => {
    for (const b of BADGES) {
      expect(b.display.length, b.id).toBeLessThanOrEqual(12);
      expect(b.display, b.id).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]|^S\d TOP\d+$/);
      expect(b.display.trim(), b.id).toBe(b.display);
    }
    const kinds = new Set(BADGES.map((b) => badgeConditionKind(b.condition)));
    expect([...kinds].sort()).toEqual(['blank', 'earned', 'not_purchasable', 'shop']);
  });

  it('uses start = end colour for basic badges and distinct colours for gradients', () => {
    for (const b of BADGES) {
      if (b.type === 'basic') expect(b.end_color, b.id).toBe(b.start_color);
      if (b.type === 'gradient') expect(b.end_color, b.id).not.toBe(b.start_color);
      expect(b.char_color, b.id).not.toBe(b.start_color);
    }
    expect(new Set(BADGES.map((b) => b.type))).toEqual(new Set(['basic', 'gradient', 'image']));
  });

  it('keeps every image URL local, and only image badges have images', () => {
    for (const b of BADGES) {
      if (b.type === 'image') {
        expect(b.image_card, b.id).toBe(`/badges/${b.id}-card.svg`);
        expect(b.banner_image, b.id).toBe(`/badges/${b.id}-banner.svg`);
      } else {
        expect(b.image_card, b.id).toBe('');
        expect(b.banner_image, b.id).toBe('');
      }
    }
  });

  it('is mostly active, with a few retired badges that are not for sale', () => {
    const retired = BADGES.filter((b) => !b.is_active);
    expect(retired.length).toBeGreaterThan(0);
    expect(retired.length).toBeLessThanOrEqual(5);
    for (const b of retired) expect(b.condition, b.id).toBe(BADGE_CONDITION_NOT_PURCHASABLE);
  });
});

describe('badge families', () => {
  it('has season ranking badges for seasons 0–3 and 5–6 × 1位, 2位, 3位, TOP10, TOP100', () => {
    for (const s of SEASONS) {
      for (const tier of RANK_TIERS) {
        const found = byDisplay(`S${s} ${tier}`);
        expect(found, `S${s} ${tier}`).toHaveLength(1);
        expect(found[0]!.condition).toBe(`シーズン${s} 最終順位${tier}`);
      }
    }
    expect(BADGES.filter((b) => /^シーズン\d 最終順位/.test(b.condition))).toHaveLength(30);
  });

  it('has no season 4 badges', () => {
    expect(BADGES.filter((b) => /^S4 |シーズン4/.test(b.display + b.condition))).toEqual([]);
  });

  it('prices the season-1 and season-5 winners at 0 and other ranking badges at 100', () => {
    expect(byDisplay('S1 1位')[0]!.price).toBe(0);
    expect(byDisplay('S5 1位')[0]!.price).toBe(0);
    const free = BADGES.filter((b) => b.price === 0);
    expect(free.map((b) => b.display).sort()).toEqual(['S1 1位', 'S5 1位']);
  });

  it('has match-count badges from 100 up to at most 1000 per season, in steps of 100', () => {
    const bySeason = new Map<number, number[]>();
    for (const b of BADGES) {
      const m = /^S(\d) (\d+)戦達成$/.exec(b.display);
      if (!m) continue;
      const [s, n] = [Number(m[1]), Number(m[2])];
      expect(b.condition).toBe(`シーズン${s}で${n}試合以上プレイ`);
      bySeason.set(s, [...(bySeason.get(s) ?? []), n]);
    }
    expect([...bySeason.keys()].sort()).toEqual(SEASONS);
    for (const [s, counts] of bySeason) {
      expect(counts, `S${s}`).toEqual(Array.from({ length: counts.length }, (_, i) => (i + 1) * 100));
      expect(counts.length, `S${s}`).toBeLessThanOrEqual(10);
    }
    expect([...bySeason.values()].some((c) => c.length === 10)).toBe(true);
  });

  it('has gold licence badges for 50+ matches with zero penalties', () => {
    const gold = BADGES.filter((b) => b.display.includes('ゴールドライセンス'));
    expect(gold.length).toBeGreaterThanOrEqual(1);
    for (const b of gold) expect(b.condition).toMatch(/50試合以上かつペナルティ0$/);
  });

  it('has tournament winner, runner-up, top 16 and top 50 badges for every tournament', () => {
    const counts = new Map<string, number>();
    for (const b of BADGES) {
      const m = /^第\d+回大会 (優勝|準優勝|TOP16|TOP50)$/.exec(b.display);
      if (m) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['TOP16', 'TOP50', '優勝', '準優勝'].sort());
    expect(new Set(counts.values()).size).toBe(1);
  });

  it('sells supporter tiers at 500, 1000, 5000 and 10000', () => {
    const supporters = BADGES.filter((b) => b.display.startsWith('サポーター'));
    expect(supporters.map((b) => b.price)).toEqual([500, 1000, 5000, 10000]);
    for (const b of supporters) expect(isShopBadge(b), b.id).toBe(true);
  });

  it('sells graphic badges at 1500', () => {
    const graphics = BADGES.filter((b) => b.price === 1500);
    expect(graphics.length).toBeGreaterThanOrEqual(5);
    for (const b of graphics) {
      expect(b.type, b.id).toBe('image');
      expect(isShopBadge(b), b.id).toBe(true);
    }
  });

  it('has other image badges besides tournaments, supporters and graphics', () => {
    const other = BADGES.filter(
      (b) =>
        b.type === 'image' &&
        b.price !== 1500 &&
        !b.display.startsWith('サポーター') &&
        !/^第\d+回大会/.test(b.display),
    );
    expect(other.length).toBeGreaterThanOrEqual(5);
  });

  it('has a shop of 20–30 items with gradient and image badges, some of them limited', () => {
    const shop = BADGES.filter(isShopBadge);
    expect(shop.length).toBeGreaterThanOrEqual(20);
    expect(shop.length).toBeLessThanOrEqual(30);
    expect(new Set(shop.map((b) => b.type))).toEqual(new Set(['gradient', 'image']));
    expect(shop.filter((b) => b.max_sales > 0).length).toBeGreaterThanOrEqual(2);
    expect(shop.some(isSoldOut)).toBe(false);
    // Limits only on things for sale.
    for (const b of BADGES.filter((x) => x.max_sales > 0)) expect(isShopBadge(b), b.id).toBe(true);
  });
});

describe('badge art', () => {
  const images = BADGES.filter((b) => b.type === 'image');

  it('ships a card and a banner SVG for every image badge', () => {
    expect(images.length).toBeGreaterThan(0);
    for (const b of images) {
      for (const [url, size] of [
        [b.image_card, 'width="320" height="180"'],
        [b.banner_image, 'width="600" height="120"'],
      ] as const) {
        const file = `${PUBLIC_DIR}${url}`;
        expect(existsSync(file), file).toBe(true);
        const svg = readFileSync(file, 'utf8');
        expect(checkSvg(svg), file).toBeNull();
        expect(svg, file).toContain(size);
        expect(svg, file).toContain(`>${b.display.replace(/&/g, '&amp;')}</text>`);
        expect(svg, file).toContain("font-family=\"'Hiragino Sans','Noto Sans JP','IPAGothic',sans-serif\"");
        expect(svg, file).not.toMatch(/(href|src)="(https?:)?\/\//);
      }
    }
  });

  it('has no stale badge SVGs', () => {
    const expected = new Set(
      images.flatMap((b) => [b.image_card, b.banner_image].map((u) => u.replace('/badges/', ''))),
    );
    const onDisk = readdirSync(`${PUBLIC_DIR}/badges`).filter((n) => /^badge_.*\.svg$/.test(n));
    expect(new Set(onDisk)).toEqual(expected);
  });

  it('the SVG checker rejects broken markup', () => {
    const ok = '<svg xmlns="http://www.w3.org/2000/svg"><g><rect/></g><text>a &amp; b</text></svg>';
    expect(checkSvg(ok)).toBeNull();
    expect(checkSvg('<svg><g/></svg>')).toMatch(/xmlns/);
    expect(checkSvg('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')).not.toBeNull();
    expect(checkSvg('<svg xmlns="http://www.w3.org/2000/svg"><text>a & b</text></svg>')).toMatch(/&/);
    expect(checkSvg('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')).not.toBeNull();
  });
});

describe('badge helpers', () => {
  it('looks badges up by id', () => {
    expect(BADGE_BY_ID.size).toBe(147);
    expect(getBadge('badge_001')?.display).toBe('S0 1位');
    expect(getBadge('badge_148')).toBeUndefined();
    expect(isBadgeId('badge_147')).toBe(true);
    expect(isBadgeId('badge_000')).toBe(false);
    expect(isBadgeId('')).toBe(false);
  });

  it('prefixes protocol-relative image URLs with https:', () => {
    expect(absoluteImageUrl('//x/y.png')).toBe('https://x/y.png');
    expect(absoluteImageUrl('/badges/a.svg')).toBe('/badges/a.svg');
    expect(absoluteImageUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(absoluteImageUrl('')).toBe('');
  });

  it('treats only active support-page badges as shop badges', () => {
    expect(isShopBadge({ ...sample, condition: BADGE_CONDITION_SHOP })).toBe(true);
    expect(isShopBadge({ ...sample, condition: BADGE_CONDITION_SHOP, is_active: false })).toBe(false);
    expect(isShopBadge({ ...sample, condition: BADGE_CONDITION_NOT_PURCHASABLE })).toBe(false);
    expect(isShopBadge({ ...sample, condition: '' })).toBe(false);
    expect(isShopBadge({ ...sample, condition: `${BADGE_CONDITION_SHOP} ` })).toBe(false);
  });

  it('is sold out only when a limit exists and is reached', () => {
    expect(isSoldOut({ max_sales: 0, current_sales: 0 })).toBe(false);
    expect(isSoldOut({ max_sales: 0, current_sales: 500 })).toBe(false);
    expect(isSoldOut({ max_sales: 50, current_sales: 49 })).toBe(false);
    expect(isSoldOut({ max_sales: 50, current_sales: 50 })).toBe(true);
    expect(isSoldOut({ max_sales: 50, current_sales: 51 })).toBe(true);
  });

  it('classifies condition texts', () => {
    expect(badgeConditionKind('')).toBe('blank');
    expect(badgeConditionKind(BADGE_CONDITION_SHOP)).toBe('shop');
    expect(badgeConditionKind(BADGE_CONDITION_NOT_PURCHASABLE)).toBe('not_purchasable');
    expect(badgeConditionKind('シーズン3 最終順位1位')).toBe('earned');
  });

  it('searches display, condition and id case-insensitively', () => {
    const b = getBadge('badge_020')!; // S3 TOP100
    expect(b.display).toBe('S3 TOP100');
    expect(badgeMatchesSearch(b, 'top100')).toBe(true);
    expect(badgeMatchesSearch(b, 's3')).toBe(true);
    expect(badgeMatchesSearch(b, 'ＴＯＰ')).toBe(true); // full-width input
    expect(badgeMatchesSearch(b, '最終順位')).toBe(true); // condition
    expect(badgeMatchesSearch(b, 'BADGE_020')).toBe(true); // id
    expect(badgeMatchesSearch(b, '  ')).toBe(true); // empty query shows everything
    expect(badgeMatchesSearch(b, 'TOP10 ')).toBe(true);
    expect(badgeMatchesSearch(b, 'シーズン5')).toBe(false);
    expect(badgeMatchesSearch(b, 'badge_021')).toBe(false);
    expect(BADGES.filter((x) => badgeMatchesSearch(x, 'サポーター')).length).toBeGreaterThanOrEqual(4);
  });

  it('applies the spec defaults when fields are missing', () => {
    const parsed = badgeSchema.parse({
      id: 'badge_200',
      display: 'x',
      condition: '',
      start_color: '#000000',
      end_color: '#000000',
      char_color: '#ffffff',
      image_card: '',
      banner_image: '',
    });
    expect(parsed).toMatchObject({ type: 'basic', price: 0, max_sales: 0, current_sales: 0, is_active: true });
  });

  it('rejects malformed entries', () => {
    expect(badgeSchema.safeParse({ ...sample, price: 300 }).success).toBe(false);
    expect(badgeSchema.safeParse({ ...sample, start_color: 'red' }).success).toBe(false);
    expect(badgeSchema.safeParse({ ...sample, type: 'animated' }).success).toBe(false);
    expect(badgeSchema.safeParse({ ...sample, id: 'badge_1' }).success).toBe(false);
    expect(badgeSchema.safeParse({ ...sample, max_sales: -1 }).success).toBe(false);
    expect(badgeSchema.safeParse({ ...sample, type: 'image' }).success).toBe(false);
    expect(badgeSchema.safeParse({ ...sample, image_card: 'javascript:alert(1)' }).success).toBe(false);
  });
});
