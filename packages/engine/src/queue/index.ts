// Who may queue (pure).
export { type QueueCandidate, type QueueContext, type QueueIneligibility, queueIneligibility } from './eligibility.ts';
