/** Empty optional inputs come back as null or ''; the API takes them as "not given". */
export function withoutEmpty(values: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field];
    if (value !== undefined && value !== null) body[field] = value;
  }
  return body;
}
