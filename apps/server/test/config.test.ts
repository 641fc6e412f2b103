import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'rankmatch-config-'));

describe('configuration', () => {
  it('needs nothing in development: port 3000, PGlite in DATA_DIR, a generated and persisted secret, test accounts on', () => {
    const dataDir = dir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ env: 'development', port: 3000, databaseUrl: undefined, discord: null });
    expect(config.dummyLogin.enabled).toBe(true);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('listens on this machine only outside production, and keeps password-less test accounts off the network', () => {
    expect(loadConfig({ DATA_DIR: dir() }).host).toBe('127.0.0.1');
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SHOP_ENABLED: 'false' };
    expect(loadConfig({ ...production, DATA_DIR: dir() }).host).toBe('0.0.0.0');
    // Anyone on the same wifi would sign in as dummy_admin (issue 36, item 20).
    expect(() => loadConfig({ HOST: '0.0.0.0', DATA_DIR: dir() })).toThrow(/DUMMY_LOGIN_PASSWORD/);
    expect(() => loadConfig({ HOST: '192.168.1.20', DATA_DIR: dir() })).toThrow(/ネットワークの誰でも/);
    expect(loadConfig({ HOST: '0.0.0.0', DUMMY_LOGIN_PASSWORD: 'pw', DATA_DIR: dir() }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0', ENABLE_DUMMY_LOGIN: 'false', DATA_DIR: dir() }).dummyLogin.enabled).toBe(
      false,
    );
    expect(loadConfig({ HOST: 'localhost', DATA_DIR: dir() }).host).toBe('localhost');
  });

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir() })).toThrow(/JWT_SECRET/);
  });

  it('turns test accounts off in production unless enabled explicitly, which then needs a password', () => {
    // Production without Stripe keys runs with the shop off (the test payment is refused there: shop.test.ts).
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SHOP_ENABLED: 'false' };
    expect(loadConfig(production).dummyLogin.enabled).toBe(false);
    expect(() => loadConfig({ ...production, ENABLE_DUMMY_LOGIN: 'true' })).toThrow(/DUMMY_LOGIN_PASSWORD/);
    const on = loadConfig({
      ...production,
      ENABLE_DUMMY_LOGIN: 'true',
      DUMMY_LOGIN_PASSWORD: 'pw',
    });
    expect(on.dummyLogin).toEqual({ enabled: true, password: 'pw' });
  });

  it('explains every bad value in Japanese', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'http://x',
        JWT_SECRET: 'short',
        DATA_DIR: dir(),
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const message = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'JWT_SECRET']) expect(message).toContain(name);
      expect(message).toContain('設定（環境変数）が正しくありません');
    }
  });

  it('needs both Discord credentials, and reads endpoint bases and admins', () => {
    expect(() => loadConfig({ DISCORD_CLIENT_ID: 'id', DATA_DIR: dir() })).toThrow(/DISCORD_CLIENT_SECRET/);
    const config = loadConfig({
      DATA_DIR: dir(),
      DISCORD_CLIENT_ID: 'id',
      DISCORD_CLIENT_SECRET: 'secret',
      DISCORD_API_BASE: 'http://127.0.0.1:9999/api/',
      ADMIN_USER_IDS: ' 1, 2 ,,3',
      DATABASE_URL: 'postgres://u@h/db',
    });
    expect(config.discord).toMatchObject({
      apiBase: 'http://127.0.0.1:9999/api',
      authorizeUrl: 'https://discord.com/oauth2/authorize',
    });
    expect(config.adminUserIds).toEqual(['1', '2', '3']);
    expect(config.databaseUrl).toBe('postgres://u@h/db');
  });
});
