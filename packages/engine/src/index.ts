// Pure domain logic (no I/O): each domain lives in its own folder and is re-exported here.
export * from './hours/index.ts';
export * from './matchmaking/index.ts';
export * from './penalty/index.ts';
export * from './rating/index.ts';
export * from './settlement/index.ts';
