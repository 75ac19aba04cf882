import { clearSession, createApiClient, loginUrlFor } from '@courtside/browser';

export { ApiError, failureCode, isAbort, type Envelope } from '@courtside/browser';

/**
 * The site's API client (JSON, the stored token, every failure an ApiError with the server's
 * code). A session the server no longer accepts signs out cleanly and sends the browser to the
 * login page, coming back here afterwards.
 */
export const api = createApiClient({
  onSessionEnded: () => {
    clearSession();
    window.location.assign(loginUrlFor(window.location.pathname + window.location.search));
  },
});
