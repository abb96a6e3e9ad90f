import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notice, Qna } from '@smm/domain/contract';
import { siteApi } from '@smm/domain/endpoints';
import { call } from './api-client';

export type { Notice, Qna };

/**
 * The member site's content lists (the order page's notices, the FAQ, sign-up's 가입 경로). Shared
 * because the console refreshes them in its own tab after an operator edits them.
 */
export const getNotices = () => call(siteApi.notices);

export const getNoticesQueryOptions = () =>
  queryOptions({ queryKey: ['notices'], queryFn: getNotices, staleTime: 60_000 });

export const useNotices = () => useQuery(getNoticesQueryOptions());

export const getQnas = () => call(siteApi.qnas);

export const getQnasQueryOptions = () =>
  queryOptions({ queryKey: ['qnas'], queryFn: getQnas, staleTime: 5 * 60_000 });

export const useQnas = () => useQuery(getQnasQueryOptions());

export const getRegisterWhere = () => call(siteApi.registerWheres);

export const getRegisterWhereQueryOptions = () =>
  queryOptions({ queryKey: ['register-where'], queryFn: getRegisterWhere, staleTime: 10 * 60 * 1000 });

export const useRegisterWhere = () => useQuery(getRegisterWhereQueryOptions());
