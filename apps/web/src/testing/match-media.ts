// jsdom lacks these browser APIs; sonner, embla and the theme code read them.
export function installMatchMedia(prefersDark = false, { reducedMotion = false } = {}) {
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('prefers-color-scheme: dark')
        ? prefersDark
        : query.includes('prefers-reduced-motion: reduce')
          ? reducedMotion
          : false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
