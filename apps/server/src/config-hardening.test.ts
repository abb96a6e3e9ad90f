import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(join(tmpdir(), 'smm-config-'));

describe('a kept jwt-secret is held to the JWT_SECRET rule', () => {
  it.each([
    ['empty', ''],
    ['blank', ' \n'],
    ['one character', 'a'],
    ['31 characters', 'x'.repeat(31)],
  ])('stops the start when the file is %s, naming the file and the fix', (_name, content) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'jwt-secret'), content);
    const attempt = () => loadConfig({ DATA_DIR: dir });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/jwt-secret[\s\S]*at least 32 characters[\s\S]*Delete the file/);
  });

  it('accepts a kept secret of 32 characters or more, and JWT_SECRET overrides a bad file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'jwt-secret'), `${'k'.repeat(32)}\n`);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe('k'.repeat(32));
    writeFileSync(join(dir, 'jwt-secret'), 'a');
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'j'.repeat(40) }).jwtSecret).toBe('j'.repeat(40));
  });

  it('generates a full-length secret when none is kept, and leaves no temporary file', () => {
    const dir = tempDir();
    const secret = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(secret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(secret);
    expect(readdirSync(dir)).toEqual(['jwt-secret']);
  });
});

describe('ADMIN_ID', () => {
  it('must be an id a member could sign in with', () => {
    for (const id of ['adm', 'admİn', 'ad min', 'admin\u200B']) {
      expect(
        () => loadConfig({ DATA_DIR: tempDir(), ADMIN_ID: id, ADMIN_PASSWORD: 'admin-pass-1' }),
        id,
      ).toThrow(/ADMIN_ID must be 4–30 ASCII letters/);
    }
    expect(
      loadConfig({ DATA_DIR: tempDir(), ADMIN_ID: 'Boss.1', ADMIN_PASSWORD: 'admin-pass-1' }).admin?.id,
    ).toBe('Boss.1');
  });
});
