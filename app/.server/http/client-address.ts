import ipaddr from "ipaddr.js";

/**
 * The key a client's requests are counted under for rate limits. One IPv4 address is one
 * client; an IPv6 client usually holds a whole /64 and could rotate through it, so its /64
 * is one client. IPv4 written as IPv6 (::ffff:203.0.113.7) counts as the IPv4 address.
 */
export function rateLimitKey(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return address ?? "unknown";
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(":")}::/64`;
}

/** The address itself, IPv4 written as IPv6 shown as IPv4. */
export function normalizeAddress(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return address ?? "unknown";
  return ipaddr.process(address).toString();
}
