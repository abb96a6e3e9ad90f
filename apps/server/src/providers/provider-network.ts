import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, type Dispatcher } from 'undici';

/**
 * Where a provider call may connect (docs/ARCHITECTURE.md, "Providers are untrusted"). A provider URL
 * is typed by an operator and followed by the server, so left open it reaches whatever the server can:
 * its own loopback services, the cloud's metadata endpoint, the private network. Unless
 * PROVIDER_ALLOW_PRIVATE_ADDRESSES is set, only public unicast addresses are connected to.
 *
 * The check sits in the connection itself, on the address the socket is about to use: an IP literal
 * before `connect`, a host name on what DNS answered, inside the lookup the socket makes. A check of the
 * URL beforehand would not do: the name could resolve to a public address for the check and to
 * 127.0.0.1 for the connection (DNS rebinding), and `2130706433` or `0x7f.0.0.1` are 127.0.0.1 too.
 */

/** The cause under fetch's "fetch failed" when the address was refused; no connection was made. */
export class ForbiddenAddressError extends Error {
  readonly code = 'ERR_PROVIDER_ADDRESS_FORBIDDEN';

  constructor() {
    // Names neither the address nor the port: every refusal reads the same (no port scanning).
    super('a private or local address is not allowed');
    this.name = 'ForbiddenAddressError';
  }
}

// NAT64's well-known prefix (RFC 6052): on an IPv6-only network with DNS64 every IPv4 host has such an
// address, so the IPv4 address inside is what decides.
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * True for an address a provider may be at: public unicast only. Anything ipaddr.js files under a
 * special range (loopback, private, link-local, unique local, carrier-grade NAT, unspecified, multicast,
 * broadcast, reserved, documentation, 6to4, Teredo, …) is refused, and so is what cannot be read.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) {
      parsed = v6.toIPv4Address();
    } else if (v6.match(NAT64)) {
      parsed = ipaddr.fromByteArray(v6.toByteArray().slice(12));
    } else if (v6.parts.slice(0, 6).every((part) => part === 0)) {
      // ::/96, the deprecated IPv4-compatible form (::127.0.0.1) and :: itself: never a provider.
      return false;
    }
  }
  return parsed.range() === 'unicast';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * dns.lookup keeping the public addresses only; none left is a refusal. The socket connects to what
 * this returns, so the address checked is the address used.
 */
function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, []);
      return;
    }
    const allowed = addresses.filter((entry) => isPublicAddress(entry.address));
    const first = allowed[0];
    if (!first) {
      callback(new ForbiddenAddressError(), []);
      return;
    }
    if (options.all) callback(null, allowed);
    else callback(null, first.address, first.family);
  });
}

const connectPublic = buildConnector({ lookup: publicLookup });

/** An IP literal skips the lookup, so it is checked here; a name is checked by publicLookup. */
const connectPublicOnly: buildConnector.connector = (options, callback) => {
  const host = options.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0 && !isPublicAddress(host)) {
    callback(new ForbiddenAddressError(), null);
    return;
  }
  connectPublic(options, callback);
};

let publicOnly: Dispatcher | undefined;
let anyAddress: Dispatcher | undefined;

/** The connection pool provider calls go through; one per rule, shared by every client. */
export function providerDispatcher(allowPrivateAddresses: boolean): Dispatcher {
  if (allowPrivateAddresses) return (anyAddress ??= new Agent());
  return (publicOnly ??= new Agent({ connect: connectPublicOnly }));
}

/** True when fetch failed because the address was refused (the cause it wraps). */
export function isForbiddenAddress(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return error instanceof ForbiddenAddressError || cause instanceof ForbiddenAddressError;
}

/** True when the URL's host is an IP literal that is not public (`2130706433` reads as 127.0.0.1). */
export function hasPrivateAddressLiteral(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const host = new URL(value).hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) !== 0 && !isPublicAddress(host);
}

/**
 * The console's check when a URL is saved (the connection's check above is the one that counts): a
 * URL whose host is a private or local IP literal, or `localhost`, can never work with the rule on, so
 * the operator hears so at once. The URL parser reads `2130706433` and `0x7f.0.0.1` as 127.0.0.1.
 */
export function isPrivateLiteralUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const host = new URL(value).hostname.replace(/\.$/, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || hasPrivateAddressLiteral(value);
}
