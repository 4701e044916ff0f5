import { useMutation, useQuery } from '@tanstack/react-query';
import { messageForStatus } from '@roadcount/domain';
import { http, RequestError } from '@/lib/http.ts';
import type { RequestBody, ResponseBody } from '@/lib/openapi.ts';
import { readTokens } from '@/lib/session/tokenStorage.ts';

export type SubscriptionEnquiry = RequestBody<'/bill/subscription/', 'post'>;

export type SupportMessage = ResponseBody<'/bill/support-messages', 'get'>[number];

export type ScreenUsage = ResponseBody<'/api/page-views/usage', 'get'>[number];

/** SPEC section 7: POST /bill/feedback, multipart with feedback, userId, email and file-0, ... */
async function postFeedback(input: {
  feedback: string;
  userId: string;
  email: string;
  files: File[];
}): Promise<void> {
  const form = new FormData();
  form.append('feedback', input.feedback);
  form.append('userId', input.userId);
  form.append('email', input.email);
  input.files.forEach((file, index) => form.append(`file-${index}`, file, file.name));
  const access = readTokens()?.access;
  let response: Response;
  try {
    response = await fetch('/bill/feedback', {
      method: 'POST',
      headers: access ? { authorization: `Bearer ${access}` } : {},
      body: form,
    });
  } catch {
    throw new RequestError(500, messageForStatus(500));
  }
  if (!response.ok) throw new RequestError(response.status, messageForStatus(response.status));
}

export function useSendFeedback() {
  return useMutation({ mutationFn: postFeedback });
}

export function useSendSubscriptionEnquiry() {
  return useMutation({
    mutationFn: (enquiry: SubscriptionEnquiry) => http.post('/bill/subscription/', enquiry),
  });
}

/** What users sent to support, for platform staff. */
export function useSupportMessages(enabled: boolean) {
  return useQuery({
    queryKey: ['support-messages'],
    queryFn: () => http.get('/bill/support-messages'),
    enabled,
  });
}

/** Page views per organisation and screen over the last 30 days, for platform staff. */
export function useScreenUsage(enabled: boolean) {
  return useQuery({
    queryKey: ['page-view-usage'],
    queryFn: () => http.get('/api/page-views/usage', { query: { days: 30 } }),
    enabled,
  });
}

/** Opens an attachment, fetched with the session's token, in a new tab. */
export async function openAttachment(id: string, fileName: string): Promise<void> {
  const access = readTokens()?.access;
  const response = await fetch(`/bill/support-messages/attachments/${id}`, {
    headers: access ? { authorization: `Bearer ${access}` } : {},
  });
  if (!response.ok) throw new RequestError(response.status, messageForStatus(response.status));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The support team's address (SUPPORT_EMAIL on the server). */
export function useSupportContact() {
  return useQuery({
    queryKey: ['support-contact'],
    queryFn: () => http.get('/bill/contact'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
