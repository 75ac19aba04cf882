import type { EmailAttachment } from './types.ts';

/** Pure helpers for reading a message as it was sent: its links, its HTML preview, its attachments. */

export interface EmailLink {
  url: string;
  /** The words before the link on its line ("Choose a new password" in "Choose a new password: https://..."). */
  label?: string;
}

/** http(s) only: anything else (javascript:, data:) is never offered as a link. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;
/** Sentence punctuation that ends a line is not part of the address. */
const TRAILING = /[.,;:!?]+$/;

/**
 * The templates write a link as "Label: URL" on a line of its own. Words before a colon that
 * read as a sentence ("Our schedule? See: ...", in a customer's message) are no label.
 */
function labelBefore(text: string): string | undefined {
  const label = /^(.+):\s*$/.exec(text.trim())?.[1]?.trim();
  return label && label.length <= 60 && !/[.?!:]/.test(label) ? label : undefined;
}

/**
 * Every web address in the plain-text body, once each, in order, with the label the templates
 * put before it. The HTML preview runs in a sandbox where links do nothing, so these are how
 * staff (or a newcomer resetting a password locally) follow a link from the back office.
 */
export function linksInText(text: string): EmailLink[] {
  const links = new Map<string, EmailLink>();
  for (const line of text.split('\n')) {
    for (const match of line.matchAll(URL_IN_TEXT)) {
      let url = match[0].replace(TRAILING, '');
      // "(see https://x/y)": the bracket closes the sentence unless the address opened one.
      if (url.endsWith(')') && !url.includes('(')) url = url.slice(0, -1);
      const label = labelBefore(line.slice(0, match.index));
      if (!links.has(url)) links.set(url, label ? { url, label } : { url });
    }
  }
  return [...links.values()];
}

/**
 * The HTML body for the preview's `srcdoc`, with links aimed at a new window: the frame is
 * sandboxed without popups, so a click does nothing, instead of loading the page inside the
 * frame (which our own pages refuse: frame-ancestors 'none').
 */
export function previewDocument(html: string, attachments: EmailAttachment[] = []): string {
  const base = '<base target="_blank">';
  // An inline image (the door code's QR) is shown from its own bytes where the HTML names its Content-ID.
  for (const a of attachments) if (a.cid) html = html.split(`"cid:${a.cid}"`).join(`"${attachmentHref(a)}"`);
  const opening = /<html[^>]*>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
  if (!opening) return base + html;
  const at = opening.index + opening[0].length;
  return html.slice(0, at) + base + html.slice(at);
}

/**
 * A download link for an attachment the record carries (the `.ics` of a booking, the QR of its door
 * code): its content is the text that was attached, or its bytes in base64, so a data: URL with its
 * own content type is the file itself.
 */
export const attachmentHref = (a: EmailAttachment) =>
  a.encoding === 'base64' ? `data:${a.contentType.replace(/\s+/g, '')};base64,${a.content}` : `data:${a.contentType.replace(/\s+/g, '')},${encodeURIComponent(a.content)}`;
