// The webphone's calls (issue 12; docs/api.md): credentials, the queue and its leases, the call
// records of 000 §7 (contato/chamadaid, contato/proximaligacao) and the recording upload.
import { z } from 'zod';

import type { CallEndBody } from '@funil/domain/leads-api/call-api';
import { crmContatoSchema, leadChangeResponseSchema } from '@funil/domain/leads-api/lead-api';
import {
  callHoursNowSchema,
  leaseReleasedSchema,
  recordingSavedSchema,
  sipCredentialsSchema,
} from '@funil/domain/webphone/webphone-api';

import { apiRequest, http } from '../../../lib/http-client.ts';

const changed = leadChangeResponseSchema.shape.data;

export const webphoneApi = {
  credentials: () => http.get('/webphone/credenciais', sipCredentialsSchema.shape.data),
  queue: (quantidade: number, excluir: number[]) =>
    http.post('/webphone/fila', { quantidade, excluir }, z.array(crmContatoSchema)),
  callHours: () => http.get('/webphone/horario', callHoursNowSchema.shape.data),
  release: (id: number) => http.post(`/webphone/fila/liberar/${id}`, {}, leaseReleasedSchema.shape.data),
  callStarted: (id: number, chamadaId: string) => http.post(`/contato/chamadaid/${id}`, { chamada_id: chamadaId }, changed),
  callEnded: (id: number, body: CallEndBody) => http.post(`/contato/proximaligacao/${id}`, body, changed),
  uploadRecording: (id: number, recording: Blob) => {
    const form = new FormData();
    form.append('arquivo', recording, 'gravacao.webm');
    return apiRequest(`/webphone/gravacao/${id}`, { method: 'POST', body: form, schema: recordingSavedSchema.shape.data });
  },
};
