/**
 * Detail pages: an article (meta, content, attachments, previous/next, breadcrumb), a notice,
 * a member unit; anything not public shows "内容不存在或已下线" with ways on and no toast; the
 * 朗读 button reads with speechSynthesis in zh-CN and becomes 停止.
 */
import { App } from 'antd';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DetailByIdPage from '@/pages/FrontPage/detail/$id';
import DetailPage from '@/pages/FrontPage/detail';
import MemberUnitDetailPage from '@/pages/FrontPage/member-unit/$id';
import ContactPage from '@/pages/FrontPage/Contact';
import { answerNetworkError, OFFLINE_ARTICLE_ID, publicCalls, publicSitePageHandler, server } from '../../mock';
import { noticesShown } from './toasts';

function renderAt(url: string, path: string, page: ReactElement) {
  return render(
    <App>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={page} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}


afterEach(() => {
  vi.unstubAllGlobals();
});

describe('article and notice', () => {
  it('shows the article with its details, attachments, neighbours and the way back', async () => {
    renderAt('/FrontPage/detail/news-1', '/FrontPage/detail/:id', <DetailByIdPage />);
    const h1 = await screen.findByRole('heading', { level: 1, name: '全市社会稳定风险评估工作会议召开' });
    const article = h1.closest('article')!;
    expect(article).toHaveTextContent('来源：市社会稳定风险评估行业协会');
    expect(article).toHaveTextContent('作者：协会秘书处');
    expect(article).toHaveTextContent('发布日期：2026-11-19');
    expect(article).toHaveTextContent('浏览：107 次');
    // The sanitised HTML is rendered (a table included).
    expect(article.querySelector('table')).not.toBeNull();
    // Attachments: preview for a PDF, download with the original name.
    const files = within(article).getByRole('list', { name: '附件' });
    expect(within(files).getByText('预览').closest('a')!.getAttribute('href')).toBe('/api/v1/file/view/file-news-1');
    expect(within(files).getByText('下载').closest('a')!.getAttribute('download')).toBe('会议材料.pdf');
    // Neighbours in the news list: news-2 is older (next), nothing newer.
    const neighbours = screen.getByRole('navigation', { name: '上一篇和下一篇' });
    expect(neighbours).toHaveTextContent('上一篇：没有了');
    expect(within(neighbours).getByText('稳评行业高质量发展论坛在我市举行').getAttribute('href')).toBe('/FrontPage/detail/news-2');
    // Breadcrumb back to the list.
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(crumbs).getByText('协会新闻').getAttribute('href')).toBe('/FrontPage/comprehensive-information/association-news');
    expect(publicCalls).toContain('/public/articles/news-1');
  });

  it('an article that is not public: "内容不存在或已下线", ways on, and no toast', async () => {
    renderAt(`/FrontPage/detail/${OFFLINE_ARTICLE_ID}`, '/FrontPage/detail/:id', <DetailByIdPage />);
    expect(await screen.findByRole('heading', { level: 1, name: '内容不存在或已下线' })).toBeInTheDocument();
    expect(screen.getByText('返回首页').getAttribute('href')).toBe('/');
    expect(screen.getByText('站内搜索').getAttribute('href')).toBe('/FrontPage/search');
    await new Promise((r) => setTimeout(r, 50));
    expect(noticesShown()).toEqual([]);
    expect(document.title).toContain('内容不存在或已下线');
  });

  it('a missing notice links back to the notices', async () => {
    renderAt('/FrontPage/detail/nope?type=notice', '/FrontPage/detail/:id', <DetailByIdPage />);
    expect(await screen.findByText('内容不存在或已下线')).toBeInTheDocument();
    expect(screen.getByText('查看通知公告').getAttribute('href')).toBe('/FrontPage/notice');
    expect(publicCalls).toContain('/public/notices/nope');
    expect(noticesShown()).toEqual([]);
  });

  it('a network failure is not called "gone": it offers to try again', async () => {
    server.use(answerNetworkError('get', '/public/articles/news-1'));
    renderAt('/FrontPage/detail/news-1', '/FrontPage/detail/:id', <DetailByIdPage />);
    expect(await screen.findByText('内容加载失败，请检查网络后重试。')).toBeInTheDocument();
    expect(screen.queryByText('内容不存在或已下线')).toBeNull();
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeInTheDocument();
  });

  it('a notice shows its date and attachments, with neighbours as notice links', async () => {
    renderAt('/FrontPage/detail/notice-1?type=notice', '/FrontPage/detail/:id', <DetailByIdPage />);
    await screen.findByRole('heading', { level: 1, name: '关于2026年度会员单位年检的通知' });
    expect(within(screen.getByRole('list', { name: '附件' })).getAllByText('年检材料清单.pdf').length).toBeGreaterThan(0);
    const neighbours = screen.getByRole('navigation', { name: '上一篇和下一篇' });
    // Pinned notice-3 comes first in the list, so it is notice-1's previous.
    expect(within(neighbours).getByText('关于调整协会办公时间的公告').getAttribute('href')).toBe('/FrontPage/detail/notice-3?type=notice');
  });
});

