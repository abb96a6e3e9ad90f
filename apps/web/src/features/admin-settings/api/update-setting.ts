import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { getSiteSettingsQueryOptions } from '@/lib/site-settings';
import { getAdminSettingsQueryOptions } from './get-admin-settings';

/** PUT /admin/api/settings/:key {value} — checked by validateSettingValue, audited. */
export const updateSetting = ({ key, value }: { key: string; value: string }) =>
  call(adminApi.updateSetting, { params: { key }, body: { value } });

/**
 * One key at a time. The console's list takes the stored value, and the member site's settings (cached
 * an hour in this tab, lib/site-settings) are refetched so the operator's own tab shows the change.
 */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    onSuccess: async (saved) => {
      queryClient.setQueryData(getAdminSettingsQueryOptions().queryKey, (list) =>
        list?.map((setting) => (setting.key === saved.key ? { ...setting, value: saved.value } : setting)),
      );
      // refetchType 'all': the member site's query may be inactive now, and it is not refetched on mount.
      await queryClient.invalidateQueries({
        queryKey: getSiteSettingsQueryOptions().queryKey,
        refetchType: 'all',
      });
    },
  });
}
