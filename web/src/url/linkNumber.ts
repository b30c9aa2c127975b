// The one form of a number in a link: JSON's, which is what the page writes (60, 0.5, -2,
// 1e-3). Hex, binary and octal (0x10, 0b11, 0o7), a sign + , a bare point (5., .5), spaces and
// Infinity are not numbers in a link: JavaScript's Number() reads all of them, so a link written
// by hand could say 16 as 0x10 and get no word about it (issue 28).
export const LINK_NUMBER_RE = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** True when `s` is a number as a link writes it. */
export function isLinkNumber(s: string): boolean {
  return LINK_NUMBER_RE.test(s);
}

/** What a notice says a number in a link should look like. */
export const LINK_NUMBER_FORM = 'write numbers as 60, 0.5, -2 or 1e-3';
