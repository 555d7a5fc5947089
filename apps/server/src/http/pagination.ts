import type { FastifyRequest } from 'fastify';

export interface PageQuery {
  page: number;
  page_size: number;
}

export function pageWindow(q: PageQuery) {
  return { limit: q.page_size, offset: (q.page - 1) * q.page_size };
}

/** `{results,count,next,previous}` with absolute next/previous links (03-decisions §2). */
export function paginate<T>(request: FastifyRequest, publicUrl: string, q: PageQuery, results: T[], count: number) {
  const link = (page: number) => {
    const url = new URL(request.url, publicUrl);
    url.searchParams.set('page', String(page));
    url.searchParams.set('page_size', String(q.page_size));
    return `${publicUrl}${url.pathname}${url.search}`;
  };
  const last = Math.max(1, Math.ceil(count / q.page_size));
  return {
    results,
    count,
    next: q.page < last ? link(q.page + 1) : null,
    previous: q.page > 1 ? link(Math.min(q.page - 1, last)) : null,
  };
}
