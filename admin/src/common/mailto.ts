/**
 * A `mailto:` link to one address. The address is percent-encoded (keeping `@` readable), so
 * `?`, `&`, `%`, `,` or line breaks in a stored email cannot add recipients (cc, bcc), a body
 * or a second address; the optional subject is encoded as one query value.
 */
export function mailto(address: string, subject?: string): string {
  const to = encodeURIComponent(address).replace(/%40/g, '@');
  return subject ? `mailto:${to}?subject=${encodeURIComponent(subject)}` : `mailto:${to}`;
}

/**
 * Whether mail can reach the address. A walk-in booked without an email gets an address under
 * the reserved `.invalid` domain (RFC 2606), which the server never sends to; staff see
 * "No email" instead of it.
 */
export const hasMailbox = (address: string) => !address.toLowerCase().endsWith('.invalid');

/** The address to show: itself, or "No email" for a walk-in without one. */
export const emailText = (address: string) => (hasMailbox(address) ? address : 'No email');
