export * from './session.ts';
export * from './api-client.ts';
export * from './format.ts';
