// Issue 25 'Typebot through the gateway' and 'Steps' (wait until the lead answers): the unit's
// Typebot settings, a rule's typebot steps against them, the steps as the manager reads them.
import { describe, expect, it } from 'vitest';

import {
  answerDeadline,
  AUTOMATION_API_MESSAGES,
  automationInputSchema,
  describeStep,
  triggerMatches,
  typebotSettingsSchema,
  typebotStepsProblem,
} from './automations.ts';

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('the unit’s Typebot settings', () => {
  it('takes an http(s) server and flows with a name and a public id, each once, with Portuguese messages', () => {
    const ok = { url: 'https://typebot.exemplo.com.br', fluxos: [{ nome: 'Requalificar', idPublico: 'requalificar-1' }] };
    expect(typebotSettingsSchema.parse(ok)).toEqual(ok);
    expect(typebotSettingsSchema.parse({ url: '', fluxos: [] })).toEqual({ url: '', fluxos: [] });
    expect(message(typebotSettingsSchema.safeParse({ ...ok, url: 'javascript:alert(1)' }))).toBe(
      'Informe a URL do servidor do Typebot (http:// ou https://).',
    );
    expect(message(typebotSettingsSchema.safeParse({ ...ok, url: '' }))).toBe('Informe a URL do servidor do Typebot.');
    expect(message(typebotSettingsSchema.safeParse({ ...ok, fluxos: [{ nome: 'x', idPublico: '../admin' }] }))).toBe(
      'O identificador do fluxo deve ter só letras, números, hífen e sublinhado.',
    );
    expect(
      message(typebotSettingsSchema.safeParse({ ...ok, fluxos: [...ok.fluxos, { nome: 'Outro', idPublico: 'requalificar-1' }] })),
    ).toBe('Cada fluxo deve ter um identificador diferente.');
    expect(message(typebotSettingsSchema.safeParse({ ...ok, fluxos: [{ nome: ' ', idPublico: 'a' }] }))).toBe(
      'Informe o nome do fluxo.',
    );
  });

  it('a rule’s typebot steps need the server and a flow the settings have', () => {
    const settings = { url: 'https://t.exemplo.com.br', fluxos: [{ nome: 'A', idPublico: 'a' }] };
    expect(typebotStepsProblem([{ tipo: 'anotacao', texto: 'x' }], { url: '', fluxos: [] })).toBeNull();
    expect(typebotStepsProblem([{ tipo: 'typebot', fluxo: 'a' }], settings)).toBeNull();
    expect(typebotStepsProblem([{ tipo: 'typebot', fluxo: 'a' }], { url: '', fluxos: [] })).toBe(
      AUTOMATION_API_MESSAGES.typebotNotConfigured,
    );
    expect(typebotStepsProblem([{ tipo: 'typebot', fluxo: 'b' }], settings)).toBe(AUTOMATION_API_MESSAGES.typebotUnknownFlow);
  });
});

describe("'Aguardar resposta', 'Iniciar fluxo do Typebot' and 'Sem resposta'", () => {
  it('reads top to bottom with the branch stated, and the time-out is plain time', () => {
    expect(describeStep({ tipo: 'typebot', fluxo: 'requalificar' })).toBe('Iniciar fluxo do Typebot "requalificar"');
    expect(describeStep({ tipo: 'aguardar-resposta', quantidade: 1, unidade: 'dias', seNaoResponder: 'parar' })).toBe(
      'Aguardar a resposta do lead por até 1 dia. Se não responder: parar',
    );
    expect(describeStep({ tipo: 'aguardar-resposta', quantidade: 3, unidade: 'horas', seNaoResponder: 'continuar' })).toBe(
      'Aguardar a resposta do lead por até 3 horas. Se não responder: continuar',
    );
    const from = new Date('2026-11-28T20:00:00Z');
    expect(answerDeadline(from, { tipo: 'aguardar-resposta', quantidade: 2, unidade: 'dias', seNaoResponder: 'parar' })).toEqual(
      new Date('2026-11-30T20:00:00Z'),
    );
  });

  it('validates the new trigger and steps; the no-answer trigger is swept, never an event', () => {
    const base = { nome: 'Frio', opcoes: { limiteDiario: 1 }, habilitado: true };
    const parsed = automationInputSchema.safeParse({
      ...base,
      gatilho: { tipo: 'sem-resposta', horas: 0 },
      passos: [{ tipo: 'anotacao', texto: 'x' }],
    });
    expect(message(parsed)).toBe('Informe as horas sem resposta.');
    expect(
      message(
        automationInputSchema.safeParse({
          ...base,
          gatilho: { tipo: 'sem-resposta', horas: 24 },
          passos: [{ tipo: 'typebot', fluxo: '' }],
        }),
      ),
    ).toBe('Escolha o fluxo do Typebot.');
    expect(
      message(
        automationInputSchema.safeParse({
          ...base,
          gatilho: { tipo: 'sem-resposta', horas: 24 },
          passos: [{ tipo: 'aguardar-resposta', quantidade: 0, unidade: 'horas', seNaoResponder: 'parar' }],
        }),
      ),
    ).toBe('O prazo deve ser de pelo menos 1.');
    expect(triggerMatches({ tipo: 'sem-resposta', horas: 1 }, { tipo: 'mensagem-recebida', mudancas: {}, dados: {} })).toBe(
      false,
    );
  });
});
