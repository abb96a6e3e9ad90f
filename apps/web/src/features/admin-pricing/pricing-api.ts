import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { GradeRequest, MemberRateRequest } from '@smm/domain/contract';
import { adminPricingApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** The console's grades and a member's pricing (docs/product.md#member-grades-and-custom-rates). */
export const GRADES_QUERY_KEY = ['admin', 'grades'] as const;
const memberPricingKey = (loginId: string) => ['admin', 'member-pricing', loginId] as const;

export const getGradesQueryOptions = () =>
  queryOptions({ queryKey: GRADES_QUERY_KEY, queryFn: () => call(adminPricingApi.grades) });
export const useGrades = () => useQuery(getGradesQueryOptions());

export const useMemberPricing = (loginId: string) =>
  useQuery({
    queryKey: memberPricingKey(loginId),
    queryFn: () => call(adminPricingApi.memberPricing, { params: { loginId } }),
  });

/** The member site's services list in this tab: a changed price shows there too. */
const refresh = (queryClient: QueryClient, loginId?: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: GRADES_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['services'] }),
    ...(loginId ? [queryClient.invalidateQueries({ queryKey: memberPricingKey(loginId) })] : []),
  ]);

export function useSaveGrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: GradeRequest }) =>
      id === null
        ? call(adminPricingApi.createGrade, { body })
        : call(adminPricingApi.updateGrade, { params: { id }, body }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDeleteGrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminPricingApi.deleteGrade, { params: { id } }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useSetMemberGrade(loginId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { gradeId: number | null; manual: boolean; memo: string }) =>
      call(adminPricingApi.setMemberGrade, { params: { loginId }, body }),
    onSuccess: () => refresh(queryClient, loginId),
  });
}

export function useSetMemberRate(loginId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, body }: { serviceId: number; body: MemberRateRequest }) =>
      call(adminPricingApi.setMemberRate, { params: { loginId, serviceId }, body }),
    onSuccess: () => refresh(queryClient, loginId),
  });
}

export function useDeleteMemberRate(loginId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceId: number) =>
      call(adminPricingApi.deleteMemberRate, { params: { loginId, serviceId } }),
    onSuccess: () => refresh(queryClient, loginId),
  });
}
