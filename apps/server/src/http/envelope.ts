/** The success envelope of api-conventions.md. Routes return `ok(value)`. */
export function ok<T>(value: T): { success: true; value: T } {
  return { success: true, value };
}
