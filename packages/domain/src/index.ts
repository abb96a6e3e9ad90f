export * from './session';
export * from './settings';
export * from './auth-rules';
export * from './money';
export * from './datetime';
export * from './color';
export * from './errors';
export * from './ledger';
