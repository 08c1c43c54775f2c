// 002 §2.3 monitor, §4 "Mass-send campaign status", §7 real-time: 'Disparos' with its refresh and
// progress bars, Pausar only for in progress, Continuar only for paused, Finalizar for either, the
// automatic pause's reason and the wait's end, the live updates after joinEnvioEmMassa, and the
// drill-down 'Envios' with its statuses, totals, the chat and the wa.me link.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { campaignSendEvent, updateCampaignEvent } from '@funil/domain/realtime/events';

import { closeWhatsappDialog, useWhatsappDialogLead } from '../../../lib/whatsapp-dialog-store.ts';
import { MassSendMonitorScreen } from './monitor-screen.tsx';
import {
  answerRequests,
  emitSocket,
  emitted,
  ID_EMPRESA,
  makeCampaign,
  makeRecipient,
  renderScreen,
  sentRequests,
  unitState,
} from './test-kit.tsx';

vi.mock('../../../lib/session.ts', async () => (await import('./test-kit.tsx')).sessionModule);
vi.mock('../../../lib/unit-data.ts', async () => (await import('./test-kit.tsx')).unitDataModule);
vi.mock('../../../lib/socket.ts', async () => (await import('./test-kit.tsx')).socketModule);

vi.setConfig({ testTimeout: 20_000 });

const running = makeCampaign({ id: 1, name: 'Retorno de novembro' });
const paused = makeCampaign({
  id: 2,
  name: 'Clareamento',
  status: 'PAUSADO',
  motivoPausa: 'Pausado automaticamente: o WhatsApp recusou mensagens a contatos que nunca conversaram com este número.',
});
const waiting = makeCampaign({
  id: 3,
  name: 'Implantes',
  aguardandoAte: '2026-11-24T11:00:00.000Z',
  motivoEspera: 'Fora do horário permitido.',
});
const done = makeCampaign({ id: 4, name: 'Outubro', status: 'FINALIZADO', clientesEnviados: 10, clientesErro: 0 });
const stopped = makeCampaign({
  id: 5,
  name: 'Parado',
  status: 'FINALIZADO',
  clientesEnviados: 5,
  clientesErro: 0,
  clientesNaoEnviados: 5,
});

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;
const buttonsOf = (name: string) =>
  within(rowOf(name))
    .getAllByRole('button')
    .map((b) => b.textContent);

function LeadProbe() {
  const lead = useWhatsappDialogLead();
  return <output aria-label="Chat aberto">{lead ?? ''}</output>;
}

beforeEach(() => {
  unitState.idCompany = 0;
  emitted.length = 0;
  closeWhatsappDialog();
});
afterEach(cleanup);

