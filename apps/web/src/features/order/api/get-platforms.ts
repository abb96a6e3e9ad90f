import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface Platform {
  id: number;
  text: string;
  visible: boolean;
  bgColor: string | null;
}

export const getPlatforms = () => api.get<Platform[]>('/service/platforms');

export const usePlatforms = () =>
  useQuery({ queryKey: ['platforms'], queryFn: getPlatforms, staleTime: 60_000 });
