import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

function isCidr(value: string): boolean {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The proxies (addresses or CIDR ranges) whose X-Forwarded-For, -Proto and -Host are believed. */
  TRUST_PROXY: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine(
      (entries) => entries.every((entry) => ipaddr.isValid(entry) || isCidr(entry)),
      'expected addresses or CIDR ranges separated by commas',
    )
    .optional(),
  APP_URL: url(['http:', 'https:']).optional(),
  /** Another origin that serves uploaded files, so that no upload runs on the app's origin. */
  USER_CONTENT_URL: url(['http:', 'https:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:', 'sqlite:', 'file:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  /** Keys and channels of this app in a Redis shared with others. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,40}$/)
    .default('cadenza:'),
  MAIL_URL: url(['smtp:', 'smtps:']).optional(),
  /** Wait before a failed mail is tried again, doubled for each later try. */
  MAIL_RETRY_MS: z.coerce.number().int().min(1).default(30_000),
  /** Google's reCAPTCHA siteverify endpoint (for example the recaptcha.net mirror). */
  RECAPTCHA_VERIFY_URL: url(['http:', 'https:']).optional(),
  FFMPEG_PATH: z.string().min(1).optional(),
  /** The server folders admins may import from the browser, separated like PATH. */
  LIBRARY_FOLDERS: z.string().min(1).optional(),
  /** How long a file in a watched folder must keep its size before it is imported. */
  LIBRARY_WATCH_SETTLE_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  /** Private networks (CIDR ranges, separated by commas) radio streams may be on: a LAN's Icecast. */
  RADIO_PRIVATE_NETWORKS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isCidr), 'expected CIDR ranges separated by commas')
    .optional(),
  /** Radio streams one instance relays at once (each is read and sent: twice its bandwidth). */
  RADIO_MAX_RELAYS: z.coerce.number().int().min(1).default(200),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  APP_DEBUG: bool.default(false),
  APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: bool.default(true),
  /** Opens `GET /metrics` to Prometheus servers that send it as a bearer token. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A file every SQL statement is appended to, with its parameters and time (profiling). */
  QUERY_LOG: z.string().min(1).optional(),
  WEB_DIST: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /** Another address for Stripe's API: a local stand-in in tests and demos. */
  STRIPE_API_BASE: url(['http:', 'https:']).optional(),
  /** Demo billing: without Stripe keys, payments go to a stand-in started with the app. */
  BILLING_DEMO: bool.default(false),
  /** ListenBrainz's API, or another server that speaks it. */
  LISTENBRAINZ_API_URL: url(['http:', 'https:']).default('https://api.listenbrainz.org'),
  LASTFM_API_KEY: z.string().min(1).optional(),
  LASTFM_API_SECRET: z.string().min(1).optional(),
  LASTFM_API_URL: url(['http:', 'https:']).default('https://ws.audioscrobbler.com/2.0/'),
  /** Last.fm's sign-in page for web applications. */
  LASTFM_AUTH_URL: url(['http:', 'https:']).default('https://www.last.fm/api/auth/'),
  /** Wait before a listen a service failed to take is sent again, doubled each time. */
  SCROBBLE_RETRY_MS: z.coerce.number().int().min(1).default(30_000),
  BILLING_DEMO_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  /** Sign-in with an OpenID Connect provider, found by discovery from its issuer URL. */
  OIDC_ISSUER: url(['http:', 'https:']).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The provider's name on the sign-in button: "Continue with …". */
  OIDC_NAME: z.string().trim().min(1).max(60).default('SSO'),
});

export type Env = z.infer<typeof envSchema>;

