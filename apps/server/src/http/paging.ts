/**
 * The paging numbers of api-conventions ("Paging"): 1-based pageNo and pageSize in;
 * pageNum, pageSize, totalPages and totalElements out, beside the list.
 */
export function pageCounts(total: number, page: { pageNo: number; pageSize: number }) {
  return {
    pageNum: page.pageNo,
    pageSize: page.pageSize,
    totalPages: Math.ceil(total / page.pageSize),
    totalElements: total,
  };
}

/** A paged list in the `content` field, each row through its presenter. */
export function presentPage<R, T>(
  page: { rows: readonly R[]; total: number },
  query: { pageNo: number; pageSize: number },
  present: (row: R) => T,
) {
  return { content: page.rows.map((row) => present(row)), ...pageCounts(page.total, query) };
}

// The back office's grids (CONSOLE-PLAN): pageNo (1-based), pageSize, sort, order in;
// { list, total, pageNo, pageSize } out (the console's data grid reads this shape and the one above).

/** How many rows come before the query's page. */
export function pageOffset(query: { pageNo: number; pageSize: number }): number {
  return (query.pageNo - 1) * query.pageSize;
}

/** The query's page as a limit and offset. */
export function pageWindow(query: { pageNo: number; pageSize: number }) {
  return { limit: query.pageSize, offset: pageOffset(query) };
}

/** A grid answer, each row through its presenter. */
export function presentGrid<R, T>(
  page: { rows: readonly R[]; total: number },
  query: { pageNo: number; pageSize: number },
  present: (row: R) => T,
) {
  return {
    list: page.rows.map((row) => present(row)),
    total: page.total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
