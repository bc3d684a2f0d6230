export * from './admin.ts';
export * from './audit.ts';
export * from './catalogue.ts';
export * from './ingest-log.ts';
export * from './settlement.ts';