describe('朗读', () => {
  function stubSpeech() {
    const spoken: SpeechSynthesisUtterance[] = [];
    const synth = {
      speak: vi.fn((u: SpeechSynthesisUtterance) => spoken.push(u)),
      cancel: vi.fn(),
      getVoices: () => [{ lang: 'zh-CN', name: '中文' }],
    };
    class Utterance {
      text: string;
      lang = '';
      voice: unknown = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    vi.stubGlobal('speechSynthesis', synth);
    vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
    return { synth, spoken };
  }

  it('reads the title and text in zh-CN, becomes 停止, and stops', async () => {
    const { synth, spoken } = stubSpeech();
    renderAt('/FrontPage/detail/news-2', '/FrontPage/detail/:id', <DetailByIdPage />);
    await screen.findByRole('heading', { level: 1, name: '稳评行业高质量发展论坛在我市举行' });
    fireEvent.click(screen.getByRole('button', { name: /朗读/ }));
    expect(synth.speak).toHaveBeenCalled();
    expect(spoken.every((u) => u.lang === 'zh-CN')).toBe(true);
    const text = spoken.map((u) => u.text).join('');
    expect(text).toContain('稳评行业高质量发展论坛在我市举行');
    expect(text).toContain('各会员单位要严格执行评估规范');
    const stop = screen.getByRole('button', { name: '停止朗读' });
    expect(stop).toHaveTextContent('停止');
    fireEvent.click(stop);
    expect(synth.cancel).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '朗读全文' })).toHaveTextContent('朗读');
  });

  it('goes back to 朗读 when the reading ends by itself', async () => {
    const { spoken } = stubSpeech();
    renderAt('/FrontPage/detail/news-2', '/FrontPage/detail/:id', <DetailByIdPage />);
    await screen.findByRole('heading', { level: 1, name: '稳评行业高质量发展论坛在我市举行' });
    fireEvent.click(screen.getByRole('button', { name: /朗读/ }));
    expect(screen.getByRole('button', { name: '停止朗读' })).toBeInTheDocument();
    act(() => spoken[spoken.length - 1].onend?.(new Event('end') as SpeechSynthesisEvent));
    expect(screen.getByRole('button', { name: '朗读全文' })).toBeInTheDocument();
  });

  it('without speech support there is no button', async () => {
    vi.stubGlobal('speechSynthesis', undefined);
    renderAt('/FrontPage/detail/news-2', '/FrontPage/detail/:id', <DetailByIdPage />);
    await screen.findByRole('heading', { level: 1, name: '稳评行业高质量发展论坛在我市举行' });
    expect(screen.queryByRole('button', { name: /朗读/ })).toBeNull();
  });
});

describe('site pages and member units', () => {
  it('the footer’s privacy page', async () => {
    server.use(publicSitePageHandler);
    renderAt('/FrontPage/detail?page=privacy', '/FrontPage/detail', <DetailPage />);
    expect(screen.getByRole('heading', { level: 1, name: '隐私保护' })).toBeInTheDocument();
    expect(await screen.findByText('我们重视您的个人信息保护。')).toBeInTheDocument();
    expect(publicCalls).toContain('/public/site-pages/privacy');
  });

  it('an unknown ?page= is not found, without a request', async () => {
    renderAt('/FrontPage/detail?page=secret', '/FrontPage/detail', <DetailPage />);
    expect(screen.getByRole('heading', { level: 1, name: '内容不存在或已下线' })).toBeInTheDocument();
    expect(publicCalls).toEqual([]);
  });

  it('contact: address, postcode, a tel: link, fax, a mailto: link, office hours, then the body', async () => {
    server.use(publicSitePageHandler);
    renderAt('/FrontPage/Contact', '/FrontPage/Contact', <ContactPage />);
    const phone = await screen.findByText('(0571) 8888 6666');
    expect(phone.getAttribute('href')).toBe('tel:057188886666');
    expect(screen.getByText('office@wenping.example.org').getAttribute('href')).toBe('mailto:office@wenping.example.org');
    const terms = [...document.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms).toEqual(['通讯地址', '邮政编码', '联系电话', '传真', '电子邮箱', '办公时间']);
    expect(screen.getByText(/周一至周五/)).toBeInTheDocument();
    expect(screen.getByText('来访请提前电话预约。')).toBeInTheDocument();
    // The way to 投诉举报, under the details.
    expect(screen.getByRole('link', { name: '投诉举报' })).toHaveAttribute('href', '/FrontPage/complaint');
  });

  it('a member unit with its introduction, validity and public cases; a hidden one says so', async () => {
    const { unmount } = renderAt('/FrontPage/member-unit/unit-1', '/FrontPage/member-unit/:id', <MemberUnitDetailPage />);
    await screen.findByRole('heading', { level: 1, name: '华信社会风险评估咨询有限公司' });
    expect(screen.getByAltText('华信社会风险评估咨询有限公司标志')).toBeInTheDocument();
    expect(screen.getByText('会员有效期至').nextElementSibling).toHaveTextContent('2027-12-31');
    expect(screen.getByRole('heading', { level: 3, name: '城市轨道交通三号线社会稳定风险评估' })).toBeInTheDocument();
    unmount();

    renderAt('/FrontPage/member-unit/unit-x', '/FrontPage/member-unit/:id', <MemberUnitDetailPage />);
    expect(await screen.findByRole('heading', { level: 1, name: '会员单位不存在或未公开' })).toBeInTheDocument();
    expect(screen.getByText('查看会员之窗').getAttribute('href')).toBe('/FrontPage/member-unit');
    expect(noticesShown()).toEqual([]);
  });
});
