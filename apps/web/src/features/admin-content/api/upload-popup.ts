import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminContentApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { POPUPS_QUERY_KEY } from './content-keys';

/** POST /admin/api/popups — multipart/form-data: image (the file), enabled ('true' | 'false'). */
export function uploadPopup({ file, enabled }: { file: File; enabled: boolean }) {
  const form = new FormData();
  form.append('enabled', String(enabled));
  form.append('image', file);
  return call(adminContentApi.uploadPopup, { body: form });
}

export function useUploadPopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPopup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: POPUPS_QUERY_KEY }),
  });
}
