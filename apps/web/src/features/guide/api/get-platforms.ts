import { useQuery } from '@tanstack/react-query';
import type { Platform } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

export type { Platform };

export const getPlatforms = () => api.get<Platform[]>('/service/platforms');

/** The catalogue's platforms; the same cache key as the order page's, so a visit to either fills both. */
export const usePlatforms = () =>
  useQuery({ queryKey: ['platforms'], queryFn: getPlatforms, staleTime: 60_000 });
