import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface RegisterWhereOption {
  id: number;
  text: string;
}

export const getRegisterWhere = () => api.get<RegisterWhereOption[]>('/service/register-where');

export const useRegisterWhere = () =>
  useQuery({ queryKey: ['register-where'], queryFn: getRegisterWhere, staleTime: 10 * 60 * 1000 });
