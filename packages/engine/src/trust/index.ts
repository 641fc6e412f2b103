// Results and conduct a community can trust (issue 34): the reporter record and the flags of the moderation queue.
export { DEFAULT_TRUST_CONFIG, resolveTrustConfig, type TrustConfig } from './config.ts';
export {
  type ClosedMatch,
  contradictionOf,
  isHeldByDisagreement,
  isLoneDissenter,
  opposingPairs,
  type Verdict,
  verdictsOf,
  wilsonInterval,
} from './verdicts.ts';
