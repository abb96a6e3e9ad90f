import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { defaultWebDist } from './shared/paths';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads, with its default. README's table mirrors this. */
export const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    JWT_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 7),
    ADMIN_ID: z.string().min(1).optional(),
    ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
    SEED_DEMO_DATA: flag.default(true),
    LOGIN_MAX_FAILURES_PER_ID: z.coerce.number().int().min(1).default(10),
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    TRUST_PROXY: flag.default(false),
    WEB_DIST: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((env) => (env.ADMIN_ID === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_ID and ADMIN_PASSWORD must be set together',
  });

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: the embedded PGlite database in `dataDir`. `memory://` is the in-memory form used by tests. */
  databaseUrl?: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  admin?: { id: string; password: string };
  seedDemoData: boolean;
  loginLimits: { maxFailuresPerId: number; maxAttemptsPerAddress: number; windowSeconds: number };
  trustProxy: boolean;
  webDist: string;
  logLevel: string;
}

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value stops the process with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `- ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    jwtTtlSeconds: e.JWT_TTL_HOURS * 3600,
    admin: e.ADMIN_ID && e.ADMIN_PASSWORD ? { id: e.ADMIN_ID, password: e.ADMIN_PASSWORD } : undefined,
    seedDemoData: e.SEED_DEMO_DATA,
    loginLimits: {
      maxFailuresPerId: e.LOGIN_MAX_FAILURES_PER_ID,
      maxAttemptsPerAddress: e.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
      windowSeconds: e.LOGIN_WINDOW_MINUTES * 60,
    },
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : defaultWebDist,
    logLevel: e.LOG_LEVEL,
  };
}

/**
 * Embedded mode needs no setup, yet tokens must survive a restart: generate a secret once and keep it
 * beside the data (readable by the owner only).
 */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process wrote it first: theirs wins so all processes share one secret.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  return secret;
}