export type DatabaseConfig =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /**
   * The proxies in front of the app: a request from one of them is taken to come from the address
   * in X-Forwarded-For (rate limits, logs), by the scheme and host it names. Empty: none is trusted.
   */
  trustProxy: string[];
  appUrl: string;
  /**
   * The origin uploaded files are served from, by signed links, apart from the app's own (its
   * cookies, its scripts); unset, the app's origin serves them under a sandbox policy.
   */
  userContentUrl: string | undefined;
  /** True when the public URL is https: cookies get the Secure flag. */
  secureCookies: boolean;
  dataDir: string;
  database: DatabaseConfig;
  redisUrl: string | undefined;
  redisPrefix: string;
  mailUrl: string | undefined;
  mailRetryMs: number;
  recaptchaVerifyUrl: string | undefined;
  /** The ffmpeg command used to transcode audio browsers cannot play. */
  ffmpegPath: string;
  /** The folders (and their subfolders) the admin area may import; the command line may import any. */
  libraryFolders: string[];
  /** How long a file in a watched library folder must keep its size before it is imported. */
  libraryWatchSettleMs: number;
  /** Private networks radio stations' streams may be on (CIDR ranges); public addresses always. */
  radioPrivateNetworks: string[];
  /** Radio streams this instance relays at once, for all listeners. */
  radioMaxRelays: number;
  admin: { email: string; password: string | undefined };
  debug: boolean;
  appKey: string | undefined;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** The bearer token `GET /metrics` asks for; without it there are no metrics to read. */
  metricsToken: string | undefined;
  /** Where every SQL statement is logged as a JSON line; off when unset. */
  queryLog: string | undefined;
  /** Folder of the built web app. */
  webDist: string;
  /** Payments through Stripe; billing has no gateway without it. */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  /** Without `stripe`: run the payment stand-in on this port (0: any free one) for demos. */
  billingDemo: { port: number } | undefined;
  /** Where listens are sent: ListenBrainz always, Last.fm once the operator has its API key. */
  scrobbling: {
    listenBrainzUrl: string;
    lastFm: { apiKey: string; apiSecret: string; apiUrl: string; authUrl: string } | undefined;
    retryMs: number;
  };
  /** Sign-in with the operator's OpenID Connect provider; off without an issuer. */
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined;
  s3:
    | {
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      }
    | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function databaseConfig(env: Env, dataDir: string): DatabaseConfig {
  const value = env.DATABASE_URL;
  if (value && /^postgres(ql)?:/.test(value)) return { dialect: 'postgres', url: value };
  if (value) return { dialect: 'sqlite', file: value.replace(/^(sqlite|file):(\/\/)?/, '') };
  return { dialect: 'sqlite', file: path.join(dataDir, 'cadenza.sqlite') };
}

/** The only reader of the environment: turns it into a typed Config or names what is wrong. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(defined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) =>
        `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(defined[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const s3 = env.S3_BUCKET;
  if (s3 && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid environment:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET',
    );
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid environment:\n  STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY',
    );
  }
  if (Boolean(env.LASTFM_API_KEY) !== Boolean(env.LASTFM_API_SECRET)) {
    throw new ConfigError(
      'Invalid environment:\n  LASTFM_API_KEY and LASTFM_API_SECRET are needed together',
    );
  }
  if (env.OIDC_ISSUER && !(env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid environment:\n  OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const userContentUrl = env.USER_CONTENT_URL?.replace(/\/+$/, '');
  if (userContentUrl && new URL(userContentUrl).host === new URL(appUrl).host) {
    throw new ConfigError(
      `Invalid environment:\n  USER_CONTENT_URL: must be another host than APP_URL's (${new URL(appUrl).host}), for example a subdomain of its own (got ${JSON.stringify(userContentUrl)})`,
    );
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY ?? [],
    appUrl,
    userContentUrl,
    secureCookies: appUrl.startsWith('https:'),
    dataDir,
    database: databaseConfig(env, dataDir),
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    mailUrl: env.MAIL_URL,
    mailRetryMs: env.MAIL_RETRY_MS,
    recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL,
    ffmpegPath: env.FFMPEG_PATH ?? 'ffmpeg',
    libraryFolders: env.LIBRARY_FOLDERS
      ? env.LIBRARY_FOLDERS.split(path.delimiter)
          .filter(Boolean)
          .map((folder) => path.resolve(folder))
      : [path.join(dataDir, 'library')],
    libraryWatchSettleMs: env.LIBRARY_WATCH_SETTLE_MS,
    radioPrivateNetworks: env.RADIO_PRIVATE_NETWORKS ?? [],
    radioMaxRelays: env.RADIO_MAX_RELAYS,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    debug: env.APP_DEBUG,
    appKey: env.APP_KEY,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    queryLog: env.QUERY_LOG ? path.resolve(env.QUERY_LOG) : undefined,
    webDist: path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
          apiBase: env.STRIPE_API_BASE,
        }
      : undefined,
    billingDemo:
      !env.STRIPE_SECRET_KEY && env.BILLING_DEMO ? { port: env.BILLING_DEMO_PORT } : undefined,
    scrobbling: {
      listenBrainzUrl: env.LISTENBRAINZ_API_URL,
      lastFm:
        env.LASTFM_API_KEY && env.LASTFM_API_SECRET
          ? {
              apiKey: env.LASTFM_API_KEY,
              apiSecret: env.LASTFM_API_SECRET,
              apiUrl: env.LASTFM_API_URL,
              authUrl: env.LASTFM_AUTH_URL,
            }
          : undefined,
      retryMs: env.SCROBBLE_RETRY_MS,
    },
    oidc: env.OIDC_ISSUER
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID!,
          clientSecret: env.OIDC_CLIENT_SECRET!,
          name: env.OIDC_NAME,
        }
      : undefined,
    s3: s3
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: s3,
          region: env.S3_REGION ?? 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
        }
      : undefined,
  };
}
