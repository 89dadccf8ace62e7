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
