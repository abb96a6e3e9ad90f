import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberPricingApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** GET /service/my-grade: the member's grade block (docs/product.md#member-grades-and-custom-rates). */
export const getMyGrade = () => call(memberPricingApi.myGrade);

export const getMyGradeQueryOptions = () => queryOptions({ queryKey: ['my-grade'], queryFn: getMyGrade });

export const useMyGrade = () => useQuery(getMyGradeQueryOptions());
