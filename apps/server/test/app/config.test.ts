import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('loadConfig', () => {
  it('starts with no configuration at all, on port 3000 with PGlite under ./data', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'redacta-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.PORT).toBe(3000);
    // This machine only, until HOST opens it (an empty HOST, as a copied .env.example leaves it, too).
    expect(config.HOST).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(config.APP_URL).toBe('http://localhost:3000');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATABASE_POOL_SIZE).toBe(20);
    expect(config.isDevelopment).toBe(true);
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps the generated development secret so sessions survive a restart', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'redacta-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first.JWT_SECRET);
  });

  it('names every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        DATABASE_POOL_SIZE: '0',
        LOG_LEVEL: 'loud',
        SMTP_URL: 'not a url',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const key of ['PORT', 'DATABASE_URL', 'DATABASE_POOL_SIZE', 'LOG_LEVEL', 'SMTP_URL']) {
      expect(message).toContain(key);
    }
  });

  it('lists a chosen AI provider without its key beside every other bad key', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...env });
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).message;
      }
    };
    const anthropic = problems({ AI_PROVIDER: 'anthropic', PORT: 'eighty', NODE_ENV: 'production' });
    for (const key of ['ANTHROPIC_API_KEY', 'PORT', 'JWT_SECRET', 'APP_URL'])
      expect(anthropic).toContain(key);
    expect(problems({ AI_PROVIDER: 'openai' })).toContain('OPENAI_API_KEY');
    expect(problems({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toBe('');
    expect(problems({ ANTHROPIC_API_KEY: 'k' })).toBe('');
  });

  it('requires a JWT secret and an APP_URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET[\s\S]*APP_URL/);
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      APP_URL: 'https://app.example.com/',
    });
    expect(config.APP_URL).toBe('https://app.example.com');
  });

  it('lets outbound requests reach loopback by OUTBOUND_ALLOW_LOOPBACK or its old name, never in production', () => {
    const allowed = (env: NodeJS.ProcessEnv) =>
      loadConfig({ NODE_ENV: 'test', ...env }).OUTBOUND_ALLOW_LOOPBACK;
    expect(allowed({})).toBe(false);
    expect(allowed({ OUTBOUND_ALLOW_LOOPBACK: 'true' })).toBe(true);
    expect(allowed({ KNOWLEDGE_ALLOW_LOOPBACK: 'true' })).toBe(true);
    // The new name wins over the old one.
    expect(allowed({ OUTBOUND_ALLOW_LOOPBACK: 'false', KNOWLEDGE_ALLOW_LOOPBACK: 'true' })).toBe(false);
    expect(
      'KNOWLEDGE_ALLOW_LOOPBACK' in loadConfig({ NODE_ENV: 'test', KNOWLEDGE_ALLOW_LOOPBACK: 'true' }),
    ).toBe(false);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      APP_URL: 'https://app.example.com',
    };
    for (const key of ['OUTBOUND_ALLOW_LOOPBACK', 'KNOWLEDGE_ALLOW_LOOPBACK']) {
      expect(() => loadConfig({ ...production, [key]: 'true' })).toThrow(new RegExp(`${key}: is for tests`));
    }
  });

  it('treats empty values as unset, as a copied .env.example leaves them', () => {
    const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: '', DATABASE_URL: '', REDIS_URL: '' });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });
});
