// Over 500 lines: the hostile cases are one table walked over every route; the gateway's are hostile-webhook.test.ts.
// Issue 7 §4 "Bad input answers 4xx in Portuguese and changes nothing": every /api route of
// app.apiRoutes gets a fixed set of hostile inputs in its path params, filter segments, query and
// body, as the admin of unit A1. No answer is a 5xx, every error is { message, status } in
// Portuguese without the input echoed, and a refused request leaves every table as it was.
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { DASHBOARD_CALLS, type DashboardCall } from '@funil/domain/dashboard/dashboard-api';
import {
  CONTACT_LIST_LAYOUT,
  EMPTY_SEGMENT,
  MASS_SEND_CLIENTS_LAYOUT,
  PIPELINE_LAYOUT,
  WHATSAPP_CLIENTS_LAYOUT,
  type SegmentLayout,
} from '@funil/domain/leads/filter-segments';

import { leads } from '../modules/leads/leads.table.ts';
import { phoneKey } from '../modules/leads/phone-key.ts';
import { unidades } from '../modules/tenancy/tenancy.table.ts';
import { whatsappMensagens, whatsappTickets } from '../modules/whatsapp/chat/messages.table.ts';
import { instanciasEvolution } from '../modules/whatsapp/instances/instances.table.ts';
import { changedTables, snapshotDb, writeMark, type DbSnapshot } from '../testing/db-snapshot.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const INT_OVERFLOW = 2 ** 31;
const NUL = 'a\u0000b';
const EMOJI = '😀🇧🇷';
// Issue 21 item 3: half of an emoji (a lone UTF-16 surrogate), which real phones send.
const LONE_SURROGATE = 'oi \uD83D';
// Built once: Fastify refuses it by its content-length before reading a byte.
const TEN_MB_BODY = JSON.stringify({ texto: 'x'.repeat(10 * 1024 * 1024) });
const PHONE = '11987654321';
const INSTANCE = 'inst-hostil';

/** Values for one body field; each replaces a valid value in an otherwise valid body. */
const FIELD_VALUES: readonly { name: string; value: unknown }[] = [
  { name: 'NUL', value: NUL },
  { name: '2^31', value: INT_OVERFLOW },
  { name: '2^31 em texto', value: String(INT_OVERFLOW) },
  { name: '99999999999', value: 99_999_999_999 },
  { name: '-1', value: -1 },
  { name: 'emoji', value: EMOJI },
  { name: 'surrogate solitário', value: LONE_SURROGATE },
  // Longer than most columns: a schema that lets it through must have a column that holds it.
  { name: '5.000 caracteres', value: 'y'.repeat(5000) },
  { name: '70.000 caracteres', value: 'y'.repeat(70_000) },
];

/** Values for one path param, filter segment or query value (as they appear in the URL). */
const URL_VALUES: readonly { name: string; value: string }[] = [
  { name: 'NUL', value: '%00' },
  { name: 'NUL no texto', value: 'a%00b' },
  { name: 'NUL codificado duas vezes', value: 'a%2500b' },
  { name: '2^31', value: String(INT_OVERFLOW) },
  { name: '99999999999', value: '99999999999' },
  { name: '-1', value: '-1' },
  { name: 'emoji', value: encodeURIComponent(EMOJI) },
  { name: '5.000 caracteres', value: 'x'.repeat(5000) },
  { name: 'codificação quebrada', value: '%E0%A4%A' },
];

/** Dates out of PostgreSQL's and the calendar's range in every date segment of a list (issue 7 §4). */
const DATE_VALUES = ['9999-12-31', '9999-12-31%2023%3A59%3A59', '0000-01-01', '0001-01-01', '2024-02-30'];

// English texts of zod, Fastify and Node that must never reach a user.
const ENGLISH = new RegExp(
  '\\b(the|is|are|must|should|expected|required|received|unexpected|invalid|body|request|error|not found|unsupported|' +
    'media type|content|route|method|json|string|number|too large|cannot|failed|missing|property|undefined|null)\\b',
  'i',
);

let t: TestApp;
const tokens = { a: '', u: '' };
const ids = { lead: 0, note: 0, tag: 0, ticket: 0, message: 0, user: 0, unit: 0 };
/** Unit A1's capture token (issue 23 §1): the capture URL's hostile bodies reach its validation. */
let captureToken = '';

