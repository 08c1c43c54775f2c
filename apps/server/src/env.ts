// The only file that reads process.env; parsed once at start, a bad value stops the process.
import { isIP } from 'node:net';

import { z } from 'zod';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    FUNIL_DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    REDIS_URL: z.string().url().optional(),
    // The WhatsApp gateway (Evolution API v2). Without a URL, `npm start` runs the emulator beside the server.
    EVOLUTION_URL: z.string().url().optional(),
    EVOLUTION_API_KEY: z.string().min(8).optional(),
    // The address the gateway uses to reach our webhook.
    PUBLIC_URL: z.string().url().optional(),
    // issue 7 §5: which peers may set X-Forwarded-For. Off by default (the peer's own address is the
    // client); a hop count ("1") or a comma list of proxy addresses/CIDRs ("127.0.0.1,10.0.0.0/8").
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if (parsed !== null) return parsed;
        ctx.addIssue({
          code: 'custom',
          message: 'use false, um número de saltos ou uma lista de endereços/CIDRs separados por vírgula',
        });
        return z.NEVER;
      }),
    SEED_DEMO: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    // issue 10: on a database without users, start creates this super-admin (with a company 'Funil'
    // and a unit 'Matriz'); otherwise the browser's one-time setup screen does.
    FUNIL_ADMIN_EMAIL: z.email({ error: 'use um email válido' }).optional(),
    FUNIL_ADMIN_PASSWORD: z.string().min(8, 'use ao menos 8 caracteres').max(200).optional(),
    // issue 12, the webphone: without SIP_WS_URL `npm start` runs Kamailio and rtpengine beside the
    // server (when installed); with it, the browser registers at that server (wss:// in production)
    // in SIP_DOMAIN, with credentials signed by SIP_SECRET (auth_ephemeral's shared secret).
    SIP_WS_URL: z
      .string()
      .regex(/^wss?:\/\/\S+$/, 'use um endereço ws:// ou wss://')
      .optional(),
    SIP_DOMAIN: z.string().min(1).max(253).optional(),
    SIP_SECRET: z.string().min(16, 'use ao menos 16 caracteres').optional(),
    // Start SIPp beside the demo's SIP stack, answering as every lead's phone (busy on final 8, no answer on 7).
    SIP_DEMO_PHONE: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    // issue 21 item 22: N server processes behind one port (node:cluster); more than one needs
    // DATABASE_URL (PGlite is one process's) and REDIS_URL (events, login limits shared).
    FUNIL_WORKERS: z.coerce
      .number({ error: 'use um número inteiro de 1 a 64' })
      .int('use um número inteiro de 1 a 64')
      .min(1, 'use um número inteiro de 1 a 64')
      .max(64, 'use um número inteiro de 1 a 64')
      .default(1),
    // Set by the primary process for its workers only (start.ts): the SIP stack's reason when it could
    // not start, and the demo gateway's control address and headers (JSON) for the first worker.
    FUNIL_WORKER_SIP_UNAVAILABLE: z.string().optional(),
    FUNIL_WORKER_DEMO_GATEWAY: z.string().optional(),
    // issue 23 §2, Meta Lead Ads and the ads sync: the app (the secret never reaches the browser), the
    // Graph API and login dialog addresses (the emulator's in the demo and tests), one API version, and
    // the secret the tokens at rest are encrypted with (AES-256-GCM, key HKDF-SHA256 of META_TOKEN_KEY;
    // without it, a key kept in FUNIL_DATA_DIR/meta-token.key; production with META_APP_ID requires it).
    META_APP_ID: z
      .string()
      .regex(/^\d{1,30}$/, 'use o identificador numérico do app da Meta')
      .optional(),
    META_APP_SECRET: z.string().min(16, 'use ao menos 16 caracteres').max(200).optional(),
    META_GRAPH_URL: z.string().url().default('https://graph.facebook.com'),
    META_DIALOG_URL: z.string().url().default('https://www.facebook.com'),
    META_API_VERSION: z
      .string()
      .regex(/^v\d{2,3}\.\d$/, 'use uma versão como v26.0')
      .default('v26.0'),
    META_TOKEN_KEY: z.string().min(32, 'use ao menos 32 caracteres').optional(),
    // issue 23 §2: the verify token typed in the App Dashboard's webhook subscription (GET /api/webhooks/meta).
    META_WEBHOOK_VERIFY_TOKEN: z.string().min(8, 'use ao menos 8 caracteres').max(200).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((env) => (env.FUNIL_ADMIN_EMAIL === undefined) === (env.FUNIL_ADMIN_PASSWORD === undefined), {
    message: 'FUNIL_ADMIN_EMAIL e FUNIL_ADMIN_PASSWORD vão juntos',
    path: ['FUNIL_ADMIN_PASSWORD'],
  })
  .refine((env) => (env.META_APP_ID === undefined) === (env.META_APP_SECRET === undefined), {
    message: 'META_APP_ID e META_APP_SECRET vão juntos',
    path: ['META_APP_SECRET'],
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.META_APP_ID === undefined || env.META_TOKEN_KEY !== undefined, {
    message: 'em produção, META_APP_ID pede também META_TOKEN_KEY (a chave que cifra os tokens da Meta)',
    path: ['META_TOKEN_KEY'],
  })
  .refine((env) => env.SIP_WS_URL === undefined || (env.SIP_DOMAIN !== undefined && env.SIP_SECRET !== undefined), {
    message: 'SIP_WS_URL pede também SIP_DOMAIN e SIP_SECRET',
    path: ['SIP_WS_URL'],
  });
export type Env = z.infer<typeof envSchema>;

/** Why these settings cannot run several processes (in Portuguese), or null when they can. */
export function workersProblem(env: Pick<Env, 'FUNIL_WORKERS' | 'DATABASE_URL' | 'REDIS_URL'>): string | null {
  if (env.FUNIL_WORKERS <= 1) return null;
  const missing = [
    env.DATABASE_URL ? null : 'DATABASE_URL (um servidor PostgreSQL: o banco embutido PGlite é de um processo só)',
    env.REDIS_URL ? null : 'REDIS_URL (o Redis que os processos compartilham: eventos em tempo real e limites de login)',
  ].filter((m): m is string => m !== null);
  return missing.length ? `FUNIL_WORKERS=${env.FUNIL_WORKERS} pede ${missing.join(' e ')}.` : null;
}

/** false: trust no forwarded header; a number: trust that many hops; a list: trust those peers. */
export type TrustProxy = false | number | string[];

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

/** Reads TRUST_PROXY; null when it is not one of the accepted forms ('true', trusting anyone, is not). */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const valid = entries.every((e) => {
    if (PROXY_KEYWORDS.includes(e)) return true;
    const [address, bits, ...rest] = e.split('/');
    if (rest.length > 0 || !address) return false;
    const version = isIP(address);
    if (version === 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
  });
  return valid && entries.length > 0 ? entries : null;
}

/** The variables Funil reads (docs/deploy.md's environment file may set only these). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** Checks an environment without exiting: the settings, or one Portuguese line per problem. */
export function checkEnv(source: Record<string, string | undefined>): { ok: true; env: Env } | { ok: false; problems: string[] } {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success)
    return { ok: false, problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  const workers = workersProblem(parsed.data);
  return workers ? { ok: false, problems: [workers] } : { ok: true, env: parsed.data };
}

/** Parses the environment; prints one clear line per problem and exits on failure. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`Configuração inválida: ${issue.path.join('.')}: ${issue.message}`);
    process.exit(1);
  }
  return parsed.data;
}
