import { describe, expect, it } from 'vitest';

import {
  canSubmitClientForm,
  canSubmitContactDialog,
  cepFromInformacoesExtra,
  contactCreatePayloadSchema,
  contactEditPayloadSchema,
  contactFormSchema,
  contactFormToPayload,
  EMPTY_CONTACT_FORM,
} from './contact.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }): string[] =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('contact create payload (000 §3 "Contact create payload", §7 contato/cadastrarcontato/manual)', () => {
  it('000 §3 accepts cli_nome, digits-only cli_telefone and optional fields', () => {
    const parsed = contactCreatePayloadSchema.parse({
      cli_nome: '  Maria Souza ',
      cli_telefone: '11987654321',
      cli_email: 'maria@exemplo.com.br',
      ad_name: 'Campanha Verão',
      informacoesExtra: '{"cep":"01310100"}',
    });
    expect(parsed).toEqual({
      cli_nome: 'Maria Souza',
      cli_telefone: '11987654321',
      cli_email: 'maria@exemplo.com.br',
      ad_name: 'Campanha Verão',
      informacoesExtra: { cep: '01310100' },
    });
  });

  it('000 §3 cli_email, ad_name and informacoesExtra are optional; empty strings count as absent', () => {
    const parsed = contactCreatePayloadSchema.parse({
      cli_nome: 'João',
      cli_telefone: '1134567890',
      cli_email: '',
      ad_name: '',
      informacoesExtra: '',
    });
    expect(parsed).toEqual({ cli_nome: 'João', cli_telefone: '1134567890' });
  });

  it("rejects an empty name with 'Nome é obrigatório' and a name over 200 characters", () => {
    expect(messagesOf(contactCreatePayloadSchema.safeParse({ cli_nome: '   ', cli_telefone: '11987654321' }))).toEqual([
      'Nome é obrigatório',
    ]);
    expect(messagesOf(contactCreatePayloadSchema.safeParse({ cli_nome: 'a'.repeat(201), cli_telefone: '11987654321' }))).toEqual([
      'Nome deve ter no máximo 200 caracteres',
    ]);
  });

  it("000 §3 rejects a phone that is not 10 or 11 digits with 'Celular inválido'", () => {
    for (const phone of ['(11) 98765-4321', '119876543', '119876543210']) {
      expect(messagesOf(contactCreatePayloadSchema.safeParse({ cli_nome: 'Ana', cli_telefone: phone }))).toEqual([
        'Celular inválido',
      ]);
    }
    expect(messagesOf(contactCreatePayloadSchema.safeParse({ cli_nome: 'Ana', cli_telefone: '' }))).toEqual([
      'Celular é obrigatório',
    ]);
  });

  it("rejects a malformed email with 'Email inválido' and a bad CEP with 'CEP inválido'", () => {
    expect(
      messagesOf(contactCreatePayloadSchema.safeParse({ cli_nome: 'Ana', cli_telefone: '11987654321', cli_email: 'ana@' })),
    ).toEqual(['Email inválido']);
    expect(
      messagesOf(
        contactCreatePayloadSchema.safeParse({
          cli_nome: 'Ana',
          cli_telefone: '11987654321',
          informacoesExtra: { cep: '01310-100' },
        }),
      ),
    ).toEqual(['CEP inválido']);
    expect(
      contactCreatePayloadSchema.safeParse({ cli_nome: 'Ana', cli_telefone: '11987654321', informacoesExtra: '{oops' }).success,
    ).toBe(false);
  });
});

describe('edit contact payload (001 §7 "Edit contact: form cli_nome, cli_telefone, cli_email, plus informacoesExtra")', () => {
  it('001 §7 accepts the edit form with and without informacoesExtra', () => {
    expect(contactEditPayloadSchema.parse({ cli_nome: 'Ana', cli_telefone: '21987654321', cli_email: '' })).toEqual({
      cli_nome: 'Ana',
      cli_telefone: '21987654321',
    });
    expect(
      contactEditPayloadSchema.parse({
        cli_nome: 'Ana',
        cli_telefone: '21987654321',
        informacoesExtra: { cep: '20040002' },
      }).informacoesExtra,
    ).toEqual({ cep: '20040002' });
  });

  it('001 §5 shows the stored CEP as 00000-000', () => {
    expect(cepFromInformacoesExtra('{"cep":"20040002"}')).toBe('20040-002');
    expect(cepFromInformacoesExtra({ cep: '20040002' })).toBe('20040-002');
    expect(cepFromInformacoesExtra(null)).toBe('');
    expect(cepFromInformacoesExtra('not json')).toBe('');
  });
});

describe("'Cadastrar Contato' dialog form (000 §2, §5)", () => {
  it('000 §5 Celular is masked and required; the form converts to the stripped payload', () => {
    const form = contactFormSchema.parse({
      nome: ' Carlos ',
      celular: '(31) 99876-5432',
      email: '',
      cep: '30130-010',
      anuncio: 'Anúncio 1',
    });
    expect(contactFormToPayload(form, true)).toEqual({
      cli_nome: 'Carlos',
      cli_telefone: '31998765432',
      cli_email: undefined,
      ad_name: 'Anúncio 1',
      informacoesExtra: { cep: '30130010' },
    });
    expect(contactFormToPayload(form, false).informacoesExtra).toBeUndefined();
    expect(contactCreatePayloadSchema.safeParse(contactFormToPayload(form, true)).success).toBe(true);
  });

  it('000 §5 rejects an empty or incomplete Celular and an empty Nome', () => {
    expect(messagesOf(contactFormSchema.safeParse(EMPTY_CONTACT_FORM))).toEqual(['Nome é obrigatório', 'Celular é obrigatório']);
    expect(messagesOf(contactFormSchema.safeParse({ ...EMPTY_CONTACT_FORM, nome: 'A', celular: '(31) 9987' }))).toEqual([
      'Celular inválido',
    ]);
  });
});

describe('000 §5 Cadastrar is enabled only when (name and valid phone) or (CSV rows loaded and no import running)', () => {
  const base = { nome: '', celular: '', csvRows: null, importing: false };

  it('000 §5 enabled with a trimmed non-empty name and a phone matching (DD) 9XXXX-XXXX', () => {
    expect(canSubmitContactDialog({ ...base, nome: 'Ana', celular: '(11) 98765-4321' })).toBe(true);
    expect(canSubmitContactDialog({ ...base, nome: 'Ana', celular: '(11) 3456-7890' })).toBe(true);
  });

  it('000 §5 disabled with a blank name or an incomplete phone and no CSV', () => {
    expect(canSubmitContactDialog({ ...base, nome: '   ', celular: '(11) 98765-4321' })).toBe(false);
    expect(canSubmitContactDialog({ ...base, nome: 'Ana', celular: '(11) 98765-432' })).toBe(false);
  });

  it('000 §5 enabled with a loaded CSV with rows while no import runs, disabled during the import', () => {
    expect(canSubmitContactDialog({ ...base, csvRows: [{}, {}] })).toBe(true);
    expect(canSubmitContactDialog({ ...base, csvRows: 3 })).toBe(true);
    expect(canSubmitContactDialog({ ...base, csvRows: [{}], importing: true })).toBe(false);
    expect(canSubmitContactDialog({ ...base, csvRows: [] })).toBe(false);
  });
});

describe('001 §5 New client: the button is disabled while a required field is empty or while saving', () => {
  it('001 §5 needs Nome and Telefone and no save in progress', () => {
    expect(canSubmitClientForm({ nome: 'Ana', telefone: '(11) 98765-4321', saving: false })).toBe(true);
    expect(canSubmitClientForm({ nome: ' ', telefone: '(11) 98765-4321', saving: false })).toBe(false);
    expect(canSubmitClientForm({ nome: 'Ana', telefone: '() -', saving: false })).toBe(false);
    expect(canSubmitClientForm({ nome: 'Ana', telefone: '11987654321', saving: true })).toBe(false);
  });
});
