import { useQuery } from '@tanstack/react-query';
import type { Notice } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

export type { Notice };

export const getNotices = () => api.get<Notice[]>('/service/notices');

export const useNotices = () => useQuery({ queryKey: ['notices'], queryFn: getNotices, staleTime: 60_000 });
