/**
 * The API URL a provider row holds for the built-in simulated provider. It has no host of its own:
 * the provider client resolves it to the simulator this process serves (see providers/).
 */
export const SIMULATED_PROVIDER_URL = 'builtin:simulated';
