// The API's OpenAPI 3.1 document (issue 23 §1), generated from the zod schemas the routes already
// validate with (app.apiRoutes, z.toJSONSchema: JSON Schema 2020-12, which OpenAPI 3.1 uses), served
// as JSON at /api/docs/json and as a readable page at /api/docs: plain HTML written here, no script
// and nothing from a CDN (the page's CSP allows no inline script; the machines reach no CDN).
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the OpenAPI document says of the route beyond its schemas. */
    docs?: { summary?: string; description?: string; headers?: z.ZodObject };
  }
}

type ApiRoute = FastifyInstance['apiRoutes'][number] & { docs?: FastifyContextConfigDocs | undefined };
type FastifyContextConfigDocs = { summary?: string; description?: string; headers?: z.ZodObject };
type JsonSchema = Record<string, unknown>;

export const OPENAPI_TITLE = 'API do Funil';

/** What the routes without a summary of their own do, by path (the public ones first). */
const SUMMARIES: Record<string, string> = {
  'POST /api/login': 'Entrar: e-mail e senha; responde o token da sessão (000 §7).',
  'POST /api/logout': 'Sair: encerra a sessão.',
  'POST /api/webhooks/evolution':
    'Webhook do gateway de WhatsApp (Evolution API v2): eventos de mensagens e conexão, ' +
    'autenticados pelo segredo da instância no cabeçalho.',
  'GET /api/setup': 'Se a primeira configuração ainda está pendente.',
  'POST /api/setup': 'Primeira configuração: a empresa, a unidade e o super-admin.',
  'POST /api/cadastros/unidade/{id}/token':
    "Gerar novo token da URL de captação da unidade ('Gerar novo token'); o anterior para na hora.",
};

/** A zod schema as JSON Schema (null when the route has none, or it cannot be written). */
function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline', cycles: 'throw' }) as JsonSchema;
    delete out.$schema;
    return out;
  } catch {
    return {};
  }
}

const openApiPath = (url: string): { path: string; names: string[] } => {
  const names: string[] = [];
  const path = url
    .replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
      names.push(name);
      return `{${name}}`;
    })
    .replace(/\*$/, () => {
      names.push('filtros');
      return '{filtros}';
    });
  return { path, names };
};

const upper = (_m: string, c?: string) => (c ? c.toUpperCase() : '');

function parametersOf(route: ApiRoute, names: string[]): JsonSchema[] {
  const schema = route.schema as FastifySchema | undefined;
  const params = jsonSchemaOf(schema?.params, 'input');
  const paramProps = (params?.properties ?? {}) as Record<string, JsonSchema>;
  const out: JsonSchema[] = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: paramProps[name] ?? {
      type: 'string',
      description: name === 'filtros' ? 'Segmentos de filtro posicionais (000 §7).' : undefined,
    },
    ...(typeof paramProps[name]?.description === 'string' ? { description: paramProps[name].description } : {}),
  }));
  for (const [where, source] of [
    ['query', schema?.querystring],
    ['header', route.docs?.headers],
  ] as const) {
    const object = jsonSchemaOf(source, 'input');
    const required = new Set((object?.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries((object?.properties ?? {}) as Record<string, JsonSchema>)) {
      out.push({
        name,
        in: where,
        required: required.has(name),
        schema: prop,
        ...(typeof prop.description === 'string' ? { description: prop.description } : {}),
      });
    }
  }
  return out;
}

const STATUS_TEXT: Record<string, string> = {
  '200': 'Sucesso',
  '201': 'Criado',
  '400': 'Dados inválidos (mensagem em português)',
  '401': 'Sem sessão, ou sessão expirada',
  '403': 'Sem permissão',
  '404': 'Não encontrado',
  '409': 'Conflito',
  '413': 'Requisição grande demais',
  '415': 'Formato do corpo não suportado',
  '429': 'Muitas requisições; veja Retry-After',
};