beforeAll(async () => {
  t = await createTestApp({
    settings: {
      evolutionHabilitado: true,
      extras: {
        whatsapp_v2: true,
        clienteAtendente: true,
        edicao_status_cliente: true,
        pipeline: true,
        habilita_envio_em_massaV2: true,
      },
    },
  });
  const f = t.fixture;
  const db = t.database.db;
  ids.user = f.users.a.id;
  ids.unit = f.unitA1;
  captureToken = (await db.select({ token: unidades.token }).from(unidades).where(eq(unidades.id, f.unitA1)))[0]!.token;
  const [lead] = await db
    .insert(leads)
    .values({
      idEmpresa: f.companyA,
      idUnidade: f.unitA1,
      cliNome: 'Lead Hostil',
      cliTelefone: PHONE,
      telefoneChave: phoneKey(PHONE),
    })
    .returning({ id: leads.cliCrmId });
  ids.lead = lead!.id;
  const [instance] = await db
    .insert(instanciasEvolution)
    .values({
      idUnidade: f.unitA1,
      idEmpresa: f.companyA,
      name: INSTANCE,
      token: 'tk',
      webhookSecret: 'segredo-do-webhook-de-teste',
    })
    .returning({ id: instanciasEvolution.id });
  const [ticket] = await db
    .insert(whatsappTickets)
    .values({ idEmpresa: f.companyA, idUnidade: f.unitA1, cliCrmId: ids.lead, idInstancia: instance!.id })
    .returning({ id: whatsappTickets.id });
  ids.ticket = ticket!.id;
  const [message] = await db
    .insert(whatsappMensagens)
    .values({
      idEmpresa: f.companyA,
      idUnidade: f.unitA1,
      cliCrmId: ids.lead,
      idInstancia: instance!.id,
      fromMe: true,
      mediaType: 'chat',
      body: 'oi',
      criadoEm: new Date(),
      messageId: 'MSG1',
    })
    .returning({ id: whatsappMensagens.id });
  ids.message = message!.id;
  tokens.a = await t.login(f.users.a.email);
  tokens.u = await t.login(f.users.u.email);
  const tag = await t.as(tokens.a, { method: 'POST', url: '/api/tags', payload: { nome: 'Hostil' } });
  expect(tag.statusCode, tag.body).toBe(200);
  ids.tag = (tag.json() as { data: { id: number } }).data.id;
  const note = await t.as(tokens.a, {
    method: 'POST',
    url: `/api/negociacao/adicionaritem/${ids.lead}`,
    payload: { tipo: 2, texto: 'anotação' },
  });
  expect(note.statusCode, note.body).toBe(200);
  ids.note = (note.json() as { data: { id: number } }).data.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type Route = TestApp['app']['apiRoutes'][number];
type Finding = { route: string; input: string; status: number; problem: string; body: string };

/** A valid value for a path param of a route, by its name (and, for `id`, by what the route names). */
function validParam(route: Route, name: string): string {
  switch (name) {
    case 'instance':
      return INSTANCE;
    case 'tipo':
      return 'texto';
    case 'page':
      return '1';
    // The pipeline's column (a funnel status), its page and the CSV switches (issue 11).
    case 'n':
    case 'm':
    case 'columnId':
    case 'withFunnelStage':
    case 'campaignId':
      return '1';
    case 'campaignName':
      return '-1';
    case 'idTag':
      return String(ids.tag);
    case 'token':
      return captureToken;
    case 'idAtendente':
      return String(ids.user);
    case 'ticketId':
      return String(ids.ticket);
    case '*':
      // Every position present (the contact lists' optional date group too), the page first.
      return layoutOf(route)
        .map((field) => (field.kind === 'page' ? '1' : EMPTY_SEGMENT))
        .join('/');
    default:
      if (route.url === '/api/negociacao/removeritem/:id') return String(ids.note);
      if (route.url === '/api/messages/:id' || route.url === '/api/whatsapp/midia/:id') return String(ids.message);
      return String(ids.lead);
  }
}

/** The positional layout behind a route's '*' (whatsapp/clientes takes its page as :page). */
const layoutOf = (route: Route): SegmentLayout => {
  // The dashboards (issue 14): dashboard/{call}/* with the call's layout of @funil/domain/dashboard.
  const dashboard = /^\/api\/dashboard\/([a-z-]+)\/\*$/.exec(route.url)?.[1];
  if (dashboard) return DASHBOARD_CALLS[dashboard as DashboardCall];
  return route.url.startsWith('/api/whatsapp/clientes/')
    ? WHATSAPP_CLIENTS_LAYOUT.slice(1)
    : route.url.startsWith('/api/kanban/')
      ? PIPELINE_LAYOUT
      : route.url.startsWith('/api/envioemmassa/clientes/')
        ? MASS_SEND_CLIENTS_LAYOUT
        : CONTACT_LIST_LAYOUT;
};

const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z_]+)|\*$/g)].map((m) => m[1] ?? '*');

