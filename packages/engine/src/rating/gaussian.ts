// The standard normal distribution and the truncated-Gaussian corrections of TrueSkill (Herbrich, Minka and Graepel,
// "TrueSkill: A Bayesian Skill Rating System", NIPS 2006, §3 and its table of v and w), used by the MMR update.

/** Density of the standard normal distribution. */
export function normalPdf(x: number): number {
  return Math.exp(-(x * x) / 2) / Math.sqrt(2 * Math.PI);
}

/** Chebyshev coefficients of erfc (Numerical Recipes' erfcc), lowest order first. */
const ERFC_COEFFICIENTS = [
  -1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806, 0.27886807, -1.13520398, 1.48851587, -0.82215223,
  0.17087277,
];

/**
 * Complementary error function: fractional error below 1.2e-7 everywhere, tails included, which the ratio pdf/cdf
 * below needs (a plain 1 − erf loses every digit there).
 */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + z / 2);
  let poly = 0;
  for (let i = ERFC_COEFFICIENTS.length - 1; i >= 0; i--) poly = (ERFC_COEFFICIENTS[i] as number) + t * poly;
  const r = t * Math.exp(-z * z + poly);
  return x >= 0 ? r : 2 - r;
}

/** Cumulative distribution of the standard normal distribution. */
export function normalCdf(x: number): number {
  return erfc(-x / Math.SQRT2) / 2;
}

/**
 * v(t) = pdf(t) / cdf(t): how far the mean of a performance difference known to be > 0 (a win) moves, in units of
 * its standard deviation, when it was expected at t. Far in the lower tail (a huge upset) the ratio tends to −t.
 */
export function winMeanShift(t: number): number {
  const cdf = normalCdf(t);
  return cdf < 2.222758749e-162 ? -t : normalPdf(t) / cdf;
}

/** w(t) = v(t)(v(t) + t), in (0, 1): the share of the difference's variance a win at t explains. */
export function winVarianceShrink(t: number): number {
  const cdf = normalCdf(t);
  if (cdf < 2.222758749e-162) return t < 0 ? 1 : 0;
  const v = normalPdf(t) / cdf;
  return v * (v + t);
}
