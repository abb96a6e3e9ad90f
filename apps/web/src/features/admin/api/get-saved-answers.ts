import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSavedAnswersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/**
 * 자주 쓰는 답변: the content area edits them and the inquiry reply form picks from them
 * (admin-saved-answers' SavedAnswerPicker), so the list and its key live in the console's shared part.
 */
export const SAVED_ANSWERS_QUERY_KEY = ['admin', 'saved-answers'] as const;

/** GET /admin/api/saved-answers — in the operators' order. */
export const getSavedAnswers = () => call(adminSavedAnswersApi.list);

export const getSavedAnswersQueryOptions = () =>
  queryOptions({ queryKey: SAVED_ANSWERS_QUERY_KEY, queryFn: getSavedAnswers });

export const useSavedAnswers = () => useQuery(getSavedAnswersQueryOptions());
