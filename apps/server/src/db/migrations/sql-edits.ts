/**
 * An earlier migration's SQL with a few exact edits, for a migration that changes a function a
 * little: each `from` must occur exactly once in the text, so an edit can never land in the wrong
 * place or silently do nothing. The earlier migration's text itself stays as it ran.
 */
export function withEdits(
  label: string,
  text: string,
  edits: readonly (readonly [from: string, to: string])[],
): string {
  return edits.reduce((out, [from, to]) => {
    if (out.split(from).length !== 2) throw new Error(`${label}: expected ${JSON.stringify(from)} exactly once`);
    return out.replace(from, to);
  }, text);
}
