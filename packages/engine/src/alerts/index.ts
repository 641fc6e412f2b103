// The queue alert: whom to tell that players near their rating are queued (pure; the server's job and the simulation).
export {
  MATCHING_DAY_END_MINUTE,
  matchingDayOf,
  type NearAlertCandidate,
  type NearAlertHours,
  type NearAlertInput,
  nearAlertTargets,
  withinAlertHours,
} from './near.ts';
