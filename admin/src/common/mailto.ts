/**
 * A `mailto:` link to one address. The address is percent-encoded (keeping `@` readable), so
 * `?`, `&`, `%`, `,` or line breaks in a stored email cannot add recipients (cc, bcc), a body
 * or a second address; the optional subject is encoded as one query value.
 */
export function mailto(address: string, subject?: string): string {
  const to = encodeURIComponent(address).replace(/%40/g, '@');
  return subject ? `mailto:${to}?subject=${encodeURIComponent(subject)}` : `mailto:${to}`;
}
