import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminRegisterWhere } from '@smm/domain/contract';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { REGISTER_WHERES_QUERY_KEY } from './content-keys';

export type { AdminRegisterWhere };

/** GET /admin/api/register-wheres — in the sign-up dropdown's order. */
export const getRegisterWheres = () => call(adminContentApi.registerWheres);

export const getAdminRegisterWheresQueryOptions = () =>
  queryOptions({ queryKey: REGISTER_WHERES_QUERY_KEY, queryFn: getRegisterWheres });

export const useAdminRegisterWheres = () => useQuery(getAdminRegisterWheresQueryOptions());