function urlOf(route: Route, override: Record<string, string> = {}): string {
  let url = route.url;
  for (const name of paramNames(route.url)) {
    const value = override[name] ?? validParam(route, name);
    url = name === '*' ? url.replace(/\*$/, value) : url.replace(`:${name}`, value);
  }
  return url;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
};

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The object branch of a (possibly nullable or unioned) JSON schema. */
function objectOf(schema: JsonSchema | undefined): JsonSchema | null {
  if (!schema) return null;
  if (schema.properties) return schema;
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const found = objectOf(branch);
    if (found) return found;
  }
  return null;
}

/** A plausible valid value for a field, by name first, then by type. */
function sampleOf(name: string, schema: JsonSchema): unknown {
  if (['number', 'cli_telefone', 'telefone', 'remoteJid'].includes(name)) return PHONE;
  if (['cli_crm_id', 'contactId', 'idContato'].includes(name)) return ids.lead;
  if (['idAtendente', 'idUsuario', 'userId'].includes(name)) return ids.user;
  if (name === 'idUnidade') return ids.unit;
  if (name === 'id_tag') return ids.tag;
  if (name === 'idTicket') return ids.ticket;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (!type && branch) return sampleOf(name, branch);
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return [sampleOf(name, schema.items ?? {})];
    case 'object':
      return sampleBody(schema);
    default:
      return schema.format === 'email'
        ? 'teste@teste.com.br'
        : schema.format === 'uri'
          ? 'https://exemplo.com.br/a.mp3'
          : 'Teste';
  }
}

/** The required fields of an object schema with plausible values. */
function sampleBody(schema: JsonSchema | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of schema?.required ?? []) body[key] = sampleOf(key, schema?.properties?.[key] ?? {});
  return body;
}

/** Every field path of a body schema, one level of nesting deep (objects and arrays of objects). */
function fieldPaths(schema: JsonSchema | null, prefix: string[] = [], depth = 0): string[][] {
  const object = objectOf(schema ?? undefined);
  if (!object?.properties) return [];
  const paths: string[][] = [];
  for (const [key, value] of Object.entries(object.properties)) {
    const path = [...prefix, key];
    paths.push(path);
    const inner = objectOf(value) ?? objectOf(value.items);
    if (inner && depth < 2) paths.push(...fieldPaths(inner, value.items ? [...path, '0'] : path, depth + 1));
  }
  return paths;
}

function withValue(
  base: Record<string, unknown>,
  schema: JsonSchema | null,
  path: string[],
  value: unknown,
): Record<string, unknown> {
  const body = structuredClone(base);
  let node: Record<string, unknown> = body;
  let nodeSchema = objectOf(schema ?? undefined);
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      node[key] = value;
      break;
    }
    const propSchema = nodeSchema?.properties?.[key] ?? {};
    const next = path[i + 1] === '0' ? [sampleBody(objectOf(propSchema.items))] : sampleBody(objectOf(propSchema));
    if (node[key] === undefined || typeof node[key] !== 'object') node[key] = next;
    node = node[key] as Record<string, unknown>;
    nodeSchema = path[i + 1] === '0' ? objectOf(propSchema.items) : objectOf(propSchema);
  }
  return body;
}

