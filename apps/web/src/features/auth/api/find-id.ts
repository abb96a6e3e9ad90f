import { useMutation } from '@tanstack/react-query';
import type { FindIdRequest } from '@smm/domain/contract';
import { authApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

/** POST /service/find-id: the id registered with that e-mail, masked (the full id is mailed). */
export const findId = (input: FindIdRequest) => call(authApi.findId, { body: input });

export const useFindId = () => useMutation({ mutationFn: findId });
