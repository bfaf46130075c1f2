import { BlockList, isIPv4, isIPv6 } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** True for 127.0.0.0/8, ::1 and IPv4-mapped 127.x (a dual-stack socket reports ::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return loopback.check(mapped, 'ipv4');
  if (isIPv4(address)) return loopback.check(address, 'ipv4');
  if (isIPv6(address)) return loopback.check(address, 'ipv6');
  return false;
}
