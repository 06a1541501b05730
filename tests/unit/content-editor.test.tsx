/**
 * The rich-text editor's contract without wangEditor (the test DOM cannot run it): stored HTML keeps
 * plain /api/v1/file/view/<id> addresses while staff see signed ones, the form rules for
 * empty text and images still uploading, the lazy loading of the editor and its CSS, and
 * ArticleContent staying light enough for public pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ArticleContent from '@/components/ArticleContent';
import {
  hasPendingImages,
  hasRichContent,
  imagesUploadedRule,
  richTextRequired,
  signFileUrls,
  unsignFileUrls,
} from '@/components/RichTextEditor';
import { isAllowedImageSrc, isInlineImageSrc } from '@/components/RichTextEditor/images';
import { setToken } from '@/storage';
import { storedFile, superAdmin } from '../../mock';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const OTHER = '11111111-2222-4333-8444-555555555555';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validatorOf = (rule: unknown): Validator => (rule as { validator: Validator }).validator;

describe('image addresses', () => {
  it('signs this site’s images for display and leaves others alone', async () => {
    setToken(superAdmin.token);
    const html = `<p><img src="/api/v1/file/view/${storedFile.fileId}" alt=""><img src="/api/v1/file/view/${OTHER}"><img src="https://example.org/a.png"></p>`;
    const signed = await signFileUrls(html);
    // The mock signs what it stores (storedFile) and leaves out unknown ids, as the server does.
    expect(signed).toContain(`src="/api/v1/file/view/${storedFile.fileId}?exp=1&amp;sig=mock"`);
    expect(signed).toContain(`src="/api/v1/file/view/${OTHER}"`);
    expect(signed).toContain('src="https://example.org/a.png"');
    // And back: what is stored never carries a signature.
    expect(unsignFileUrls(signed)).toBe(html);
  });

  it('strips signatures however they are written', () => {
    const id = storedFile.fileId;
    expect(unsignFileUrls(`<img src="/api/v1/file/view/${id}?exp=123&sig=abc_-">`)).toBe(`<img src="/api/v1/file/view/${id}">`);
    expect(unsignFileUrls(`<img src='/api/v1/file/view/${id}?exp=1&amp;sig=x'>`)).toBe(`<img src='/api/v1/file/view/${id}'>`);
  });

  it('knows inline images and allowed sources', () => {
    expect(isInlineImageSrc('data:image/png;base64,AAAA')).toBe(true);
    expect(isInlineImageSrc('blob:http://localhost/123')).toBe(true);
    expect(isInlineImageSrc('/api/v1/file/view/x')).toBe(false);
    expect(isAllowedImageSrc('https://example.org/a.png')).toBe(true);
    expect(isAllowedImageSrc('/api/v1/file/view/x')).toBe(true);
    expect(isAllowedImageSrc('//evil.example/a.png')).toBe(false);
    expect(isAllowedImageSrc('javascript:alert(1)')).toBe(false);
  });
});

describe('form rules of rich text', () => {
  it('an editor with nothing in it is empty; an image alone is content', async () => {
    expect(hasRichContent('<p><br></p>')).toBe(false);
    expect(hasRichContent('<p>&nbsp; </p>')).toBe(false);
    expect(hasRichContent('<p><img src="/api/v1/file/view/x"></p>')).toBe(true);
    await expect(validatorOf(richTextRequired('正文'))({}, '<p><br></p>')).rejects.toThrow('请输入正文');
    await expect(validatorOf(richTextRequired('正文'))({}, '<p>正文</p>')).resolves.toBeUndefined();
  });

  it('saving waits for pasted images still being uploaded', async () => {
    const uploading = '<p><img src="data:image/png;base64,AAAA"></p>';
    expect(hasPendingImages(uploading)).toBe(true);
    expect(hasPendingImages('<p><img src="/api/v1/file/view/x"></p>')).toBe(false);
    await expect(validatorOf(imagesUploadedRule)({}, uploading)).rejects.toThrow('正文中的图片正在上传，请稍候再保存');
  });
});

describe('loading', () => {
  it('the editor and its CSS load lazily, from the editor module only', () => {
    const index = read('src/components/RichTextEditor/index.tsx');
    expect(index).toMatch(/lazy\(\(\) => import\([^)]*'\.\/Editor'\)\)/);
    expect(index).not.toMatch(/^import .*(wangeditor|\.\/Editor)/m);
    const editor = read('src/components/RichTextEditor/Editor.tsx');
    expect(editor).toMatch(/^import '@wangeditor\/editor\/dist\/css\/style\.css';$/m);
    expect(read('src/components/RichTextEditor/images.ts')).not.toMatch(/wangeditor/);
  });

  it('pro-components stays in the back office: only src/pages/Manage and src/components/ListPage import it', () => {
    const offenders: string[] = [];
    const visit = (dir: string) => {
      for (const name of fs.readdirSync(path.join(root, dir))) {
        const rel = path.join(dir, name);
        if (fs.statSync(path.join(root, rel)).isDirectory()) visit(rel);
        else if (/\.tsx?$/.test(name) && /@ant-design\/pro-components/.test(read(rel))) offenders.push(rel);
      }
    };
    for (const dir of ['src/components/ArticleContent', 'src/components/RichTextEditor', 'src/services']) visit(dir);
    expect(offenders).toEqual([]);
    expect(read('src/components/ArticleContent/index.tsx')).not.toMatch(/from 'antd'/);
  });
});

describe('ArticleContent', () => {
  it('renders the server’s sanitised HTML in the reading typography', () => {
    const { container } = render(<ArticleContent html="<h2>一、背景</h2><p>正文<strong>加粗</strong></p>" />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.classList.contains('article-content')).toBe(true);
    expect(root.querySelector('h2')?.textContent).toBe('一、背景');
    expect(root.querySelector('strong')?.textContent).toBe('加粗');
  });
});
