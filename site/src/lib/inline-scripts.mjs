// The site's few inline scripts: they must run before first paint, so they cannot be bundled
// modules. Pages render them from here (set:html) and astro.config.mjs hashes the very same
// strings into the Content-Security-Policy, so a page and its policy can never disagree. They
// read the session under the keys the session module writes (SESSION_KEYS), named once.
import { LOGIN_PATH, REGISTER_PATH, SESSION_KEYS } from '@courtside/browser';

/** A string literal in the scripts' own quoting (the keys and path hold no quote or backslash). */
const quoted = (text) => `'${text}'`;
const token = `localStorage.getItem(${quoted(SESSION_KEYS.token)})`;
const user = `localStorage.getItem(${quoted(SESSION_KEYS.user)})`;

/** Every page: the right navigation (signed in or out) shows without a flash. */
export const SESSION_FLAG = `try { if (${token} && ${user}) document.documentElement.dataset.session = 'in'; } catch {}`;

/** Pages that need an account: no stored token -> the login page, coming back here afterwards. */
export const REQUIRE_SESSION = `try { if (!${token}) location.replace(${quoted(`${LOGIN_PATH}?redirect=`)} + encodeURIComponent(location.pathname + location.search)); } catch {}`;

/**
 * The booking step: no stored token -> create an account first (a visitor who picks a slot is
 * most often new; "I have an account" sits beside it), with the chosen slot as the way back.
 */
export const SIGN_IN_FIRST = `try { if (!${token}) location.replace(${quoted(`${REGISTER_PATH}?next=`)} + encodeURIComponent(location.pathname + location.search)); } catch {}`;

/** Dashboard pages: admins see the back-office entries before paint. */
export const ROLE_FLAG = `try { var u = JSON.parse(${user} || 'null'); if (u && u.role) document.documentElement.dataset.role = u.role; } catch {}`;

/**
 * Every page: a photo that fails to load (a dead link) shows the picture its data-fallback names
 * (the facility's sport's) instead of a broken-image icon. One listener on the document, in the
 * capture phase (error events do not bubble), set before any image is parsed: it also catches
 * images the page adds later (Find a court's results). An attribute handler (onerror) would be refused by the CSP.
 */
export const PHOTO_FALLBACK = `document.addEventListener('error', function (e) { var i = e.target; if (i instanceof HTMLImageElement && i.dataset.fallback && i.getAttribute('src') !== i.dataset.fallback) i.src = i.dataset.fallback; }, true);`;

export const INLINE_SCRIPTS = [SESSION_FLAG, REQUIRE_SESSION, SIGN_IN_FIRST, ROLE_FLAG, PHOTO_FALLBACK];
