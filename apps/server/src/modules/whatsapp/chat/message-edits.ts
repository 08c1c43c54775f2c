// ref §4.3 MESSAGES_EDITED (`messages.edited`): data is the protocolMessage {key, type,
// editedMessage}. An edit (type MESSAGE_EDIT, 14) replaces the text shown and keeps the first text
// in corpo_original; a revoke (REVOKE, 0) marks the message deleted, as messages.delete does. The
// lead's preview follows when the edited message is its last one, with the lead event
// 'mensagem-editada' in the edit's transaction (issue 22 §2). Never lost: an edit of a message
// that is not stored (yet) is logged and dropped, since the message itself will carry its last text.
import type { MessagesEditedData } from '../../../integrations/evolution/evolution-types.ts';
import { unitLead } from '../../leads/leads.service.ts';
import { leadSummaryOf, setLeadLastPreview } from '../../leads/views/chat/lead-chat.service.ts';
import { editedBodyOf, previewText } from '../ingest/message-content.ts';
import type { InstanceRow } from '../instances/instances.repository.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';
import { emitMessage } from '../whatsapp-events.ts';
import { findMessageByWaId, listReactions, updateMessage } from './message-store.repository.ts';
import { asMediaType, chatMessageOf } from './message-view.ts';

const isRevoke = (type: MessagesEditedData['type']) => type === 0 || type === 'REVOKE';
const isEdit = (type: MessagesEditedData['type']) => type === undefined || type === 14 || type === 'MESSAGE_EDIT';

/** Applies one messages.edited event; answers whether a stored message changed. */
export async function applyMessageEdit(
  ctx: WhatsappContext,
  instance: InstanceRow,
  data: MessagesEditedData,
  now: Date = new Date(),
): Promise<boolean> {
  const row = await findMessageByWaId(ctx.db, instance.id, data.key.id);
  if (!row) {
    ctx.log.info({ instance: instance.name, messageId: data.key.id }, 'edição de mensagem não armazenada ignorada');
    return false;
  }
  let updated;
  if (isRevoke(data.type)) {
    if (row.isDeleted) return false;
    updated = await updateMessage(ctx.db, row.id, { isDeleted: true });
  } else if (isEdit(data.type)) {
    const body = editedBodyOf(data.editedMessage);
    if (body === null || body === row.body) return false;
    // One transaction: the message, the lead list's preview of its last message (001 §3
    // whatsapp_ultima_mensagem_texto) and that move's lead event 'mensagem-editada' (issue 22 §2).
    updated = await ctx.db.transaction(async (tx) => {
      const edited = await updateMessage(tx, row.id, { body, corpoOriginal: row.corpoOriginal ?? row.body, editadoEm: now });
      if (!edited) return null;
      await setLeadLastPreview(tx, {
        cliCrmId: row.cliCrmId,
        criadoEm: row.criadoEm,
        preview: previewText(asMediaType(row.mediaType), body, row.fileName),
        idMensagem: row.id,
        tipo: row.mediaType,
      });
      return edited;
    });
  } else return false;
  if (!updated) return false;
  const lead = await unitLead(ctx.db, row.idUnidade, row.cliCrmId);
  if (!lead) return true;
  const reactions = updated.messageId ? await listReactions(ctx.db, updated.cliCrmId, [updated.messageId]) : [];
  emitMessage(
    ctx,
    { idEmpresa: row.idEmpresa, idUnidade: row.idUnidade },
    'update',
    chatMessageOf(updated, reactions),
    leadSummaryOf(lead),
    null,
  );
  return true;
}
