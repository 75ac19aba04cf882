/** The users list filtered by a search text (its `q` filter: name, email or phone). */
export const usersListPath = (text: string) => `/users?filter=${encodeURIComponent(JSON.stringify({ q: text }))}`;
