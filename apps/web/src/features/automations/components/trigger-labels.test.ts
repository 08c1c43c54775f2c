// The builder's 'O que faz' column (issue 25 'Criar automação'): each step in pt-BR words, with the
// unit's names (statuses, tags, attendants, platforms), the Typebot flow's and the quick message's.
import { describe, expect, it } from 'vitest';

import type { Step } from '@funil/domain/automations/automations';
import { stepText } from '@funil/domain/automations/step-text';
import type { UnitData } from '@funil/domain/unit/unit-data';

import { stepKindLabel } from './trigger-labels.ts';

const unit = {
  statusNegociacao: [{ id: 4, idFunil: 4, nome: 'Em negociação', cor: '#000', descricao: null }],
  statusNegociacaoVenda: [{ id: 1, idFunilVenda: 2, nome: 'Orçamento enviado', cor: '#000', descricao: null }],
  usuarios: [{ id: 5, nome: 'Bruna Atendente', cor: '#000' }],
  tags: [{ id: 3, nome: 'Quente', cor: '#000', descricao: null }],
  plataformas: [{ id: 1, nome: 'Facebook' }],
} as unknown as UnitData;

const text = (step: Step) =>
  stepText(unit, step, {
    typebot: { url: 'https://typebot.exemplo.com.br', fluxos: [{ nome: 'Requalificar lead frio', idPublico: 'requalificar' }] },
    quickMessages: [{ idModelo: 7, tituloMensagem: 'Saudação' }],
  });

describe('stepText', () => {
  it('names the condition with the unit’s names, and its negation', () => {
    expect(text({ tipo: 'condicao', campo: 'status', valor: 4, negar: false })).toBe(
      'Continuar só se o status do funil for Em negociação',
    );
    expect(text({ tipo: 'condicao', campo: 'status-venda', valor: 2, negar: true })).toBe(
      'Continuar só se o status do ERP não for Orçamento enviado',
    );
    expect(text({ tipo: 'condicao', campo: 'tag', valor: 3, negar: false })).toBe('Continuar só se o lead tiver a tag "Quente"');
    expect(text({ tipo: 'condicao', campo: 'tag', valor: 'Frio', negar: true })).toBe(
      'Continuar só se o lead não tiver a tag "Frio"',
    );
    expect(text({ tipo: 'condicao', campo: 'atendente', valor: 5, negar: false })).toBe(
      'Continuar só se o atendente for Bruna Atendente',
    );
    expect(text({ tipo: 'condicao', campo: 'plataforma', valor: 1, negar: false })).toBe(
      'Continuar só se a plataforma for Facebook',
    );
    expect(text({ tipo: 'condicao', campo: 'campanha', valor: 'Black Friday', negar: false })).toBe(
      'Continuar só se a campanha for Black Friday',
    );
  });

  it('names the status, the attendant, the Typebot flow and the quick message; an unknown id shows as #id', () => {
    expect(text({ tipo: 'status', familia: 'venda', idStatus: 2 })).toBe('Mudar o status de venda para Orçamento enviado');
    expect(text({ tipo: 'atribuir', idUsuario: 5 })).toBe('Atribuir a Bruna Atendente');
    expect(text({ tipo: 'atribuir', idUsuario: null })).toBe('Atribuir ao próximo atendente (rodízio)');
    expect(text({ tipo: 'typebot', fluxo: 'requalificar' })).toBe('Iniciar o fluxo do Typebot "Requalificar lead frio"');
    expect(text({ tipo: 'mensagem-rapida', idModelo: 7 })).toBe('Enviar a mensagem rápida "Saudação"');
    expect(text({ tipo: 'mensagem-rapida', idModelo: 8 })).toBe('Enviar a mensagem rápida #8');
    expect(text({ tipo: 'condicao', campo: 'atendente', valor: 99, negar: false })).toBe('Continuar só se o atendente for #99');
  });

  it('labels each kind as Adicionar passo does', () => {
    expect(stepKindLabel('esperar')).toBe('Esperar');
    expect(stepKindLabel('midia')).toBe('Enviar mídia (imagem, documento ou áudio)');
  });
});
