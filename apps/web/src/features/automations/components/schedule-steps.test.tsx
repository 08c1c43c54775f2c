// Issue 25 'Steps' on /automacao: the builder's 'Agendar ligação' and 'Agendar mensagem no WhatsApp'
// steps, read top to bottom and saved with their time after the step.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { RuleView } from '@funil/domain/automations/automations';

import { stubApi } from '../../../components/ui/admin-test-kit.tsx';
import { renderWithProviders } from '../../../testing/kit.tsx';
import { AutomationsScreen } from './automations-screen.tsx';
import { openBuilder, stepRows } from './builder-test-kit.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('../../../testing/kit.tsx')).sessionModule);
vi.mock('../../../lib/unit-data.ts', () => ({
  unitDataQuery: { queryKey: ['unit-data'] },
  useLoadedUnitData: () => ({
    statusNegociacao: [{ id: 4, idFunil: 4, nome: 'Em negociação', cor: '#000', descricao: null }],
    statusNegociacaoVenda: [{ id: 1, idFunilVenda: 1, nome: 'Sem venda', cor: '#000', descricao: null }],
    usuarios: [],
    tags: [],
    plataformas: [],
  }),
}));
// Four steps through MUI selects: ~15 s alone, twice that beside the other helpers' work.
vi.setConfig({ testTimeout: 60_000 });

const rule: RuleView = {
  id: 1,
  nome: 'Retorno',
  gatilho: { tipo: 'captado', canal: null },
  opcoes: { limiteDiario: 1 },
  passos: [{ tipo: 'agendar-ligacao', quantidade: 2, unidade: 'horas' }],
  habilitado: true,
  dataCad: '2026-11-20T13:00:00.000Z',
  dataAtualizacao: '2026-11-20T13:00:00.000Z',
};

afterEach(cleanup);

describe("/automacao: 'Agendar ligação' and 'Agendar mensagem no WhatsApp' (issue 25 'Steps')", () => {
  it('adds the scheduling, quick message and media steps, reads them top to bottom and saves their times', async () => {
    const sent = stubApi({
      'GET /automacoes': { body: { data: [rule] } },
      'GET /automacoes/typebot': { body: { data: { url: '', fluxos: [] } } },
      'GET /whatsapp/modelos': {
        body: {
          data: {
            modelos_empresa: [],
            categorias_empresa: [],
            modelos_unidade: [
              { idModelo: 7, idCategoria: 1, nomeCategoria: 'Geral', tituloMensagem: 'Saudação', mensagem: 'Oi [nome_cliente]!' },
            ],
            categorias_unidade: [],
            modelos_atendente: [],
            categorias_atendente: [],
            escopo_criacao: 'unidade',
            escopos_editaveis: ['unidade'],
          },
        },
      },
      'POST /automacoes': (body) => ({
        status: 201,
        body: { message: 'Automação cadastrada com sucesso!', data: { ...rule, ...(body as object) } },
      }),
    });
    renderWithProviders(<AutomationsScreen />);
    const { dialog, add } = await openBuilder('Retorno', 'Retorno do lead');
    await add('Agendar ligação');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Prazo do agendamento no passo 1' }), {
      target: { value: '3' },
    });
    await add('Agendar mensagem no WhatsApp');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Mensagem agendada do passo 2' }), {
      target: { value: 'Olá [nome_cliente], posso ajudar?' },
    });
    await add('Enviar mensagem rápida');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Mensagem rápida' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Saudação' }));
    await add('Enviar mídia (imagem, documento ou áudio)');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Endereço da mídia do passo 4' }), {
      target: { value: 'https://cdn.exemplo.com.br/catalogo.jpg' },
    });
    expect(stepRows(dialog)).toEqual([
      '1 | Agendar ligação | Agendar ligação para daqui a 3 dias',
      '2 | Agendar mensagem no WhatsApp | Agendar mensagem no WhatsApp para daqui a 1 dia: "Olá [nome_cliente], posso ajudar?"',
      '3 | Enviar mensagem rápida | Enviar a mensagem rápida "Saudação"',
      '4 | Enviar mídia (imagem, documento ou áudio) | Enviar imagem no WhatsApp: https://cdn.exemplo.com.br/catalogo.jpg',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')?.body).toMatchObject({
      passos: [
        { tipo: 'agendar-ligacao', quantidade: 3, unidade: 'dias' },
        { tipo: 'agendar-mensagem', texto: 'Olá [nome_cliente], posso ajudar?', quantidade: 1, unidade: 'dias' },
        { tipo: 'mensagem-rapida', idModelo: 7 },
        { tipo: 'midia', midia: 'imagem', url: 'https://cdn.exemplo.com.br/catalogo.jpg', legenda: '' },
      ],
    });
  });

  it("'Enviar mídia' as an audio: a voice message by its address, without the caption field, saved as midia 'audio'", async () => {
    const sent = stubApi({
      'GET /automacoes': { body: { data: [rule] } },
      'GET /automacoes/typebot': { body: { data: { url: '', fluxos: [] } } },
      'POST /automacoes': (body) => ({
        status: 201,
        body: { message: 'Automação cadastrada com sucesso!', data: { ...rule, ...(body as object) } },
      }),
    });
    renderWithProviders(<AutomationsScreen />);
    const { dialog } = await openBuilder('Retorno', 'Tabela em áudio');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Adicionar passo' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Enviar mídia (imagem, documento ou áudio)' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Legenda da mídia do passo 1' }), {
      target: { value: 'Veja!' },
    });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Tipo de mídia' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Áudio (mensagem de voz)' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Legenda da mídia do passo 1' })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Endereço da mídia do passo 1' }), {
      target: { value: 'https://cdn.exemplo.com.br/tabela.mp3' },
    });
    expect(stepRows(dialog)).toEqual([
      '1 | Enviar mídia (imagem, documento ou áudio) | Enviar áudio no WhatsApp: https://cdn.exemplo.com.br/tabela.mp3',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')?.body).toMatchObject({
      passos: [{ tipo: 'midia', midia: 'audio', url: 'https://cdn.exemplo.com.br/tabela.mp3', legenda: '' }],
    });
  });
});
