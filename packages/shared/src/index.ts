export * from './constants';
export * from './contact';
export * from './errors';
export * from './loan';
export * from './messages';
export * from './money';
export * from './routes';
export * from './site';