describe('002 §2.3, §4 Disparos', () => {
  it('lists the campaigns with status, progress, the pause reason, the wait and the actions each status allows', async () => {
    answerRequests({ 'GET /envio-em-massa': { body: { data: [running, paused, waiting, done, stopped] } } });
    renderScreen(<MassSendMonitorScreen />);
    await screen.findByRole('rowheader', { name: /^Retorno de novembro/ });
    expect(screen.getByRole('heading', { name: 'Disparos' })).toBeTruthy();
    // 002 §2.3: the connection chips, with the gateway too (issue 21).
    expect(unitState.evolutionHabilitado).toBe(true);
    expect(screen.getByText('Chips de conexão')).toBeTruthy();
    expect(buttonsOf('Retorno de novembro')).toEqual(['Retorno de novembro', 'Pausar', 'Finalizar', 'Envios']);
    expect(buttonsOf('Clareamento')).toEqual(['Clareamento', 'Continuar', 'Finalizar', 'Envios']);
    expect(buttonsOf('Outubro')).toEqual(['Outubro', 'Envios']);
    expect(within(rowOf('Retorno de novembro')).getByTestId('status-disparo').textContent).toBe('Em Andamento');
    expect(within(rowOf('Clareamento')).getByTestId('status-disparo').textContent).toBe('Pausado');
    expect(within(rowOf('Outubro')).getByTestId('status-disparo').textContent).toBe('Finalizado');
    expect(within(rowOf('Clareamento')).getByTestId('nota-status').textContent).toBe(
      'Pausado automaticamente: o WhatsApp recusou mensagens a contatos que nunca conversaram com este número.',
    );
    expect(within(rowOf('Implantes')).getByTestId('nota-status').textContent).toBe(
      'Fora do horário permitido. Aguardando até 24/11/2026 08:00',
    );
    // 3 sent + 1 error of 10 handled: 40 %.
    expect(
      within(rowOf('Retorno de novembro'))
        .getByRole('progressbar', { name: 'Progresso de Retorno de novembro' })
        .getAttribute('aria-valuenow'),
    ).toBe('40');
    expect(within(rowOf('Retorno de novembro')).getByTestId('progresso-texto').textContent).toBe(
      '10 leads: 3 enviados, 1 com erro, 6 pendentes · 40% concluído',
    );
    // Issue 21 item 11: a campaign finalized at 5 of 10 says what went out, not '100% concluído'.
    expect(within(rowOf('Parado')).getByTestId('progresso-texto').textContent).toBe('10 leads: 5 enviados, 5 não enviados');
    expect(within(rowOf('Parado')).getByRole('progressbar', { name: 'Progresso de Parado' }).getAttribute('aria-valuenow')).toBe(
      '50',
    );
  });

  it('pauses, continues and (after confirming) finalizes with PUT envio-em-massa/{id} {status}', async () => {
    const sent = answerRequests({
      'GET /envio-em-massa': { body: { data: [running, paused] } },
      'PUT /envio-em-massa/1': { body: { data: { ...running, status: 'PAUSADO' } } },
      'PUT /envio-em-massa/2': { body: { data: { ...paused, status: 'EM_ANDAMENTO' } } },
    });
    renderScreen(<MassSendMonitorScreen />);
    await screen.findByRole('rowheader', { name: /^Retorno de novembro/ });
    fireEvent.click(screen.getByRole('button', { name: 'Pausar Retorno de novembro' }));
    await waitFor(() =>
      expect(sent.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
        ['/envio-em-massa/1', { status: 'PAUSADO' }],
      ]),
    );
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Continuar Clareamento' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continuar Clareamento' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(sent.filter((r) => r.method === 'PUT')[1]).toMatchObject({
      path: '/envio-em-massa/2',
      body: { status: 'EM_ANDAMENTO' },
    });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Finalizar Clareamento' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar Clareamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalizar disparo' });
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(2);
    answerRequests({
      'GET /envio-em-massa': { body: { data: [running, paused] } },
      'PUT /envio-em-massa/2': { body: { data: { ...paused, status: 'FINALIZADO' } } },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finalizar' }));
    await waitFor(() =>
      expect(
        sentRequests().some(
          (r) =>
            r.path === '/envio-em-massa/2' &&
            r.method === 'PUT' &&
            JSON.stringify(r.body) === JSON.stringify({ status: 'FINALIZADO' }),
        ),
      ).toBe(true),
    );
  });

  it('joins joinEnvioEmMassa and reads the list again on envio-campanha and update-campanha, and on refresh', async () => {
    let progress = 3;
    answerRequests({ 'GET /envio-em-massa': () => ({ body: { data: [{ ...running, clientesEnviados: progress }] } }) });
    renderScreen(<MassSendMonitorScreen />);
    await screen.findByText('10 leads: 3 enviados, 1 com erro, 6 pendentes · 40% concluído');
    expect(emitted).toContain('joinEnvioEmMassa');
    progress = 4;
    act(() => emitSocket(campaignSendEvent(ID_EMPRESA), { campanhaId: 1, enviados: 4, leadId: 104, status: 'SENT' }));
    await screen.findByText('10 leads: 4 enviados, 1 com erro, 5 pendentes · 50% concluído');
    progress = 5;
    act(() => emitSocket(updateCampaignEvent(ID_EMPRESA), { campanhaId: 1, status: 'EM_ANDAMENTO' }));
    await screen.findByText('10 leads: 5 enviados, 1 com erro, 4 pendentes · 60% concluído');
    progress = 6;
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await screen.findByText('10 leads: 6 enviados, 1 com erro, 3 pendentes · 70% concluído');
  });
});

describe('002 §2.3 Envios', () => {
  it(
    "shows the totals and each recipient's status (Erro with its reason, 'Não Enviado'), the chat and " +
      'the wa.me link with 55; back returns',
    async () => {
      const recipients = [
        makeRecipient(1, { name: 'Maria Souza', respondeuUltimas24h: true }),
        makeRecipient(2, { name: 'João Pereira', status: 'PENDING', enviadoEm: null }),
        makeRecipient(3, { name: 'Carla Dias', status: 'ERROR', motivo: 'Lead sem WhatsApp!' }),
        makeRecipient(4, { name: 'Pedro Alves', status: 'NOT_SENT', motivo: 'Lead pediu para não receber mensagens.' }),
      ];
      answerRequests({
        'GET /envio-em-massa': { body: { data: [running] } },
        'GET /envio-em-massa/1/clientes': { body: { campanha: running, data: recipients } },
      });
      renderScreen(
        <>
          <MassSendMonitorScreen />
          <LeadProbe />
        </>,
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Envios de Retorno de novembro' }));
      await screen.findByRole('heading', { name: 'Envios — Retorno de novembro' });
      expect(screen.getByTestId('total-Total de clientes').textContent).toBe('10');
      expect(screen.getByTestId('total-Enviados').textContent).toBe('3');
      expect(screen.getByTestId('total-Respondidos (24h)').textContent).toBe('1');
      expect(screen.getAllByTestId('status-envio').map((c) => c.textContent)).toEqual([
        'Enviado',
        'Pendente',
        'ErroLead sem WhatsApp!',
        'Não EnviadoLead pediu para não receber mensagens.',
      ]);
      expect(screen.getByRole('link', { name: 'Abrir Maria Souza no WhatsApp' }).getAttribute('href')).toBe(
        'https://wa.me/5511987650001',
      );
      fireEvent.click(screen.getByRole('button', { name: 'Atendimento Whatsapp de Carla Dias' }));
      expect(screen.getByRole('status', { name: 'Chat aberto' }).textContent).toBe('103');
      fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
      await screen.findByRole('heading', { name: 'Disparos' });
    },
  );
});
