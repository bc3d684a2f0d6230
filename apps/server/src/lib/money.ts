/** Major units (≤ 2 decimals, already validated) → bigint minor units, without float drift. */
export const toMinor = (major: number): bigint => BigInt(Math.round(major * 100));
/** Minor units → major units for the API (exact for any amount below 2^53 satang). */
export const toMajor = (minor: bigint): number => Number(minor) / 100;
