import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { FAQS_QUERY_KEY } from './content-keys';

/** GET /admin/api/faq — in the members' order. */
export const getFaqs = () => call(adminContentApi.faqs);

export const getAdminFaqsQueryOptions = () => queryOptions({ queryKey: FAQS_QUERY_KEY, queryFn: getFaqs });

export const useAdminFaqs = () => useQuery(getAdminFaqsQueryOptions());
