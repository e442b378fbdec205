/**
 * A store's name without the merchant's brand that every one of its stores starts with
 * ("Cà Phê Sông Hàn - Chi nhánh 12 Lê Lợi" → "Chi nhánh 12 Lê Lợi"): the report lists show the part that
 * tells stores apart, the full name in the cell's title. Only a whole brand followed by a separator is
 * taken off (a dash, colon, bar, dot or comma after it: "Phở Việt Nam" keeps its name under the brand "Phở Việt"); a name that is the brand alone stays.
 */
const SEPARATOR = /^\s*[-–—:|·,/][\s\-–—:|·,/]*/;

export function shortStoreName(name: string, brand: string | null | undefined): string {
  const full = name.normalize('NFC');
  const prefix = (brand ?? '').normalize('NFC').trim();
  if (!prefix || full.length <= prefix.length) return name;
  if (full.slice(0, prefix.length).toLocaleLowerCase('vi') !== prefix.toLocaleLowerCase('vi')) return name;
  const rest = full.slice(prefix.length);
  if (!SEPARATOR.test(rest)) return name;
  const short = rest.replace(SEPARATOR, '').trim();
  return short || name;
}
