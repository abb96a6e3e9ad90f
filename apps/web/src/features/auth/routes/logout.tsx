import { useEffect } from 'react';
import { removeStoredToken } from '@/lib/api-client';
import { paths } from '@/lib/paths';

/**
 * /logout clears the stored token and reloads the site root, which drops every cache
 * (docs/product.md#routes).
 */
export function LogoutRoute() {
  useEffect(() => {
    removeStoredToken();
    window.location.assign(paths.home);
  }, []);
  return null;
}