function operationOf(route: ApiRoute, names: string[]): JsonSchema {
  const schema = route.schema as FastifySchema | undefined;
  const key = `${route.method} ${openApiPath(route.url).path}`;
  const body = jsonSchemaOf(schema?.body, 'input');
  const responses: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries((schema?.response ?? {}) as Record<string, unknown>)) {
    const json = jsonSchemaOf(response, 'output');
    responses[status] = {
      description: STATUS_TEXT[status] ?? 'Resposta',
      ...(json ? { content: { 'application/json': { schema: json } } } : {}),
    };
  }
  if (Object.keys(responses).length === 0) responses['200'] = { description: STATUS_TEXT['200'] };
  if (!route.public && !responses['401']) responses['401'] = { description: STATUS_TEXT['401'] };
  const segment = route.url.split('/')[2] ?? 'api';
  const form = route.url === '/api/captacao/:token';
  return {
    operationId: route.method.toLowerCase() + openApiPath(route.url).path.replace(/[^A-Za-z0-9]+(.)?/g, upper),
    summary: route.docs?.summary ?? SUMMARIES[key] ?? key,
    ...(route.docs?.description ? { description: route.docs.description } : {}),
    tags: [segment],
    security: route.public ? [] : [{ sessao: [] }],
    ...(route.access ? { 'x-acesso': route.access } : {}),
    parameters: parametersOf(route, names),
    ...(body
      ? {
          requestBody: {
            required: !(schema?.body instanceof z.ZodOptional),
            content: {
              'application/json': { schema: body },
              ...(form ? { 'application/x-www-form-urlencoded': { schema: body } } : {}),
            },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every /api route (the docs' own two included). */
export function buildOpenApi(routes: readonly ApiRoute[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const { path, names } = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route, names);
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: OPENAPI_TITLE,
      version: '1',
      description:
        'Gerado dos esquemas zod com que as rotas validam. Rotas públicas: login, configuração inicial, webhooks e a URL de ' +
        'captação. As demais pedem o token da sessão (Authorization: Bearer). Erros: { message, status, fields?, code? } em português.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { sessao: { type: 'http', scheme: 'bearer' } } },
    paths: sorted,
  };
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A JSON Schema as a short readable type ('texto', 'objeto { a, b }', 'lista de número'…). */
function typeText(schema: JsonSchema | undefined, depth = 0): string {
  if (!schema || depth > 2) return '';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) return branches.map((b) => typeText(b, depth + 1)).join(' ou ');
  const type = Array.isArray(schema.type) ? (schema.type as string[]).join(' | ') : (schema.type as string | undefined);
  if (type === 'array') return `lista de ${typeText(schema.items as JsonSchema, depth + 1) || 'itens'}`;
  if (type === 'object') {
    const keys = Object.keys((schema.properties ?? {}) as object);
    return keys.length > 0 ? `objeto { ${keys.join(', ')} }` : 'objeto';
  }
  const names: Record<string, string> = {
    string: 'texto',
    integer: 'inteiro',
    number: 'número',
    boolean: 'booleano',
    null: 'nulo',
  };
  return type ? (names[type] ?? type) : 'qualquer';
}

function fieldsTable(schema: JsonSchema | undefined): string {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  const rows = Object.entries(properties).map(
    ([name, prop]) =>
      `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' *' : ''}</td><td>${escapeHtml(typeText(prop))}</td>` +
      `<td>${escapeHtml(typeof prop.description === 'string' ? prop.description : '')}</td></tr>`,
  );
  if (rows.length === 0) return schema ? `<p>${escapeHtml(typeText(schema))}</p>` : '';
  return `<table><tr><th>campo</th><th>tipo</th><th>descrição</th></tr>${rows.join('')}</table>`;
}

/** The document as one HTML page: every path with its parameters, body and answers. */
export function openApiHtml(doc: JsonSchema): string {
  const paths = doc.paths as Record<string, Record<string, JsonSchema>>;
  const sections = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const parameters = (op.parameters as JsonSchema[]).map(
        (p) =>
          `<tr><td><code>${escapeHtml(String(p.name))}</code>${p.required ? ' *' : ''}</td><td>${escapeHtml(String(p.in))}</td>` +
          `<td>${escapeHtml(typeText(p.schema as JsonSchema))}</td>` +
          `<td>${escapeHtml(typeof p.description === 'string' ? p.description : '')}</td></tr>`,
      );
      const body = (op.requestBody as { content: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      const responses = Object.entries(
        op.responses as Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>,
      )
        .map(
          ([status, r]) =>
            `<li><b>${escapeHtml(status)}</b> ${escapeHtml(r.description)}` +
            `${r.content ? fieldsTable(r.content['application/json']?.schema) : ''}</li>`,
        )
        .join('');
      const isPublic = (op.security as unknown[]).length === 0;
      return (
        `<section id="${escapeHtml(`${method}-${path}`)}"><h3><span class="m ${method}">${method.toUpperCase()}</span> ` +
        `<code>${escapeHtml(path)}</code>` +
        `${isPublic ? ' <span class="pub">pública</span>' : ''}</h3><p>${escapeHtml(String(op.summary))}</p>` +
        (op['x-acesso'] ? `<p class="acc">Telas com acesso: ${escapeHtml((op['x-acesso'] as string[]).join(', '))}</p>` : '') +
        (parameters.length > 0
          ? `<h4>Parâmetros</h4><table><tr><th>nome</th><th>onde</th><th>tipo</th><th>descrição</th></tr>${parameters.join('')}</table>`
          : '') +
        (body
          ? `<h4>Corpo (${escapeHtml(Object.keys(body).join(', '))})</h4>${fieldsTable(Object.values(body)[0]?.schema)}`
          : '') +
        `<h4>Respostas</h4><ul>${responses}</ul></section>`
      );
    }),
  );
  const info = doc.info as { title: string; description: string };
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(info.title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:24px;color:#1f2933}
section{border-top:1px solid #d9e2ec;padding:8px 0}h3{font-size:16px;margin:8px 0}h4{font-size:13px;margin:8px 0 4px}
table{border-collapse:collapse;font-size:13px;margin:4px 0}
td,th{border:1px solid #d9e2ec;padding:3px 8px;text-align:left;vertical-align:top}
.m{display:inline-block;min-width:56px;padding:2px 6px;border-radius:4px;color:#fff;font-size:12px;text-align:center}
.get{background:#2680c2}.post{background:#3f9142}.put{background:#c99a2e}.delete{background:#ba2525}.patch{background:#7b4fbd}
.pub{background:#fff3c4;border-radius:4px;padding:1px 6px;font-size:12px}.acc{color:#52606d;font-size:13px}
</style></head><body><h1>${escapeHtml(info.title)}</h1><p>${escapeHtml(info.description)}</p>
<p>O documento OpenAPI 3.1 em JSON: <a href="/api/docs/json">/api/docs/json</a>. * = obrigatório.</p>
${sections.join('\n')}
</body></html>`;
}

/** GET /api/docs (the page) and /api/docs/json (the document), public; built once, after every route is registered. */
export async function docsRoutes(app: FastifyInstance): Promise<void> {
  let cached: { json: string; html: string } | null = null;
  const built = (root: FastifyInstance) => {
    if (!cached) {
      const doc = buildOpenApi(root.apiRoutes);
      cached = { json: JSON.stringify(doc), html: openApiHtml(doc) };
    }
    return cached;
  };
  app.get('/docs/json', { config: { public: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(built(app).json),
  );
  app.get('/docs', { config: { public: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(built(app).html),
  );
}
