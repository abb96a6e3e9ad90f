import { useQuery } from '@tanstack/react-query';
import type { RegisterWhere } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

export const getRegisterWhere = () => api.get<RegisterWhere[]>('/service/register-where');

export const useRegisterWhere = () =>
  useQuery({ queryKey: ['register-where'], queryFn: getRegisterWhere, staleTime: 10 * 60 * 1000 });
