import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const sendEmailCode = (email: string) => api.post<{ message?: string }>('/auth/send-email', { email });

export const sendPhoneCode = (phoneNumber: string) =>
  api.post<{ message?: string }>('/auth/send-phone-number', { phoneNumber });

export const useSendEmailCode = () => useMutation({ mutationFn: sendEmailCode });
export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });
