/** The plain page the stand-ins (site-placeholder.ts, back-office.ts) answer with until their app is built. */
export const standInPage = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Courtside</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:64px auto;padding:0 16px;color:#1b2430}a{color:#1d6f42}</style>
</head><body>${body}</body></html>`;
