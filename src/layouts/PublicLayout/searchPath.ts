/** Where the header's search box goes (common/menu.ts 站内搜索) and the longest query the server takes. */
export const SEARCH_PATH = '/FrontPage/search';
/** SearchQuery.q: maxLength 50 (common/schemas/public.ts). */
export const SEARCH_QUERY_MAX = 50;
