import { useEffect } from 'react';
import { removeStoredToken } from '@/lib/api-client';
import { paths } from '@/lib/paths';

/** SPEC.md §2: /logout clears the stored token and reloads the site root (a full reload drops every cache). */
export function LogoutRoute() {
  useEffect(() => {
    removeStoredToken();
    window.location.assign(paths.home);
  }, []);
  return null;
}
