/** Where the server under test listens and the admin it creates on boot (see playwright.config.ts). */
export const PORT = Number(process.env.E2E_PORT ?? 4317);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The suite's SMTP server (support/mailbox.ts), which the server under test sends its mail to. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1);
export const ADMIN_EMAIL = 'admin@courtside.test';
export const ADMIN_PASSWORD = 'E2e-Admin-Pass-7q2!Xv9m';
/**
 * How long before its start a booking's code opens the door on the server under test: longer than
 * the default 15, so the next quarter-hour slot a spec can still book and pay (under 17 minutes
 * away) already opens it, and no spec waits on the wall clock for its window.
 */
export const ACCESS_OPENS_MINUTES = 30;
