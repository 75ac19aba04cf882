// Object.entries itself, in place of the object.entries polyfill that node-polyglot (react-admin's
// translations) requires: every browser the console supports has it, and the polyfill brings
// about 5 KB gzipped of es-shims helpers (get-intrinsic, call-bind, ...) into the sign-in page.
module.exports = Object.entries;
