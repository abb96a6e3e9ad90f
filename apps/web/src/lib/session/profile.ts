import type { Profile } from '@smm/domain';
import { api } from '../api-client';

export const PROFILE_QUERY_KEY = ['auth', 'profile'] as const;

export const getProfile = () => api.get<Profile>('/auth/profile');
