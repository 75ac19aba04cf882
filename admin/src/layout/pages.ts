// react-admin's pages for rare moments (not found, an error, a failed session check), loaded only then.
export { AuthCallback, AuthenticationError, Error as ErrorPage, NotFound } from 'react-admin';
