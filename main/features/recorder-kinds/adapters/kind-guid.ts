import { nodeCrypto } from '../../../adapters/node-crypto';

/**
 * The GUID a dedupe key stands for: the journal dedupes on a webhook's GUID (main/core/
 * webhook-intake.ts), so the same key must always give the same GUID. Name-based, as RFC 9562's
 * version 5 (SHA-1 of the name), with this app's own prefix as the namespace.
 */
export function kindGuid(key: string): string {
  const hash = nodeCrypto().createHash('sha1').update(`recorder-tray:${key}`, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
