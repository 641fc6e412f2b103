import { type ShopFilter, SHOP_TEXTS as T } from '../texts.ts';

const FILTERS = Object.keys(T.filters) as ShopFilter[];

/** すべて / グラデーション / 画像: toggle buttons, one pressed. */
export function BadgeFilter({ value, onChange }: { value: ShopFilter; onChange: (filter: ShopFilter) => void }) {
  return (
    <fieldset className="shop-filter">
      <legend className="visually-hidden">{T.filterLabel}</legend>
      {FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          className="shop-filter__button"
          aria-pressed={value === filter}
          onClick={() => onChange(filter)}
        >
          {T.filters[filter]}
        </button>
      ))}
    </fieldset>
  );
}
