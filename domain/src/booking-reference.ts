/**
 * A booking's reference, as customers read it (the payment success page) and staff search for
 * it: the first 8 hex digits of its id, in capitals ("3F2A91C0"). Short enough to read out on
 * the phone; the id's full randomness stays the key.
 */
export const bookingReference = (id: string): string => id.replace(/-/g, '').slice(0, 8).toUpperCase();

/** The id prefix a search for a reference means ("3f2a91c0" for "3F2A91C0"), or undefined when the text is not one. */
export const referencePrefix = (q: string): string | undefined => (/^[0-9a-f]{8}$/i.test(q.trim()) ? q.trim().toLowerCase() : undefined);
