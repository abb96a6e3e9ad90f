import { BUILTIN_SIMULATED_PROVIDER_URL } from '@smm/domain';

/**
 * The API URL a provider row holds for the built-in simulated provider. It has no host of its own:
 * the provider client resolves it to the simulator this process serves (see providers/). The console's
 * form accepts it too, so the value lives in the domain package.
 */
export const SIMULATED_PROVIDER_URL = BUILTIN_SIMULATED_PROVIDER_URL;
