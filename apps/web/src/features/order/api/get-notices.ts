import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface Notice {
  id: number;
  content: string;
  isTop: boolean;
  bgColor: string | null;
}

export const getNotices = () => api.get<Notice[]>('/service/notices');

export const useNotices = () => useQuery({ queryKey: ['notices'], queryFn: getNotices, staleTime: 60_000 });
