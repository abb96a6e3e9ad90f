import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminFaq } from '@smm/domain/contract';
import { api } from '@/lib/api-client';
import { FAQS_QUERY_KEY } from './content-keys';

/** GET /admin/api/faq — in the members' order. */
export const getFaqs = () => api.get<AdminFaq[]>('/admin/api/faq');

export const getAdminFaqsQueryOptions = () => queryOptions({ queryKey: FAQS_QUERY_KEY, queryFn: getFaqs });

export const useAdminFaqs = () => useQuery(getAdminFaqsQueryOptions());