function multipart(fields: Record<string, string>, truncated: boolean): { payload: string; headers: Record<string, string> } {
  const boundary = '----funilHostil';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const full = `${parts.join('')}--${boundary}--\r\n`;
  return {
    payload: truncated ? full.slice(0, Math.floor(full.length / 2)) : full,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The hostile requests of one route: [label, inject options]. */
function casesOf(route: Route): [string, InjectOptions][] {
  const method = route.method as InjectOptions['method'];
  const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
  const bodySchema = jsonSchemaOf(schema?.body);
  const base = route.method === 'GET' || route.method === 'DELETE' ? undefined : sampleBody(objectOf(bodySchema ?? undefined));
  const cases: [string, InjectOptions][] = [];
  const req = (url: string, extra: Partial<InjectOptions> = {}): InjectOptions => ({
    method,
    url,
    ...(base && !('payload' in extra) ? { payload: base } : {}),
    ...extra,
  });

  // Path params and filter segments.
  for (const name of paramNames(route.url)) {
    for (const v of URL_VALUES) cases.push([`param ${name} = ${v.name}`, req(urlOf(route, { [name]: v.value }))]);
    if (name !== '*') continue;
    const segments = validParam(route, '*').split('/');
    for (const [i, field] of layoutOf(route).entries()) {
      const values =
        field.kind === 'date'
          ? [...URL_VALUES.map((v) => ({ name: v.name, value: v.value })), ...DATE_VALUES.map((d) => ({ name: d, value: d }))]
          : URL_VALUES;
      for (const v of values) {
        const tail = segments.map((s, j) => (j === i ? v.value : s)).join('/');
        cases.push([`segmento ${field.key} = ${v.name}`, req(urlOf(route, { '*': tail }))]);
      }
    }
  }
  // Query: an unknown key with NUL everywhere, and each known key with each value.
  cases.push(['query desconhecida com NUL', req(`${urlOf(route)}?q=a%00b`)]);
  const query = objectOf(jsonSchemaOf(schema?.querystring) ?? undefined);
  for (const key of Object.keys(query?.properties ?? {})) {
    for (const v of URL_VALUES) cases.push([`query ${key} = ${v.name}`, req(`${urlOf(route)}?${key}=${v.value}`)]);
  }
  if (route.method === 'GET') return cases;

  // Body: each field of the schema in turn (or a stray field where the route has no body schema).
  const paths = fieldPaths(bodySchema);
  for (const path of paths.length > 0 ? paths : [['texto']]) {
    for (const v of FIELD_VALUES)
      cases.push([
        `corpo ${path.join('.')} = ${v.name}`,
        req(urlOf(route), { payload: withValue(base ?? {}, bodySchema, path, v.value) }),
      ]);
  }
  const firstField = paths[0]?.[0] ?? 'texto';
  cases.push(['corpo de 10 MB', req(urlOf(route), { payload: TEN_MB_BODY, headers: { 'content-type': 'application/json' } })]);
  cases.push([
    'JSON malformado',
    req(urlOf(route), { payload: '{"texto": "oi"', headers: { 'content-type': 'application/json' } }),
  ]);
  cases.push(['JSON vazio', req(urlOf(route), { payload: '', headers: { 'content-type': 'application/json' } })]);
  cases.push(['tipo de conteúdo errado', req(urlOf(route), { payload: 'texto=oi', headers: { 'content-type': 'text/plain' } })]);
  cases.push([
    'tipo de conteúdo desconhecido',
    req(urlOf(route), { payload: '<a/>', headers: { 'content-type': 'application/xml' } }),
  ]);
  const formFields = Object.fromEntries(
    Object.entries(base ?? {}).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
  cases.push(['multipart truncado', req(urlOf(route), multipart({ ...formFields, [firstField]: 'valor' }, true))]);
  cases.push([
    'multipart sem fronteira',
    req(urlOf(route), { payload: 'x', headers: { 'content-type': 'multipart/form-data' } }),
  ]);
  cases.push(['multipart com NUL', req(urlOf(route), multipart({ ...formFields, [firstField]: NUL }, false))]);
  cases.push([
    'formulário com NUL',
    req(urlOf(route), { payload: `${firstField}=a%00b`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  ]);
  return cases;
}

/** What is wrong with one answer, or null. */
function problemOf(res: LightMyRequestResponse, label: string): string | null {
  if (res.statusCode >= 500) return '5xx';
  if (res.statusCode < 400) return null;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return 'erro sem JSON';
  }
  const parsed = z
    .object({
      message: z.string().min(1),
      status: z.literal(res.statusCode),
      fields: z.record(z.string(), z.string()).optional(),
    })
    .safeParse(body);
  if (!parsed.success) return 'erro fora de { message, status }';
  const message = parsed.data.message;
  if (ENGLISH.test(message)) return `mensagem em inglês: ${message}`;
  const englishField = Object.values(parsed.data.fields ?? {}).find((text) => ENGLISH.test(text));
  if (englishField) return `campo em inglês: ${englishField}`;
  if (
    message.includes('\u0000') ||
    message.includes(EMOJI) ||
    message.includes('xxxxxxxxxx') ||
    message.includes('yyyyyyyyyy') ||
    message.includes('99999999999') ||
    message.includes(String(INT_OVERFLOW))
  )
    return `mensagem ecoa a entrada (${label}): ${message}`;
  return null;
}

const call = (options: InjectOptions) => t.as(tokens.a, options);
/** A request without a session (the public routes), its lead events drained as t.as does. */
const publicCall = async (options: InjectOptions) => {
  const res = await t.app.inject(options);
  await t.app.leadEvents.drain();
  return res;
};
const errorOf = (res: LightMyRequestResponse) => ({
  status: res.statusCode,
  message: (res.json() as { message: string }).message,
});

describe('one finding each (issue 7 §4)', () => {
  it('refuses a NUL in a body text with 400 and stores nothing (a note, a tag, a call id)', async () => {
    const before = await snapshotDb(t.database.db);
    for (const [url, payload] of [
      [`/api/negociacao/adicionaritem/${ids.lead}`, { tipo: 2, texto: 'antes\u0000depois' }],
      ['/api/tags', { nome: 'tag\u0000' }],
      [`/api/contato/chamadaid/${ids.lead}`, { chamada_id: '\u0000' }],
      [`/api/contato/atualizarcontato/${ids.lead}`, { cli_nome: 'Nome\u0000', cli_telefone: PHONE }],
    ] as const) {
      expect(errorOf(await call({ method: 'POST', url, payload }))).toEqual({
        status: 400,
        message: 'O texto enviado contém um caractere inválido.',
      });
    }
    // The same in a multipart form and in an urlencoded form.
    const form = multipart({ tipo: '2', texto: 'a\u0000b' }, false);
    expect(errorOf(await call({ method: 'POST', url: `/api/negociacao/adicionaritem/${ids.lead}`, ...form })).status).toBe(400);
    const urlencoded = await call({
      method: 'POST',
      url: '/api/tags',
      payload: 'nome=a%00b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(errorOf(urlencoded).status).toBe(400);
    expect(changedTables(before, await snapshotDb(t.database.db))).toEqual([]);
  });

  it("refuses a NUL in a search segment and '%00' as an instance name with 400, not 500", async () => {
    const segments = CONTACT_LIST_LAYOUT.map((f) =>
      f.kind === 'page' ? '1' : f.key === 'texto_busca' ? 'Maria%2500' : EMPTY_SEGMENT,
    ).join('/');
    // Text segments are encoded twice: the NUL is still encoded after the router, and the filter parser refuses it.
    expect(errorOf(await call({ method: 'GET', url: `/api/contato/lista/${segments}` }))).toEqual({
      status: 400,
      message: 'Filtro inválido: valor inválido em texto_busca',
    });
    expect(errorOf(await call({ method: 'GET', url: `/api/contato/lista/${segments.replace('%2500', '%00')}` }))).toEqual({
      status: 400,
      message: 'O texto enviado contém um caractere inválido.',
    });
    const res = await call({ method: 'POST', url: '/api/message/sendText/%00', payload: { number: PHONE, text: 'oi' } });
    expect(errorOf(res)).toEqual({ status: 400, message: 'O texto enviado contém um caractere inválido.' });
  });

  it('refuses ids beyond a PostgreSQL integer with 400 in paths, bodies and filter segments', async () => {
    expect(errorOf(await call({ method: 'GET', url: '/api/messages/99999999999' }))).toEqual({
      status: 400,
      message: 'Identificador inválido.',
    });
    expect(errorOf(await call({ method: 'GET', url: `/api/contato/completo/${2 ** 31}` }))).toEqual({
      status: 400,
      message: 'Identificador inválido.',
    });
    expect(errorOf(await call({ method: 'POST', url: '/api/tickets', payload: { contactId: 2 ** 31 } }))).toEqual({
      status: 400,
      message: 'Contato inválido.',
    });
    expect(
      errorOf(
        await call({ method: 'PUT', url: `/api/contato/atribuiratendente/${ids.lead}`, payload: { idAtendente: '2147483648' } }),
      ),
    ).toEqual({ status: 400, message: 'Atendente inválido.' });
    expect(
      errorOf(
        await call({ method: 'POST', url: `/api/contato/transferircontato/${ids.lead}`, payload: { idUnidade: 99_999_999_999 } }),
      ),
    ).toEqual({ status: 400, message: 'Unidade inválida.' });
    expect(
      errorOf(await call({ method: 'POST', url: `/api/tagsClientes/${ids.lead}`, payload: { tags: [{ id_tag: 2 ** 31 }] } })),
    ).toEqual({ status: 400, message: 'Tag inválida.' });
    const whatsappSegments = [
      '1',
      ...WHATSAPP_CLIENTS_LAYOUT.slice(1).map((f) => (f.key === 'atendentes' ? '2147483648' : EMPTY_SEGMENT)),
    ].join('/');
    expect(errorOf(await t.as(tokens.u, { method: 'GET', url: `/api/whatsapp/clientes/${whatsappSegments}` }))).toEqual({
      status: 400,
      message: 'Filtro inválido: valor inválido em atendentes',
    });
  });

  it('answers the date filter 9999-12-31 on the lead lists with 400, not 500', async () => {
    for (const kind of ['lista', 'listaqualquer', 'crm']) {
      const segments = CONTACT_LIST_LAYOUT.map((f) =>
        f.kind === 'page' ? '1' : f.key === 'data_fim' ? '9999-12-31' : EMPTY_SEGMENT,
      ).join('/');
      expect(errorOf(await call({ method: 'GET', url: `/api/contato/${kind}/${segments}` }))).toEqual({
        status: 400,
        message: 'Filtro inválido: valor inválido em data_fim',
      });
    }
  });

  it('answers a truncated or boundary-less multipart body with 400 on a form route and changes nothing', async () => {
    const before = await snapshotDb(t.database.db);
    const cut = multipart({ tipo: '2', texto: 'uma anotação' }, true);
    for (const url of [
      `/api/negociacao/adicionaritem/${ids.lead}`,
      '/api/contato/importarcsv',
      `/api/messages/${ids.ticket}`,
      '/api/tags',
    ]) {
      expect(errorOf(await call({ method: 'POST', url, ...cut }))).toEqual({
        status: 400,
        message: 'O formulário enviado está incompleto ou malformado.',
      });
      expect(
        errorOf(await call({ method: 'POST', url, payload: 'x', headers: { 'content-type': 'multipart/form-data' } })),
      ).toEqual({ status: 400, message: 'O formulário enviado está incompleto ou malformado.' });
    }
    expect(changedTables(before, await snapshotDb(t.database.db))).toEqual([]);
  });

  it('answers framework errors in Portuguese without echoing the request', async () => {
    const cases: [InjectOptions, number, string][] = [
      [
        { method: 'POST', url: '/api/tags', payload: '<tag/>', headers: { 'content-type': 'application/xml' } },
        415,
        'Formato do corpo da requisição não suportado.',
      ],
      [
        { method: 'POST', url: '/api/tags', payload: TEN_MB_BODY, headers: { 'content-type': 'application/json' } },
        413,
        'A requisição é grande demais.',
      ],
      [
        { method: 'POST', url: '/api/tags', payload: '{"nome": "x"', headers: { 'content-type': 'application/json' } },
        400,
        'Dados inválidos.',
      ],
      [
        { method: 'POST', url: '/api/tags', payload: '', headers: { 'content-type': 'application/json' } },
        400,
        'Dados inválidos.',
      ],
      [{ method: 'GET', url: '/api/nao-existe/segredo' }, 404, 'Rota não encontrada.'],
      [{ method: 'PATCH', url: '/api/tags' }, 404, 'Rota não encontrada.'],
      [{ method: 'GET', url: '/api/contato/completo/%E0%A4%A' }, 400, 'Endereço da requisição inválido.'],
      [{ method: 'GET', url: `/api/instance/connect/${'x'.repeat(5000)}` }, 414, 'Endereço da requisição longo demais.'],
      [{ method: 'POST', url: '/api/tags', payload: {} }, 400, 'Nome da tag é obrigatório'],
      [{ method: 'POST', url: '/api/webhook/lead', payload: { cli_telefone: '11987654321' } }, 400, 'Campo obrigatório.'],
    ];
    for (const [options, status, message] of cases) {
      const res = await call(options);
      expect([options.method, options.url, res.json()]).toEqual([
        options.method,
        options.url,
        expect.objectContaining({ message, status }),
      ]);
      expect(res.body).not.toContain('segredo');
      expect(res.body).not.toContain('xxxxxxxxxx');
    }
  });

  it('drops a NUL a contact typed from a gateway webhook instead of refusing it (the gateway does not resend)', async () => {
    const data = {
      key: { remoteJid: `55${PHONE}@s.whatsapp.net`, fromMe: false, id: 'NUL-WEBHOOK-1' },
      pushName: 'Cli\u0000ente',
      message: { conversation: 'olá\u0000 mundo' },
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/evolution',
      headers: { 'x-funil-webhook-secret': 'segredo-do-webhook-de-teste' },
      payload: { event: 'messages.upsert', instance: INSTANCE, data },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db.select().from(whatsappMensagens).where(eq(whatsappMensagens.messageId, 'NUL-WEBHOOK-1'));
    expect(rows.map((r) => r.body)).toEqual(['olá mundo']);
    // Without the secret the NUL changes nothing: still 401.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/webhooks/evolution',
          payload: { event: 'messages.upsert', instance: INSTANCE, data },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('hostile input on every /api route (issue 7 §4)', () => {
  it('answers no 5xx, errors in Portuguese without the input, and a refused request changes no table', async () => {
    const findings: Finding[] = [];
    let before: DbSnapshot = await snapshotDb(t.database.db);
    let lastMark = await writeMark(t.database.db);
    let requests = 0;
    for (const route of t.app.apiRoutes) {
      // The admin of unit A1; the legacy chat screens are the attendant's alone (000 §6).
      let who: 'a' | 'u' = 'a';
      for (const [index, [label, options]] of casesOf(route).entries()) {
        // The lead events of the accepted request before are handled first: their consumer's position
        // (lead_eventos_consumidores) moves in the background and must not count against this request.
        await t.app.leadEvents.drain();
        const mark0 = await writeMark(t.database.db);
        if (mark0 !== lastMark) {
          before = await snapshotDb(t.database.db);
          lastMark = mark0;
        }
        // A public route (login, setup, webhooks, the capture URL) is walked without a session, as its callers post.
        let res = route.public ? await publicCall(options) : await t.as(tokens[who], options);
        if (!route.public && index === 0 && res.statusCode === 403) {
          who = 'u';
          res = await t.as(tokens[who], options);
        }
        requests += 1;
        const name = `${route.method} ${route.url}`;
        const problem = problemOf(res, label);
        if (problem) findings.push({ route: name, input: label, status: res.statusCode, problem, body: res.body.slice(0, 200) });
        // Hash every table only when something wrote since the last look.
        const mark = await writeMark(t.database.db);
        if (mark !== lastMark) {
          const after = await snapshotDb(t.database.db);
          // The stream's reader positions move in the background (an event a job wrote while this
          // request ran is read then): the reader's bookkeeping, never the request's change.
          const changed = changedTables(before, after).filter((table) => table !== 'lead_eventos_consumidores');
          if (res.statusCode >= 400 && changed.length > 0)
            findings.push({
              route: name,
              input: label,
              status: res.statusCode,
              problem: `recusado, mas mudou ${changed.join(', ')}`,
              body: res.body.slice(0, 200),
            });
          // An accepted request (an emoji is valid text) may change rows; the next one compares with it.
          before = after;
          lastMark = mark;
        }
        if (res.statusCode === 401 || (route.url === '/api/logout' && res.statusCode < 400)) {
          tokens[who] = await t.login(t.fixture.users[who].email);
          before = await snapshotDb(t.database.db);
          lastMark = await writeMark(t.database.db);
        }
      }
    }
    expect(requests).toBeGreaterThan(500);
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  }, 300_000);
});
