// The Lead Ads webhook's two checks (issue 23 §2): the verification handshake and the
// X-Hub-Signature-256 HMAC over the RAW bytes (a re-serialised JSON body loses Meta's `\u00e3` and
// `\/` escapes and fails), compared in constant time; then the changes of a leadgen delivery.
import { createHmac, timingSafeEqual } from 'node:crypto';

import type { NewDelivery } from './lead-ads.repository.ts';

/** hub.challenge to echo when the handshake is right, else null (403). */
export function handshake(query: Record<string, unknown>, verifyToken: string | null): string | null {
  if (!verifyToken) return null;
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return null;
  const a = Buffer.from(token);
  const b = Buffer.from(verifyToken);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  return challenge;
}

/** Whether `header` (sha256=<hex>) is the HMAC-SHA256 of `raw` keyed with the app secret. */
export function signatureValid(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const idOf = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{1,40}$/.test(v) ? v : typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : null;

/** The leadgen changes of a delivery, one row each; anything else (another field, a broken change) is left out. */
export function deliveriesOf(body: unknown): NewDelivery[] {
  if (!body || typeof body !== 'object') return [];
  const entries = (body as { entry?: unknown }).entry;
  if (!Array.isArray(entries)) return [];
  const out: NewDelivery[] = [];
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown } | null)?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const c = change as { field?: unknown; value?: Record<string, unknown> } | null;
      if (c?.field !== 'leadgen' || !c.value || typeof c.value !== 'object') continue;
      const v = c.value;
      const leadgenId = idOf(v.leadgen_id);
      const pageId = idOf(v.page_id) ?? idOf((entry as { id?: unknown }).id);
      if (!leadgenId || !pageId) continue;
      const created = typeof v.created_time === 'number' ? new Date(v.created_time * 1000) : null;
      out.push({
        leadgenId,
        pageId,
        formId: idOf(v.form_id),
        adId: idOf(v.ad_id),
        criadoMeta: created && !Number.isNaN(created.getTime()) ? created : null,
        bruto: v,
      });
    }
  }
  return out;
}
