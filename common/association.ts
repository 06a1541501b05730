/**
 * The association's name: the one home of a fact shown by the browser tab, both layouts, the
 * login page, the seeded site pages and the demo data.
 */
export const ASSOCIATION_NAME = '市社会稳定风险评估行业协会';
