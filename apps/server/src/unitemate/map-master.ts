import { SETTING_IDS, settingUpdateSchema } from '@rankmatch/shared';
import type { MapContext } from './map-context.ts';
import type { BadgeRow, MasterRow, SeasonRow, SettingRow } from './rows.ts';
import type { Row } from './rows-parse.ts';

// The master data table (data_type + id): settings are mapped here; badges and seasons by their own modules; POKEMON
// and ROLE rows are left out (rankmatch's roster and roles are bundled with the site).

export interface MasterParts {
  settings: Row<SettingRow>[];
  badges: Row<BadgeRow>[];
  seasons: Row<SeasonRow>[];
}

export function splitMaster(ctx: MapContext, rows: readonly Row<MasterRow>[]): MasterParts {
  const parts: MasterParts = { settings: [], badges: [], seasons: [] };
  for (const { data, source } of rows) {
    if (data.kind === 'SETTING') parts.settings.push({ data, source });
    else if (data.kind === 'BADGE') parts.badges.push({ data, source });
    else if (data.kind === 'SEASON') parts.seasons.push({ data, source });
    else {
      const reason = `${data.data_type} のマスターデータは持ち込みません（ポケモンとロールは rankmatch に同梱）`;
      ctx.skip('master_data', `${data.data_type}#${data.id}`, source, reason);
    }
  }
  return parts;
}

/** Their settings (lobby timeouts as numbers, rules and announcement as Markdown) → rankmatch's, checked the same way. */
export function mapSettings(ctx: MapContext, rows: readonly Row<SettingRow>[]): void {
  for (const { data, source } of rows) {
    const key = `SETTING#${data.id}`;
    if (!(SETTING_IDS as readonly string[]).includes(data.id)) {
      ctx.skip('master_data', key, source, 'rankmatch にない設定です');
      continue;
    }
    const parsed = settingUpdateSchema.safeParse({ id: data.id, value: data.value });
    if (!parsed.success) {
      ctx.skip('master_data', key, source, `設定値が rankmatch の範囲外です（${parsed.error.issues[0]?.message}）`);
      continue;
    }
    ctx.result.rows.settings.push({ id: parsed.data.id, value: parsed.data.value, updatedAt: ctx.options.now });
  }
}
