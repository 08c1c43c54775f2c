// Where a webhook step may post (issue 25 'Steps': call an outside URL): never this server's own
// network (the database, the gateway, a cloud's metadata address). Every address the host name
// resolves to must be public.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** The addresses a webhook may not reach: loopback, private, link-local, shared, unique-local, unspecified. */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv6');

export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return INTERNAL.check(mapped[1]!, 'ipv4');
  }
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export async function resolveHost(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
}

const MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The file of a 'midia' step (issue 25 'Steps'), downloaded from its https URL under the webhook's
 * rule (only public addresses, no redirects), at most 16 MB (mass send's media limit), as base64.
 */
export async function downloadMedia(
  url: string,
  io: { fetch: typeof fetch; resolveHost: (host: string) => Promise<string[]> },
): Promise<{ base64: string; mimetype: string | null }> {
  const addresses = await io.resolveHost(new URL(url).hostname.replace(/^\[|\]$/g, ''));
  if (addresses.length === 0 || addresses.some(isInternalAddress))
    throw new Error('O endereço do arquivo aponta para um endereço interno; use um endereço público.');
  const res = await io.fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(20_000) });
  if (res.status < 200 || res.status >= 300) {
    await res.body?.cancel();
    throw new Error(`O endereço do arquivo respondeu ${res.status}.`);
  }
  const data = Buffer.from(await res.arrayBuffer());
  if (data.length === 0 || data.length > MEDIA_MAX_BYTES) throw new Error('O arquivo está vazio ou passa de 16 MB.');
  const type = res.headers.get('content-type')?.split(';')[0]?.trim() || null;
  return { base64: data.toString('base64'), mimetype: type };
}
