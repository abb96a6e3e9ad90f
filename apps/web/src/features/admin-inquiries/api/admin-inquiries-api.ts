import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InquiryState, InquiryType } from '@smm/domain';
import type { AdminInquiryThread } from '@smm/domain/contract';
import { adminInquiriesApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** Every read of the console's inquiries: an action on a thread refetches the queue too. */
export const ADMIN_INQUIRIES_KEY = ['admin', 'inquiries'] as const;

export interface InquiriesSearch {
  state: InquiryState;
  /** '' for every type. */
  type: InquiryType | '';
  page: number;
}

/** The queue's query as the server takes it (the type left out for every type). */
export function inquiriesQueryOf(search: InquiriesSearch): Record<string, string> {
  return {
    state: search.state,
    ...(search.type ? { type: search.type } : {}),
    page: String(search.page),
  };
}

export const queueKey = (search: InquiriesSearch) =>
  [...ADMIN_INQUIRIES_KEY, 'queue', inquiriesQueryOf(search)] as const;

const queueOptions = (search: InquiriesSearch) => ({
  queryKey: queueKey(search),
  queryFn: () => call(adminInquiriesApi.list, { query: new URLSearchParams(inquiriesQueryOf(search)) }),
});

export const useInquiryQueue = (search: InquiriesSearch) =>
  useQuery({ ...queueOptions(search), placeholderData: keepPreviousData });

/**
 * How many inquiries wait for an answer, as the queue's first page of 답변 대기 last answered (read from
 * the cache, never fetched: the menu adds no call of its own); undefined until that page was loaded.
 */
export function useWaitingCount(): number | undefined {
  return useQuery({ ...queueOptions({ state: 'WAITING', type: '', page: 1 }), enabled: false }).data?.total;
}

export const threadKey = (id: number) => [...ADMIN_INQUIRIES_KEY, 'thread', id] as const;

export const useAdminInquiryThread = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: threadKey(id),
    queryFn: () => call(adminInquiriesApi.thread, { params: { id } }),
    enabled,
  });

type ThreadAction =
  | { kind: 'reply' | 'note'; text: string }
  | { kind: 'close' }
  | { kind: 'assign'; operatorId: number | null };

/** Reply, internal note, close, assign: each answers the thread as it now is, shown at once. */
export function useThreadAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ThreadAction): Promise<AdminInquiryThread> => {
      const params = { id };
      switch (action.kind) {
        case 'reply':
          return call(adminInquiriesApi.reply, { params, body: { text: action.text } });
        case 'note':
          return call(adminInquiriesApi.note, { params, body: { text: action.text } });
        case 'close':
          return call(adminInquiriesApi.close, { params });
        case 'assign':
          return call(adminInquiriesApi.assign, { params, body: { operatorId: action.operatorId } });
      }
    },
    onSuccess: async (thread) => {
      client.setQueryData(threadKey(id), thread);
      await client.invalidateQueries({ queryKey: [...ADMIN_INQUIRIES_KEY, 'queue'] });
    },
  });
}
