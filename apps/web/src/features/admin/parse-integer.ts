/** A whole number typed in a field ("1500", " 3 ", "-1", full-width digits); NaN for anything else ("", "1.5"). */
export function parseInteger(text: string): number {
  const trimmed = text.normalize('NFKC').trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
