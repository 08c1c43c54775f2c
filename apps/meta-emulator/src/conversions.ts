// The Conversions API for CRM events (issue 24 "Closing the loop"): POST /{dataset_id}/events with
// `data` (a JSON array); answers {events_received, messages, fbtrace_id} and records what it got.
// An event_time in the future or more than 7 days old is refused, as Meta refuses it.
import { fbtraceId, GraphError, invalidParameter } from './graph-error.ts';
import { on, type GraphContext } from './graph.ts';
import { jsonParam } from './params.ts';
import { nowSeconds, type Dataset } from './state.ts';

const SEVEN_DAYS = 7 * 86_400;

export const registerConversionsRoutes = (ctx: GraphContext): void => {
  on(ctx, 'POST', 'dataset/events', (call) => {
    const dataset = call.node as Dataset;
    const data = jsonParam<unknown>(call.params, 'data');
    if (!Array.isArray(data) || data.length === 0) throw invalidParameter('The parameter data is required');
    if (data.length > 1000) throw invalidParameter('Param data must be an array with at most 1000 elements');
    const now = nowSeconds();
    data.forEach((event: Record<string, unknown>, i) => {
      if (!event || typeof event !== 'object') throw invalidParameter(`Param data[${i}] must be an object`);
      if (typeof event.event_name !== 'string' || !event.event_name)
        throw invalidParameter(`Param data[${i}][event_name] is required`);
      const t = Number(event.event_time);
      if (!Number.isInteger(t)) throw invalidParameter(`Param data[${i}][event_time] must be a unix timestamp in seconds`);
      if (t > now + 60)
        throw new GraphError(400, {
          message: 'Invalid parameter',
          type: 'OAuthException',
          code: 100,
          error_subcode: 2804004,
          error_user_title: 'Event Timestamp Too Far in the Future',
          error_user_msg: 'The timestamp for this event is in the future.',
        });
      if (t < now - SEVEN_DAYS)
        throw new GraphError(400, {
          message: 'Invalid parameter',
          type: 'OAuthException',
          code: 100,
          error_subcode: 2804003,
          error_user_title: 'Event Timestamp Too Old',
          error_user_msg: 'The timestamp for this event is more than 7 days in the past.',
        });
      if (typeof event.action_source !== 'string') throw invalidParameter(`Param data[${i}][action_source] is required`);
      const userData = event.user_data as Record<string, unknown> | undefined;
      if (!userData || typeof userData !== 'object' || Object.keys(userData).length === 0)
        throw invalidParameter(`Param data[${i}][user_data] must have at least one customer information parameter`);
    });
    const receivedAt = new Date().toISOString();
    for (const event of data as Record<string, unknown>[])
      ctx.state.conversions.push({
        datasetId: dataset.id,
        receivedAt,
        event,
        ...(call.params.test_event_code ? { testEventCode: call.params.test_event_code } : {}),
      });
    return { events_received: data.length, messages: [], fbtrace_id: fbtraceId() };
  });
};
