// Pure domain logic (no I/O): each domain lives in its own folder and is re-exported here.
export * from './achievements/index.ts';
export * from './alerts/index.ts';
export * from './hours/index.ts';
export * from './matchmaking/index.ts';
export * from './penalty/index.ts';
export * from './queue/index.ts';
export * from './rating/index.ts';
export * from './season/index.ts';
export * from './settlement/index.ts';
export * from './simulation/index.ts';
export * from './stats/index.ts';
export * from './trust/index.ts';
