// The session the back office shares with the public site (same origin, same storage keys).
export { clearSession, getToken, getUser, saveSession, tokenExpired } from '@courtside/browser';
