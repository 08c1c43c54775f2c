// The capture URL (issue 23 §1): POST /api/captacao/{token} turns a post of a landing page, a form
// builder, Zapier/Make or RD Station into a lead of the token's unit, with its origin (§4), through
// the lead core's capture door. An unknown or deactivated unit's token answers 404 and stores
// nothing; a new number and one the unit already has get the same answer (no enumeration); a retry
// with the same Idempotency-Key (or id_externo) answers the first result.
import { randomUUID } from 'node:crypto';

import { z } from 'zod';

import {
  CAPTURE_EXTRA_FIELDS_MAX,
  CAPTURE_EXTRA_VALUE_MAX,
  CAPTURE_IDEMPOTENCY_KEY_MAX,
  CAPTURE_MESSAGES,
  mergeCapture,
  resolvePlatform,
  type CaptureResponse,
} from '@funil/domain/capture/capture-api';
import { originOf } from '@funil/domain/leads/origin';

import type { Db } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { platformsCached } from '../catalog/catalog.service.ts';
import { captureLead, captureLeadClaiming } from '../leads/lead-capture.service.ts';
import { activeUnitByToken } from '../tenancy/tenancy.service.ts';
import { claimKeyPart, storedAnswer, sweepKeys } from './capture.repository.ts';

export type CaptureRequest = {
  token: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
};

export type CaptureAnswer = { status: number; body: CaptureResponse };

/** The token's unit, or 404 'URL de captação não encontrada.' (nothing stored). */
export async function unitOfToken(db: Db, token: string): Promise<{ id: number; idEmpresa: number }> {
  const unit = await activeUnitByToken(db, token);
  if (!unit) throw new DomainError('not_found', CAPTURE_MESSAGES.unknownToken);
  return unit;
}

const emailSchema = z.email();

/** Captures one lead for the unit (already looked up by its token and past its rate limits). */
export async function captureForUnit(
  db: Db,
  unit: { id: number; idEmpresa: number },
  request: Omit<CaptureRequest, 'token'>,
): Promise<CaptureAnswer> {
  const { known, extras, siteSource } = mergeCapture(request.query, request.body);
  const key = request.idempotencyKey?.trim() || known.id_externo;
  if (key !== undefined && key.length > CAPTURE_IDEMPOTENCY_KEY_MAX)
    throw new DomainError('invalid', CAPTURE_MESSAGES.idempotencyKeyTooLong);
  if (!known.cli_telefone)
    throw new DomainError('invalid', CAPTURE_MESSAGES.phoneRequired, {
      fields: { cli_telefone: CAPTURE_MESSAGES.phoneRequired },
    });
  const extraEntries = Object.entries(extras);
  if (extraEntries.length > CAPTURE_EXTRA_FIELDS_MAX)
    throw new DomainError('invalid', CAPTURE_MESSAGES.tooManyFields(CAPTURE_EXTRA_FIELDS_MAX));
  for (const [name, value] of extraEntries) {
    if (name.length > 100 || String(value).length > CAPTURE_EXTRA_VALUE_MAX)
      throw new DomainError('invalid', CAPTURE_MESSAGES.fieldTooLong(name.slice(0, 100), CAPTURE_EXTRA_VALUE_MAX));
  }
  const avisos: string[] = [];
  const platform = resolvePlatform(await platformsCached(db), {
    plataforma: known.plataforma,
    siteSource,
    utmSource: known.utm_source,
  });
  if (platform.aviso) avisos.push(platform.aviso);
  const keptExtras: Record<string, unknown> = { ...extras };
  if (known.plataforma && platform.aviso) keptExtras.plataforma_informada = known.plataforma;
  if (siteSource) keptExtras.site_source_name = siteSource;
  let email: string | null = known.cli_email ?? null;
  if (email !== null && !emailSchema.safeParse(email).success) {
    keptExtras.email_informado = email;
    email = null;
    avisos.push(CAPTURE_MESSAGES.invalidEmail);
  }
  const origin = originOf({ ...known, canal: 'captura', plataforma: platform.id }, new Date());
  const answer: CaptureAnswer = {
    status: 200,
    body: { message: CAPTURE_MESSAGES.received, data: { protocolo: randomUUID(), avisos } },
  };
  const input = {
    phone: known.cli_telefone,
    name: known.cli_nome ?? '',
    email,
    origin,
    extras: keptExtras,
    history: { created: CAPTURE_MESSAGES.historyCreated, again: CAPTURE_MESSAGES.historyAgain },
  };
  const unitRef = { idEmpresa: unit.idEmpresa, idUnidade: unit.id };
  if (key === undefined) {
    await captureLead({ db, cacheDb: db }, unitRef, input);
    return answer;
  }
  // With a key: the claim with its answer and the lead commit together; a retry reads the first answer.
  const claim = claimKeyPart(unit.id, key, { status: answer.status, resposta: answer.body });
  if (await captureLeadClaiming({ db, cacheDb: db }, unitRef, input, claim)) return answer;
  const first = await storedAnswer(db, unit.id, key);
  return first ? { status: first.status, body: first.resposta } : answer;
}

/** Deletes the idempotency keys past their retention (7 days); the capture plugin runs it hourly. */
export const sweepIdempotencyKeys = (db: Db): Promise<number> => sweepKeys(db);
