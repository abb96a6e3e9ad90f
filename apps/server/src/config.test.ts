import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(join(tmpdir(), 'smm-config-'));

describe('loadConfig', () => {
  it('has safe embedded defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin).toBeUndefined();
    expect(config.seedDemoData).toBe(true);
    expect(config.jwtTtlSeconds).toBe(7 * 24 * 3600);
  });

  it('generates a JWT secret once, keeps it in the data directory and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('prefers JWT_SECRET and reads every documented variable', () => {
    const config = loadConfig({
      PORT: '4100',
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/smm',
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_ID: 'boss',
      ADMIN_PASSWORD: 'boss-password',
      DEPOSIT_WEBHOOK_SECRET: 'webhook-secret-123456',
      SEED_DEMO_DATA: 'false',
    });
    expect(config).toMatchObject({
      port: 4100,
      databaseUrl: 'postgres://u:p@127.0.0.1:5432/smm',
      jwtSecret: 'x'.repeat(40),
      admin: { id: 'boss', password: 'boss-password' },
      depositWebhookSecret: 'webhook-secret-123456',
      seedDemoData: false,
    });
  });

  it('stops with a readable list of every bad value', () => {
    const attempt = () =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', DATA_DIR: tempDir() });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/);
  });

  it('requires ADMIN_ID and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_ID: 'boss', DATA_DIR: tempDir() })).toThrow(
      /ADMIN_ID and ADMIN_PASSWORD/,
    );
  });
});
