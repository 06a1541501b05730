/**
 * The public top menu's rules (hidden entries; /Manage entries only inside /Manage) and the
 * back office's path-to-entry look-up.
 */
import { describe, expect, it } from 'vitest';
import { layoutOf, type PageEntry } from '@common/menu';
import { manageEntryChain } from '@/access';
import { activeMenuPath, publicMenuEntries } from '@/layouts/PublicLayout/menu';

const titles = (entries: PageEntry[]) => entries.map((e) => e.title);

describe('public top menu', () => {
  it('shows PUBLIC_PAGES in order without the hidden notice and detail pages', () => {
    expect(titles(publicMenuEntries('/'))).toEqual([
      '首页',
      '协会简介',
      '协会工作',
      '协会新闻',
      '行业动态',
      '会员之窗',
      '信用公示',
      '专家库',
      '下载专区',
      '联系我们',
    ]);
  });

  it('the phone’s 栏目 drawer lists 通知公告 and 投诉举报 too, and no other hidden page', () => {
    expect(titles(publicMenuEntries('/', undefined, { phone: true }))).toEqual([
      '首页',
      '协会简介',
      '协会工作',
      '通知公告',
      '协会新闻',
      '行业动态',
      '会员之窗',
      '信用公示',
      '专家库',
      '下载专区',
      '联系我们',
      '投诉举报',
    ]);
  });

  it('says what 专家库 holds, where its name alone does not', () => {
    const experts = publicMenuEntries('/').find((e) => e.title === '专家库');
    expect(experts?.description).toMatch(/专家/);
    expect(experts?.description).toMatch(/专业领域/);
  });

  it('hides children of hideChildrenInMenu, and /Manage entries outside /Manage', () => {
    const entries: PageEntry[] = [
      {
        path: '/news',
        title: '新闻',
        children: [{ path: '/news/list', title: '列表' }],
      },
      {
        path: '/detail',
        title: '详情',
        hideChildrenInMenu: true,
        children: [{ path: '/detail/1', title: '一篇' }],
      },
      { path: '/Manage/staging', title: '工作台' },
    ];
    const outside = publicMenuEntries('/', entries);
    expect(titles(outside)).toEqual(['新闻', '详情']);
    expect(titles(outside[0].children ? [...outside[0].children] : [])).toEqual(['列表']);
    expect(outside[1].children).toBeUndefined();
    expect(titles(publicMenuEntries('/Manage/staging', entries))).toEqual(['新闻', '详情', '工作台']);
  });

  it('highlights the entry the path lies under; / only on itself', () => {
    const entries = publicMenuEntries('/');
    expect(activeMenuPath('/', entries)).toBe('/');
    expect(activeMenuPath('/FrontPage/aboutUs', entries)).toBe('/FrontPage/aboutUs');
    expect(activeMenuPath('/FrontPage/comprehensive-information/association-news/12', entries)).toBe(
      '/FrontPage/comprehensive-information/association-news',
    );
    expect(activeMenuPath('/FrontPage/detail/3', entries)).toBeUndefined();
  });
});

describe('layoutOf', () => {
  it('chooses the frame by path', () => {
    expect(layoutOf('/login')).toBe('none');
    expect(layoutOf('/register')).toBe('none');
    expect(layoutOf('/register-guide')).toBe('none');
    expect(layoutOf('/certificate-view')).toBe('none');
    expect(layoutOf('/')).toBe('public');
    expect(layoutOf('/FrontPage/Contact')).toBe('public');
    expect(layoutOf('/no/such/page')).toBe('public');
    expect(layoutOf('/Manage')).toBe('manage');
    expect(layoutOf('/Manage/staging')).toBe('manage');
  });
});

describe('manageEntryChain', () => {
  it('finds the root and the page a back-office path belongs to', () => {
    expect(manageEntryChain('/Manage')?.map((e) => e.path)).toEqual(['/Manage']);
    expect(manageEntryChain('/Manage/notice')?.map((e) => e.path)).toEqual(['/Manage', '/Manage/notice']);
    expect(manageEntryChain('/Manage/notice/edit/3')?.map((e) => e.path)).toEqual([
      '/Manage',
      '/Manage/notice',
    ]);
  });

  it('answers undefined for unknown paths', () => {
    expect(manageEntryChain('/Manage/unknown')).toBeUndefined();
    expect(manageEntryChain('/FrontPage/aboutUs')).toBeUndefined();
  });
});
