import { useMutation } from '@tanstack/react-query';
import type { FindIdRequest, FindIdResponse } from '@smm/domain/contract';
import { api } from '@/lib/api-client';

/** POST /service/find-id: the id registered with that e-mail, masked (the full id is mailed). */
export const findId = (input: FindIdRequest) => api.post<FindIdResponse>('/service/find-id', input);

export const useFindId = () => useMutation({ mutationFn: findId });
