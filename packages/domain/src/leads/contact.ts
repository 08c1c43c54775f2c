// Contact registration and edit (000 §2 'Cadastrar Contato', §3 create payload, §5; 001 §5, §7).
import { z } from 'zod';

import { CELULAR_REGEX, isValidCelular, maskCEP, stripCEP, stripPhone } from '../phone/phone.ts';

export const CONTACT_MESSAGES = {
  nameRequired: 'Nome é obrigatório',
  nameTooLong: 'Nome deve ter no máximo 200 caracteres',
  phoneRequired: 'Celular é obrigatório',
  phoneInvalid: 'Celular inválido',
  emailInvalid: 'Email inválido',
  cepInvalid: 'CEP inválido',
  adNameTooLong: 'Anúncio deve ter no máximo 200 caracteres',
} as const;

/** Longest accepted lead name. */
export const CONTACT_NAME_MAX = 200;

const nameSchema = z
  .string({ error: CONTACT_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: CONTACT_MESSAGES.nameRequired, abort: true })
  .max(CONTACT_NAME_MAX, CONTACT_MESSAGES.nameTooLong);

// Digits only, as sent (000 §3 "cli_telefone (digits only)"): a 10- or 11-digit national number.
const phoneDigitsSchema = z
  .string({ error: CONTACT_MESSAGES.phoneRequired })
  .min(1, { error: CONTACT_MESSAGES.phoneRequired, abort: true })
  .regex(/^\d{10,11}$/, CONTACT_MESSAGES.phoneInvalid);

// Email is optional: an empty string counts as absent and is normalized to undefined.
const optionalEmailSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid }).max(254, CONTACT_MESSAGES.emailInvalid).optional());

/** informacoesExtra of a lead: a JSON object with the CEP (000 §3, 001 §3), 8 digits. */
export const informacoesExtraSchema = z
  .object({
    cep: z
      .string()
      .regex(/^\d{8}$/, CONTACT_MESSAGES.cepInvalid)
      .optional(),
  })
  .loose();
export type InformacoesExtra = z.infer<typeof informacoesExtraSchema>;

/**
 * Reads informacoesExtra as sent in a multipart/form body (a JSON string) or as an object.
 * Unreadable JSON yields a value the schema rejects instead of throwing.
 */
function readInformacoesExtra(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const informacoesExtraField = z.preprocess(readInformacoesExtra, informacoesExtraSchema.optional());

/**
 * POST contato/cadastrarcontato/manual body (000 §3 "Contact create payload", §7): cli_nome,
 * cli_telefone digits only, cli_email optional, ad_name optional, informacoesExtra with the CEP
 * (JSON string in form data, or an object).
 */
export const contactCreatePayloadSchema = z.object({
  cli_nome: nameSchema,
  cli_telefone: phoneDigitsSchema,
  cli_email: optionalEmailSchema,
  ad_name: z
    .string()
    .trim()
    .max(200, CONTACT_MESSAGES.adNameTooLong)
    .optional()
    .transform((value) => (value ? value : undefined)),
  informacoesExtra: informacoesExtraField,
});
export type ContactCreatePayload = z.output<typeof contactCreatePayloadSchema>;
export type ContactCreateInput = z.input<typeof contactCreatePayloadSchema>;

/**
 * Edit contact form (001 §7 "Edit contact: form cli_nome, cli_telefone, cli_email, plus
 * informacoesExtra (CEP JSON) when cadastrarCEP is on"; POST contato/atualizarcontato/{id}).
 */
export const contactEditPayloadSchema = z.object({
  cli_nome: nameSchema,
  cli_telefone: phoneDigitsSchema,
  cli_email: optionalEmailSchema,
  informacoesExtra: informacoesExtraField,
});
export type ContactEditPayload = z.output<typeof contactEditPayloadSchema>;

/**
 * The 'Cadastrar Contato' dialog form as typed (000 §2, §5): Nome, masked Celular, Email, CEP
 * (masked, only with cadastrarCEP) and Anúncio. Convert with contactFormToPayload.
 */
export const contactFormSchema = z.object({
  nome: nameSchema,
  celular: z
    .string()
    .trim()
    .min(1, { error: CONTACT_MESSAGES.phoneRequired, abort: true })
    .regex(CELULAR_REGEX, CONTACT_MESSAGES.phoneInvalid),
  email: z.union([z.literal(''), z.email({ error: CONTACT_MESSAGES.emailInvalid })]),
  cep: z.union([z.literal(''), z.string().regex(/^\d{5}-\d{3}$/, CONTACT_MESSAGES.cepInvalid)]),
  anuncio: z.string().trim().max(200, CONTACT_MESSAGES.adNameTooLong),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

/** The empty 'Cadastrar Contato' form. */
export const EMPTY_CONTACT_FORM: ContactForm = { nome: '', celular: '', email: '', cep: '', anuncio: '' };

/**
 * Turns the dialog form into the create payload (000 §5): the phone loses spaces, brackets and
 * hyphens, the CEP loses its hyphen and goes into informacoesExtra (only when `withCep`, i.e.
 * cadastrarCEP is on), empty optional fields are left out.
 */
export function contactFormToPayload(form: ContactForm, withCep: boolean): ContactCreatePayload {
  const cep = stripCEP(form.cep);
  return {
    cli_nome: form.nome.trim(),
    cli_telefone: stripPhone(form.celular),
    cli_email: form.email.trim() || undefined,
    ad_name: form.anuncio.trim() || undefined,
    informacoesExtra: withCep && cep ? { cep } : undefined,
  };
}

/** The CEP of informacoesExtra shown as 00000-000 (001 §5 "Edit contact"); '' when absent. */
export function cepFromInformacoesExtra(value: unknown): string {
  const parsed = informacoesExtraSchema.safeParse(readInformacoesExtra(value));
  return parsed.success && parsed.data.cep ? maskCEP(parsed.data.cep) : '';
}

/** State of the 'Cadastrar Contato' dialog that decides whether Cadastrar is enabled. */
export type ContactDialogState = {
  nome: string;
  celular: string;
  /** Rows of the loaded CSV (or their count); null or 0 when no CSV is loaded. */
  csvRows: number | readonly unknown[] | null | undefined;
  importing: boolean;
};

/**
 * 000 §5: Cadastrar is enabled only if (the name is non-empty after trimming AND the phone
 * matches (DD) then 4 or 5 digits then 4 digits) OR (a CSV is loaded with rows and no import is
 * running).
 */
export function canSubmitContactDialog({ nome, celular, csvRows, importing }: ContactDialogState): boolean {
  const manualReady = nome.trim() !== '' && isValidCelular(celular);
  const rowCount = typeof csvRows === 'number' ? csvRows : (csvRows?.length ?? 0);
  return manualReady || (rowCount > 0 && !importing);
}

/**
 * 001 §5 "New client" / "Edit contact": the button is disabled while a required field (Nome,
 * Telefone) is empty or while saving.
 */
export function canSubmitClientForm({ nome, telefone, saving }: { nome: string; telefone: string; saving: boolean }): boolean {
  return !saving && nome.trim() !== '' && stripPhone(telefone) !== '';
}
