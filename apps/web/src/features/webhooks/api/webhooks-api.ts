import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WEBHOOK_DELIVERY_PAGE_SIZE,
  WEBHOOK_PATHS,
  webhookDeliveriesPath,
  webhookPath,
  webhookRedeliverPath,
  webhookRotatePath,
  webhookTestPath,
  type WebhookCreateInput,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookUpdateInput,
  type WebhookWithSecret,
} from '@tms/contracts/webhooks';
import { apiGet, apiSend } from '../../../lib/api-client.ts';

/** Settings → Webhooks' calls (issue 30 §3). Every write marks the list and the logs stale together. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  deliveries: (id: number) => ['webhooks', 'deliveries', id] as const,
};

/** GET /tms/webhooks: every endpoint with its pending and failed counts (a short list, no paging). */
export function useWebhookList() {
  return useQuery({ queryKey: webhookKeys.list(), queryFn: ({ signal }) => apiGet<WebhookEndpoint[]>(WEBHOOK_PATHS.list, undefined, { signal }), staleTime: 0 });
}

/** GET /tms/webhooks/:id/deliveries, newest first, one keyset page after another ("Load older deliveries"). */
export function useWebhookDeliveries(id: number) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(id),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiGet<WebhookDeliveryPage>(webhookDeliveriesPath(id), { size: WEBHOOK_DELIVERY_PAGE_SIZE, before: pageParam ?? undefined }, { signal }),
    getNextPageParam: (last) => last.next_before ?? undefined,
    staleTime: 0,
  });
}

function useWebhookMutation<V, R>(mutationFn: (variables: V) => Promise<R>, silent = false) {
  const client = useQueryClient();
  return useMutation({ mutationFn, meta: silent ? { silent: true } : undefined, onSettled: () => client.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export type SaveWebhookVariables = { id: null; body: WebhookCreateInput } | { id: number; body: WebhookUpdateInput };

/** POST (a new endpoint: answers its secret, once) or PUT (with its version). Silent: the form shows a 400 under its fields. */
export function useSaveWebhook() {
  return useWebhookMutation(
    (v: SaveWebhookVariables) => (v.id === null ? apiSend<WebhookWithSecret>('POST', WEBHOOK_PATHS.list, v.body) : apiSend<WebhookEndpoint>('PUT', webhookPath(v.id), v.body)),
    true,
  );
}

export const useDeleteWebhook = () => useWebhookMutation((id: number) => apiSend<{ id: number }>('DELETE', webhookPath(id)));
export const useRotateWebhookSecret = () => useWebhookMutation((id: number) => apiSend<WebhookWithSecret>('POST', webhookRotatePath(id)));
export const useSendWebhookTest = () => useWebhookMutation((id: number) => apiSend<WebhookDelivery>('POST', webhookTestPath(id)));
export const useRedeliverWebhook = () =>
  useWebhookMutation(({ id, deliveryId }: { id: number; deliveryId: number }) => apiSend<WebhookDelivery>('POST', webhookRedeliverPath(id, deliveryId)));
