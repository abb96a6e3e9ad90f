import { useQuery } from '@tanstack/react-query';
import type { Qna } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

export type { Qna };

export const getQnas = () => api.get<Qna[]>('/service/qnas');

export const useQnas = () => useQuery({ queryKey: ['qnas'], queryFn: getQnas, staleTime: 5 * 60_000 });
