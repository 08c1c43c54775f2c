// 000 §4, §8: the bearer token on every call, data unwrapped and parsed, and a 401 in the status or
// in the body ending the session.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import type { CurrentUser } from '@funil/domain/auth/login';

import { serveApi, type SentRequest } from '../testing/api-server.ts';
import { ApiError } from './api-error.ts';
import { http } from './http-client.ts';
import { endSession, getAuth, getEndNotice, startSession } from './session.ts';

const user: CurrentUser = {
  idUser: 3,
  name: 'Adriana Moreira',
  permissao: 'a',
  nomePermissao: 'Administrador da Unidade',
  webphone: false,
  idUnidade: 1,
  idEmpresa: 1,
  habilita_mensagem_whatsapp: false,
  idAtendente: 3,
  dataAtualizacao: '2025-11-20T10:00:00.000Z',
  dataDeslogar: null,
};

type Received = SentRequest & { url: string; headers: Headers };

/** The fake API (the web test kit's MSW server) answers every request so; returns the requests as they arrived. */
function answer(status: number, body: unknown): Received[] {
  const received: Received[] = [];
  serveApi((request, raw) => {
    const url = new URL(raw.url);
    received.push({ ...request, url: url.pathname + url.search, headers: raw.headers });
    return { status, body };
  });
  return received;
}

beforeEach(async () => {
  endSession();
  await startSession({ token: 'tok-1', expiresIn: 600, lembrar: true, currentUser: user });
});

describe('http client', () => {
  it('sends the bearer token and returns the parsed data', async () => {
    const received = answer(200, { data: [{ id: 1, nome: 'Quente' }] });
    const rows = await http.get('/tags', z.array(z.object({ id: z.number(), nome: z.string() })));
    expect(rows).toEqual([{ id: 1, nome: 'Quente' }]);
    expect(received[0]?.headers.get('authorization')).toBe('Bearer tok-1');
    expect(received[0]?.url).toBe('/api/tags');
  });

  it('turns an error answer into an ApiError with the server message and fields', async () => {
    answer(400, { message: 'Dados inválidos.', status: 400, fields: { nome: 'Nome é obrigatório' } });
    const error = await http.post('/tags', { nome: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Dados inválidos.', fields: { nome: 'Nome é obrigatório' } });
    expect(getAuth().isLoggedIn).toBe(true);
  });

  it('logs out on a 401 status', async () => {
    answer(401, { message: 'Sessão expirada. Faça login novamente.', status: 401 });
    await expect(http.get('/cadastros/dados-unidade')).rejects.toMatchObject({ status: 401 });
    expect(getAuth().isLoggedIn).toBe(false);
    // The login screen tells why.
    expect(getEndNotice()).toBe('Sessão expirada. Faça login novamente.');
  });

  it('logs out on a 401 carried in the body of a 200', async () => {
    answer(200, { message: 'Sessão expirada. Faça login novamente.', status: 401 });
    await expect(http.get('/orientacoes/lista')).rejects.toMatchObject({ status: 401 });
    expect(getAuth().isLoggedIn).toBe(false);
  });
});

describe('http.upload (multipart, 000 §4 CSV import)', () => {
  const job = z.object({ id: z.number(), status: z.string() });
  const formWithFile = () => {
    const form = new FormData();
    form.append('arquivo', new File(['cli_nome,cli_telefone\n'], 'leads.csv', { type: 'text/csv' }), 'leads.csv');
    return form;
  };

  it('posts the form as is with the bearer token, lets the browser set the multipart type and returns the parsed data', async () => {
    const received = answer(202, { data: { id: 9, status: 'queued' } });
    await expect(http.upload('/contato/importarcsv', formWithFile(), job)).resolves.toEqual({ id: 9, status: 'queued' });
    const [request] = received;
    expect(request?.url).toBe('/api/contato/importarcsv');
    expect(request?.method).toBe('POST');
    // The form arrives as it was built: its file, with its name and content.
    const file = (request?.body as FormData).get('arquivo') as File;
    expect(file.name).toBe('leads.csv');
    expect(await file.text()).toBe('cli_nome,cli_telefone\n');
    expect(request?.headers.get('authorization')).toBe('Bearer tok-1');
    // A type the client set itself would have no boundary: only the one fetch writes for the form has it.
    expect(request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('turns a refusal into an ApiError with the server message, keeping the session', async () => {
    answer(413, { message: 'Arquivo inválido', status: 413 });
    const error = await http.upload('/contato/importarcsv', formWithFile(), job).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: 'Arquivo inválido' });
    expect(getAuth().isLoggedIn).toBe(true);
  });

  it('logs out on a 401, as the JSON calls do', async () => {
    answer(401, { message: 'Sessão expirada. Faça login novamente.', status: 401 });
    await expect(http.upload('/contato/importarcsv', formWithFile(), job)).rejects.toMatchObject({ status: 401 });
    expect(getAuth().isLoggedIn).toBe(false);
    expect(getEndNotice()).toBe('Sessão expirada. Faça login novamente.');
  });

  it('refuses an answer outside the contract', async () => {
    answer(202, { data: { id: 'nove' } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(http.upload('/contato/importarcsv', formWithFile(), job)).rejects.toBeInstanceOf(ApiError);
  });
});
