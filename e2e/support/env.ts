/** Where the server under test listens and the admin it creates on boot (see playwright.config.ts). */
export const PORT = Number(process.env.E2E_PORT ?? 4317);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const ADMIN_EMAIL = 'admin@courtside.test';
export const ADMIN_PASSWORD = 'E2e-Admin-Pass-7q2!Xv9m';
