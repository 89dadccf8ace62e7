// The lobby link of the game and error pages comes from the launch URL, which anyone can write
// (trial tokens are free, and the error page has no session at all): an absolute URL there would
// make the studio an open redirect. Only a path on this same site is a lobby: one leading slash,
// no backslash (browsers read '/\host' as '//host'), no control character or space (browsers drop
// tabs and newlines, so '/\t/host' becomes '//host'), checked on the value and on it decoded once.

function hasUnsafeChar(path: string): boolean {
  for (const c of path) {
    const code = c.charCodeAt(0);
    if (c === '\\' || code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

function isSafePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !hasUnsafeChar(path);
}

/** The lobby path if it is a same-site path, else null (no lobby link is shown). */
export function safeLobbyPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 500) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return isSafePath(raw) && isSafePath(decoded) ? raw : null;
}
