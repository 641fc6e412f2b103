// The thresholds of the automatic flags that open moderation cases (issue 34). Chosen with `npm run bench:trust`
// (packages/engine/bench/trust.ts) at the real first day's report patterns (docs/trust-data.md); docs/trust.md
// gives the figures. One definition: the server, the simulation and the benchmark read these.

export interface TrustConfig {
  /** The Wilson interval's z (95 %). */
  wilsonZ: number;
  /** A reporter is judged on the share of their reports dissenting alone once they have this many reports. */
  loneMinReports: number;
  /** …and flagged when the interval's lower bound exceeds this share (honest players: about 2 %). */
  loneMaxRate: number;
  /** An early (consensus) result counts as contradicted when at least this many later reports dissent (and they
   * outnumber the later reports that agree). */
  contradictionMinLater: number;
  /** A pair of opponents who both decided this many contradicted results early is flagged. */
  collusionMinMatches: number;
  /** A match settled at the deadline opens a case when this many reporters dissented (or no majority held). */
  heldMinDissenters: number;
  /** A player penalised automatically in this many matches within the window opens a case. */
  violationsMinMatches: number;
  violationsWindowSeconds: number;
}

export const DEFAULT_TRUST_CONFIG: Readonly<TrustConfig> = Object.freeze({
  wilsonZ: 1.96,
  loneMinReports: 8,
  loneMaxRate: 0.15,
  contradictionMinLater: 2,
  collusionMinMatches: 2,
  heldMinDissenters: 2,
  violationsMinMatches: 3,
  violationsWindowSeconds: 30 * 86_400,
});

export function resolveTrustConfig(config: Partial<TrustConfig> = {}): TrustConfig {
  return { ...DEFAULT_TRUST_CONFIG, ...config };
}
