// The back office's grids (CONSOLE-PLAN): pageNo (1-based), pageSize, sort, order in;
// { list, total, pageNo, pageSize } out. Shared by the content and games areas.

export type GridQuery = { pageNo: number; pageSize: number; sort: string; order: 'asc' | 'desc' };

/** The query's page as a limit and offset. */
export function pageWindow(query: { pageNo: number; pageSize: number }) {
  return { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize };
}

/** A grid answer, each row through its presenter. */
export function presentGrid<R, T>(
  page: { rows: readonly R[]; total: number },
  query: { pageNo: number; pageSize: number },
  present: (row: R) => T,
) {
  return { list: page.rows.map(present), total: page.total, pageNo: query.pageNo, pageSize: query.pageSize };
}
