// issue 21 item 23: the files docs/deploy.md ships (deploy/) are checked as far as this machine
// allows: the environment file against the server's own parser, the systemd unit with
// `systemd-analyze verify`, the nginx site with `nginx -t` (when nginx is installed; skipped,
// saying why, otherwise), and the backup script run against the PostgreSQL server (when it answers).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { checkEnv, ENV_VARIABLES } from '../apps/server/src/env.ts';
import { kamailioConfig } from '../apps/server/src/integrations/sip/kamailio-config.ts';
import { KAMAILIO_MODULES_DIR } from '../apps/server/src/integrations/sip/sip-stack.ts';

const DEPLOY = fileURLToPath(new URL('../deploy/', import.meta.url));
const read = (path: string) => readFileSync(join(DEPLOY, path), 'utf8');
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** KEY=value lines of an environment file (comments and blank lines skipped). */
function envFile(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)] as const;
    });
  return Object.fromEntries(entries);
}

describe('deploy/ (docs/deploy.md, issue 21 item 23)', () => {
  const example = envFile(read('funil.env.example'));

  it('funil.env.example sets only variables Funil reads, and the server accepts them as they are', () => {
    for (const key of Object.keys(example)) expect(ENV_VARIABLES, key).toContain(key);
    const checked = checkEnv(example);
    expect(checked).toMatchObject({ ok: true });
    if (!checked.ok) return;
    expect(checked.env.FUNIL_WORKERS).toBeGreaterThan(1);
    expect(checked.env.HOST).toBe('127.0.0.1');
    expect(checked.env.SEED_DEMO).toBe(false);
  });

  it('several processes without PostgreSQL or Redis are refused with the reason in Portuguese', () => {
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...without } = example;
    expect(checkEnv(without)).toEqual({
      ok: false,
      problems: [
        `FUNIL_WORKERS=${example.FUNIL_WORKERS} pede DATABASE_URL (um servidor PostgreSQL: o banco embutido PGlite é de um ` +
          `processo só) e REDIS_URL (o Redis que os processos compartilham: eventos em tempo real e limites de login).`,
      ],
    });
  });

  it.skipIf(!has('systemd-analyze'))(
    'the systemd unit passes systemd-analyze verify and stops the primary alone (it stops the workers)',
    () => {
      const unit = read('systemd/funil.service');
      expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node .*apps\/server\/src\/start\.ts$/m);
      expect(unit).toMatch(/^KillMode=mixed$/m);
      expect(unit).toMatch(/^EnvironmentFile=\/etc\/funil\/funil\.env$/m);
      expect(unit).toMatch(/^ReadWritePaths=\/var\/lib\/funil$/m);
      expect(example.FUNIL_DATA_DIR).toBe('/var/lib/funil');
      const result = spawnSync('systemd-analyze', ['verify', join(DEPLOY, 'systemd/funil.service')], { encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
    },
  );

  const nginxMissing =
    has('nginx') && has('openssl') ? null : 'nginx ou openssl não instalado (apt-get install nginx-light openssl)';
  if (nginxMissing) console.warn(`deploy.test.ts: nginx -t ignorado: ${nginxMissing}`);

  it('the nginx site proxies to PORT with WebSockets for /socket.io/ and /sip, forwards the client address, and passes nginx -t', () => {
    const site = read('nginx/funil.conf');
    expect(site).toContain(`server 127.0.0.1:${example.PORT};`);
    const socketBlock = /location \/socket\.io\/ \{([^}]*)\}/.exec(site)?.[1] ?? '';
    expect(socketBlock).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(socketBlock).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(/location \/sip \{([^}]*)\}/.exec(site)?.[1]).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(site).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(example.SIP_WS_URL).toBe(`wss://${example.SIP_DOMAIN}/sip`);
    expect(example.PUBLIC_URL).toBe(`https://${example.SIP_DOMAIN}`);
    if (nginxMissing) return;
    // The site inside a minimal nginx.conf, with a self-signed certificate where certbot's would be.
    const dir = mkdtempSync(join(tmpdir(), 'funil-nginx-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=crm.exemplo.com.br',
        '-keyout',
        join(dir, 'privkey.pem'),
        '-out',
        join(dir, 'fullchain.pem'),
      ],
      { stdio: 'ignore' },
    );
    writeFileSync(join(dir, 'funil.conf'), site.replaceAll('/etc/letsencrypt/live/crm.exemplo.com.br', dir));
    writeFileSync(
      join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/funil.conf;\n}\n`,
    );
    const result = spawnSync('nginx', ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('test is successful');
  });

  it.skipIf(!has('kamailio'))(
    "the Kamailio configuration of docs/deploy.md §7 (ws on 127.0.0.1:8080 behind nginx's /sip) passes kamailio -c",
    () => {
      expect(/location \/sip \{/.test(read('nginx/funil.conf'))).toBe(true);
      expect(read('nginx/funil.conf')).toContain('server 127.0.0.1:8080;');
      const dir = mkdtempSync(join(tmpdir(), 'funil-kamailio-'));
      const cfg = join(dir, 'kamailio.cfg');
      writeFileSync(
        cfg,
        kamailioConfig({
          udpPort: 5060,
          wsPort: 8080,
          rtpengineNgPort: 2223,
          domain: example.SIP_DOMAIN!,
          secret: 'segredo-de-teste-0123456789',
          gateway: '203.0.113.10:5060',
          modulesDir: KAMAILIO_MODULES_DIR,
        }),
      );
      const result = spawnSync('kamailio', ['-c', '-f', cfg], { encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr + result.stdout).toContain('config file ok');
    },
  );

  it.skipIf(!has('pg_dump'))('backup.sh dumps the database and packs the media folder', () => {
    const url = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
    if (spawnSync('pg_isready', ['-d', url]).status !== 0) {
      console.warn('deploy.test.ts: backup.sh ignorado: PostgreSQL inacessível');
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'funil-backup-'));
    mkdirSync(join(dir, 'data/media/1'), { recursive: true });
    writeFileSync(join(dir, 'data/media/1/10.jpg'), 'imagem');
    const result = spawnSync('sh', [join(DEPLOY, 'backup.sh')], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, DATABASE_URL: url, FUNIL_DATA_DIR: join(dir, 'data'), BACKUP_DIR: join(dir, 'backups') },
    });
    expect(result.status, result.stderr).toBe(0);
    const files = readdirSync(join(dir, 'backups'));
    expect(files.some((f) => /^funil-\d{8}T\d{6}Z\.dump$/.test(f))).toBe(true);
    const media = files.find((f) => f.startsWith('funil-media-'));
    expect(media).toBeDefined();
    expect(execFileSync('tar', ['-tzf', join(dir, 'backups', media!)], { encoding: 'utf8' })).toContain('media/1/10.jpg');
    expect(existsSync(join(dir, 'backups'))).toBe(true);
  });
});
