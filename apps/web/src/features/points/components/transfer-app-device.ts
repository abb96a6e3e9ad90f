/**
 * Whether this device can have the Toss app, so the transfer panel offers to open it
 * (docs/product.md#point-charge-page). Toss exists for Android and iOS only, so the operating system in
 * the user agent decides, not the screen width: a wide Android or iPad tablet has the app (the narrow-screen
 * hook would miss it) and a narrow desktop window or a touch-screen Windows laptop does not. iPadOS asks
 * for desktop sites as "Macintosh"; a Mac has no touch points, so touch tells the iPad apart.
 * Read once per render from `navigator`: neither the user agent nor the touch points change while a page
 * is open.
 */
export function isTransferAppDevice(
  nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> | undefined = globalThis.navigator,
): boolean {
  if (!nav) return false;
  const ua = nav.userAgent;
  if (/Android|iPhone|iPad|iPod/i.test(ua)) return true;
  return /Macintosh/i.test(ua) && nav.maxTouchPoints > 1;
}
