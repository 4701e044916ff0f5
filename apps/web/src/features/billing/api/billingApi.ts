import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageForStatus } from '@roadcount/domain';
import { http, RequestError } from '@/lib/http.ts';
import type { RequestBody, ResponseBody } from '@/lib/openapi.ts';
import { readTokens } from '@/lib/session/tokenStorage.ts';

export type Subscription = ResponseBody<'/bill/subscriptions', 'get'>[number];
export type Bill = ResponseBody<'/bill/bills', 'get'>[number];
export type QueuedTask = ResponseBody<'/bill/bills/generate', 'post'>;
export type SubscriptionChange = RequestBody<'/bill/subscriptions/{organisationId}', 'patch'>;
export type LevelPrice = ResponseBody<'/bill/prices', 'get'>[number];
export type PriceChange = RequestBody<'/bill/prices/{level}', 'patch'>;

export const billingKeys = {
  subscriptions: ['billing', 'subscriptions'] as const,
  bills: ['billing', 'bills'] as const,
  prices: ['billing', 'prices'] as const,
};

export function useSubscriptions() {
  return useQuery({
    queryKey: billingKeys.subscriptions,
    queryFn: () => http.get('/bill/subscriptions'),
  });
}

export function useBills() {
  return useQuery({ queryKey: billingKeys.bills, queryFn: () => http.get('/bill/bills') });
}

export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      organisationId,
      change,
    }: {
      organisationId: string;
      change: SubscriptionChange;
    }) => http.patch('/bill/subscriptions/{organisationId}', change, { path: { organisationId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.subscriptions }),
  });
}

/** Staff: the price list bills are made at. */
export function usePrices() {
  return useQuery({
    queryKey: billingKeys.prices,
    queryFn: () => http.get('/bill/prices'),
  });
}

/** Staff: changes one level's prices. */
export function useUpdatePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ level, change }: { level: string; change: PriceChange }) =>
      http.patch('/bill/prices/{level}', change, { path: { level } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.prices }),
  });
}

export function useGenerateBills() {
  return useMutation({
    mutationFn: (month: string) => http.post('/bill/bills/generate', { month }),
  });
}

export function useLatestChangelog(enabled: boolean) {
  return useQuery({
    queryKey: ['changelog', 'latest'],
    queryFn: () => http.get('/api/changelog/latest'),
    enabled,
  });
}

export function useSendChangelog() {
  return useMutation({
    mutationFn: () => http.post('/api/changelog/send', {}),
  });
}

/** Saves a bill's PDF or CSV (the server checks it is the viewer's to read). */
export async function downloadBill(bill: Bill, format: 'pdf' | 'csv') {
  const access = readTokens()?.access;
  const response = await fetch(`/bill/bills/${bill.id}/${format}`, {
    headers: access ? { authorization: `Bearer ${access}` } : {},
  });
  if (!response.ok) throw new RequestError(response.status, messageForStatus(response.status));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `roadcount-bill-${bill.month}-${bill.organisation_name.replace(/[^\w-]+/g, '-')}.${format}`;
  link.click();
  URL.revokeObjectURL(url);
}

/** Pence as the viewer's locale writes pounds. */
export function formatAmount(pence: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'GBP' }).format(
    pence / 100,
  );
}
