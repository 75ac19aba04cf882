import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Stripe-style signatures (README "Webhooks"): `Courtside-Signature: t=<unix seconds>,v1=<hex>`,
 * the HMAC-SHA256 of `<t>.<body>` keyed with the endpoint's secret. The timestamp is signed too,
 * so a receiver that refuses old ones cannot be replayed a captured request later.
 */

export const SIGNATURE_HEADER = 'Courtside-Signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** A new endpoint secret: `whsec_` and 32 random bytes in hex. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('hex')}`;

export const signPayload = (secret: string, timestamp: number, body: string): string => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** One `v1` per secret: the current one, and the one before a roll while it still signs. */
export const signatureHeader = (secrets: readonly string[], timestamp: number, body: string): string =>
  [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signPayload(secret, timestamp, body)}`)].join(',');

/**
 * What a receiver does (the README's snippet is this function): the header's `t` within the
 * tolerance of its own clock, and one of its `v1` values equal, compared in constant time.
 */
export function verifySignature(header: string | undefined, body: string, secret: string, nowSeconds: number, toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signPayload(secret, t, body), 'hex');
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const given = Buffer.from(v ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
