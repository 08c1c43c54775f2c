// Issue 23 §1: the OpenAPI 3.1 document of the API, generated from the routes' zod schemas, at
// /api/docs/json, and its readable page at /api/docs (no script, nothing from a CDN).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
type Doc = {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
};
type Operation = {
  summary: string;
  security: unknown[];
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
let doc: Doc;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  doc = res.json() as Doc;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{filtros}');

describe('GET /api/docs/json', () => {
  it('is an OpenAPI 3.1 document listing every /api route, without a session', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('API do Funil');
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const routes = t.app.apiRoutes.map((r) => `${r.method} ${openApiPath(r.url)}`);
    expect(listed.sort()).toEqual([...new Set(routes)].sort());
    expect(routes.length).toBeGreaterThan(100);
  });

  it('describes the capture URL in full: token, the fields, JSON and form bodies, the Idempotency-Key, the answers', () => {
    const op = doc.paths['/api/captacao/{token}']!.post!;
    expect(op.security).toEqual([]);
    expect(op.parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(['token']);
    expect(op.parameters.find((p) => p.in === 'header')?.name).toBe('idempotency-key');
    expect(op.parameters.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['ad_id', 'campaign_id']),
    );
    expect(Object.keys(op.requestBody!.content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    const fields = Object.keys(op.requestBody!.content['application/json']!.schema.properties ?? {});
    for (const f of ['cli_nome', 'cli_telefone', 'cli_email', 'ad_name', 'ad_id', 'adset_id', 'adset_name', 'campaign_id'])
      expect(fields).toContain(f);
    for (const f of ['campaign_name', 'plataforma', 'utm_source', 'utm_term', 'fbclid', 'gclid', 'id_externo'])
      expect(fields).toContain(f);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '404', '413', '415', '429']);
    expect(op.responses['200']!.content!['application/json']!.schema).toMatchObject({
      properties: { message: { type: 'string' }, data: { properties: { protocolo: { type: 'string' } } } },
    });
  });

  it('describes login and the gateway webhook as public, and a session route as needing the session', () => {
    const login = doc.paths['/api/login']!.post!;
    expect(login.security).toEqual([]);
    expect(login.requestBody!.content['application/json']!.schema.required).toEqual(expect.arrayContaining(['email', 'senha']));
    expect(login.responses['200']!.content).toBeDefined();
    expect(doc.paths['/api/webhooks/evolution']!.post!.security).toEqual([]);
    expect(doc.paths['/api/contato/completo/{id}']!.get!.security).toEqual([{ sessao: [] }]);
    expect(doc.paths['/api/cadastros/unidade/{id}/token']!.post!.summary).toContain('Gerar novo token');
  });
});

describe('GET /api/docs', () => {
  it('is a readable HTML page of the paths, with no script and no outside address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>API do Funil</h1>');
    expect(res.body).toContain('<code>/api/captacao/{token}</code>');
    expect(res.body).toContain('cli_telefone');
    expect(res.body).not.toMatch(/<script|https?:\/\//i);
  });
});
